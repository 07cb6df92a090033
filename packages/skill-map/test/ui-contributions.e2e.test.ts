// A plugin's inspector panel in Debian's Chromium against a spawned `sm serve` (BUILT bin and page): the example
// Copilot plugin, copied into a temp project and trusted, fills its `prompt-stats` panel for each prompt file; the
// page draws it as a key/value table under its title, a plugin's text stays text (no markup reaches the page), and a
// node the contribution does not apply to has no such panel; a node-badge contribution is a text chip.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTempTree, type TempTree } from '../src/adapters/testing/temp-tree.js';
import { axeSerious } from './support/axe.js';
import { describeBrowser, launchBrowser, openRecordedPage } from './support/browser.js';
import { runSm } from './support/sm-bin.js';
import { spawnServe, type ServeProcess } from './support/sm-process.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/copilot-plugin', import.meta.url));
const HOSTILE = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
const PANEL = 'aside[aria-label="Node panel"] section[data-contribution="copilot/prompt-stats"]';

describeBrowser('browser: a plugin inspector panel', () => {
  let tree: TempTree;
  let serve: ServeProcess;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    tree = createTempTree('sm-ui-contrib-');
    tree.write({
      '.github/copilot-instructions.md': '# Copilot\nSee the [review prompt](prompts/review.prompt.md).\n',
      '.github/prompts/review.prompt.md': `---\ndescription: '${HOSTILE}'\n---\nReview the diff.\n`,
      'README.md': '# Project\n',
    });
    const dir = join(tree.root, '.skill-map', 'plugins', 'copilot');
    cpSync(EXAMPLE, dir, { recursive: true });
    // The copy (never examples/) also declares a node badge, filled by one more analyzer.
    // The deprecated plugin.json way, which keeps working.
    const manifest = JSON.parse(readFileSync(join(dir, 'plugin.json'), 'utf8')) as {
      extensions: string[];
      contributions?: object[];
    };
    manifest.extensions.push('./extensions/badge.mjs', './extensions/slots.mjs');
    manifest.contributions = [{ id: 'prompt-flag', slot: 'node-badge', title: 'Prompt', render: 'text' }];
    writeFileSync(join(dir, 'plugin.json'), JSON.stringify(manifest));
    writeFileSync(
      join(dir, 'extensions', 'badge.mjs'),
      "export default { kind: 'analyzer', id: 'badge', version: '1.0.0', evaluate: ({ nodes }) => ({ issues: [],\n" +
        "  contributions: nodes.filter((n) => n.kind === 'command').map((n) => ({ id: 'prompt-flag', nodeId: n.path, data: '<i>prompt</i>' })) }) };\n",
    );
    // And one analyzer in the view-slot catalog's shape: a `ui` map, payloads emitted with ctx.emitContribution.
    writeFileSync(
      join(dir, 'extensions', 'slots.mjs'),
      "const summary = { slot: 'inspector.body.panel.key-values', label: 'Slot summary' };\n" +
        "const related = { slot: 'inspector.body.panel.link-list', label: 'Related' };\n" +
        "const flag = { slot: 'inspector.header.badge', label: 'flag' };\n" +
        "export default { kind: 'analyzer', id: 'slots', version: '1.0.0', ui: { summary, related, flag },\n" +
        '  evaluate(ctx) { for (const n of ctx.nodes.filter((n) => n.kind === "command")) {\n' +
        `    ctx.emitContribution(n.path, summary, { pairs: [{ key: 'kind', value: n.kind }, { key: 'html', value: '${HOSTILE}' }] });\n` +
        "    ctx.emitContribution(n.path, related, { links: [{ path: '.github/copilot-instructions.md', label: 'instructions' }] });\n" +
        "    ctx.emitContribution(n.path, flag, { label: 'prompt', count: 2, tooltip: 'a prompt file' }); } return []; } };\n",
    );
    const env = { SKILL_MAP_USER_PLUGINS: join(tree.root, 'none') };
    expect(runSm(['plugins', 'trust', 'copilot'], { cwd: tree.root, env }).code).toBe(0);
    expect(runSm(['scan'], { cwd: tree.root, env }).code).toBe(0);
    serve = await spawnServe(tree.root);
    browser = await launchBrowser();
    page = (await openRecordedPage(browser, { bypassCSP: true })).page;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    tree?.remove();
  });

  const open = async (path: string): Promise<void> => {
    await page.goto(`${serve.baseUrl}/#/?${new URLSearchParams({ node: path }).toString()}`);
    await page.locator(`aside[aria-label="Node panel"][data-path="${path}"] [data-state="ready"]`).waitFor();
  };

  it("draws the prompt file's panel as text under its title", async () => {
    await open('.github/prompts/review.prompt.md');
    const panel = page.locator(PANEL);
    await panel.waitFor({ timeout: 15_000 });
    expect(await panel.locator('h3').textContent()).toBe('Prompt stats');
    const rows = await panel
      .locator('tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [tr.querySelector('th')?.textContent, tr.querySelector('td')?.textContent]),
      );
    expect(rows).toEqual([
      ['description', HOSTILE],
      ['body bytes', '17'],
      ['linked from', '1'],
    ]);
    // Its node badge is a text chip above the sections.
    const badge = page.locator('aside[aria-label="Node panel"] li[data-contribution="copilot/prompt-flag"]');
    expect(await badge.textContent()).toBe('<i>prompt</i>');
    expect(await badge.getAttribute('title')).toBe('Prompt (copilot)');
    // The plugin's text is text: no element of it reached the page, no handler ran.
    expect(await panel.locator('img, b').count()).toBe(0);
    expect(await page.locator('aside[aria-label="Node panel"] i').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await axeSerious(page)).toEqual([]);
  }, 60_000);

  it('draws the view-slot contributions by slot: a key-values panel, a link list, a header badge', async () => {
    await open('.github/prompts/review.prompt.md');
    const kv = page.locator(
      'section[data-slot="inspector.body.panel.key-values"][data-contribution="copilot/summary"]',
    );
    await kv.waitFor({ timeout: 15_000 });
    expect(await kv.locator('h3').textContent()).toBe('Slot summary');
    const rows = await kv
      .locator('tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [tr.querySelector('th')?.textContent, tr.querySelector('td')?.textContent]),
      );
    expect(rows).toEqual([
      ['kind', 'command'],
      ['html', HOSTILE],
    ]);
    expect(await kv.locator('img, b').count()).toBe(0);
    const link = page.locator('section[data-contribution="copilot/related"] a');
    expect(await link.textContent()).toBe('instructions');
    expect(await link.getAttribute('data-node')).toBe('.github/copilot-instructions.md');
    const badge = page.locator('li[data-contribution="copilot/flag"]');
    expect(await badge.textContent()).toBe('prompt 2');
    expect(await badge.getAttribute('title')).toBe('a prompt file (copilot)');
    expect(await axeSerious(page)).toEqual([]);
  }, 60_000);

  it('a node the contribution does not apply to has no panel', async () => {
    await open('.github/copilot-instructions.md');
    expect(await page.locator(PANEL).count()).toBe(0);
    expect(await page.locator('aside[aria-label="Node panel"] .panel-badges').count()).toBe(0);
    expect(await page.locator('aside[aria-label="Node panel"] section[data-slot]').count()).toBe(0);
  }, 60_000);
});
