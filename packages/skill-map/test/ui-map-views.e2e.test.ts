/// <reference lib="dom" />
// The map's views in Debian's Chromium against a spawned `sm serve`: markers follow the issues view's severities
// (an info-level broken target draws no ring until info is shown), Back after opening a node leaves no highlight
// and restores the camera, the legend starts folded and remembers, and focus views live in the URL. Every check
// reads what was rendered, through window.__smMap (src/map/debug-hooks.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, launchBrowser, openRecordedPage, type RecordedPage } from './support/browser.js';
import { runSm } from './support/sm-bin.js';
import { spawnServe, type ServeProcess } from './support/sm-process.js';

const SKILL = '.claude/skills/notes/SKILL.md';
const AGENT = '.claude/agents/writer.md';
const PLAN = 'docs/plan.md';
const README = 'README.md';
const GHOST = '\u2298 ';
const PROJECT: Record<string, string> = {
  // An error: an explicit link to a file that is not there, in a skill.
  [SKILL]: '---\nname: notes\ndescription: Writes notes.\n---\nSee [the template](template.md).\n',
  [AGENT]:
    '---\nname: writer\ndescription: Writes.\n---\nUses the `notes` skill. Read [the plan](../../docs/plan.md).\n',
  // Info only: inline-code paths in a plan that name no file (`sm check` lists them only under --severity info).
  [PLAN]: '# Plan\nRead `notes/design.md` and `src/lib/engine.md` first.\n',
  [README]: '# Project\nSee [the plan](docs/plan.md) and [the writer](.claude/agents/writer.md).\n',
};

const POLL = { timeout: 15_000 };

let root: string;
let serve: ServeProcess;
let browser: Browser;
let rec: RecordedPage;
let page: Page;

const ringOf = (key: string) =>
  page.evaluate(
    (k) => (window as unknown as { __smMap: { ringOf(k: string): string | null } }).__smMap.ringOf(k),
    key,
  );

async function openMap(): Promise<void> {
  await page.goto(serve.baseUrl);
  await page.waitForSelector('[data-testid="map"][data-ready="true"]');
}

describeBrowser('browser: map views', () => {
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sm-ui-views-'));
    for (const [rel, text] of Object.entries(PROJECT)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
    runSm(['scan', '-q'], { cwd: root });
    serve = await spawnServe(root);
    browser = await launchBrowser();
    rec = await openRecordedPage(browser);
    page = rec.page;
    await openMap();
  });

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('draws no ring for an info-level broken target by default, one for an error; showing info brings it', async () => {
    const issues = (await (await fetch(`${serve.baseUrl}/api/issues`)).json()) as {
      items: { severity: string; nodeIds: string[] }[];
    };
    const planSeverities = issues.items.filter((i) => i.nodeIds.includes(PLAN)).map((i) => i.severity);
    expect(planSeverities.length).toBeGreaterThanOrEqual(2);
    expect(new Set(planSeverities)).toEqual(new Set(['info']));
    const infoGhost = `${GHOST}docs/notes/design.md`;
    const errorGhost = `${GHOST}.claude/skills/notes/template.md`;
    await expect.poll(() => ringOf(errorGhost), POLL).toBe('error');
    expect(await ringOf(SKILL)).toBe('error');
    expect(await ringOf(infoGhost)).toBe('none');
    expect(await ringOf(`${GHOST}docs/src/lib/engine.md`)).toBe('none');
    expect(await ringOf(PLAN)).toBe('plain');

    // The issues view's severity toggles are the map's: Info on brings the faint rings, off hides them again.
    await page.evaluate(() => (location.hash = '#/issues'));
    const info = page.getByRole('group', { name: 'Severities' }).getByRole('button', { name: /^Info/ });
    expect(await info.getAttribute('aria-pressed')).toBe('false');
    await info.click();
    await page.evaluate(() => (location.hash = '#/'));
    await expect.poll(() => ringOf(infoGhost), POLL).toBe('info');
    expect(await ringOf(errorGhost)).toBe('error');
    await page.evaluate(() => (location.hash = '#/issues'));
    await info.click();
    await page.evaluate(() => (location.hash = '#/'));
    await expect.poll(() => ringOf(infoGhost), POLL).toBe('none');
    expect(rec.errors).toEqual([]);
  });
});
