// The web page's quality bar, in Debian's Chromium against a spawned `sm serve`: no request leaves the serving
// origin while the map, a node panel, the issues view and the jobs view are used; axe-core finds no serious or
// critical violation on those views in the light and the dark scheme; screenshots of each view are written as
// test artifacts. Runs against the BUILT bin and page.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { axeSerious, type AxeViolation } from './support/axe.js';
import { describeBrowser, launchBrowser, openRecordedPage, screenshot } from './support/browser.js';
import { runSm } from './support/sm-bin.js';
import { spawnServe } from './support/sm-process.js';
import type { ServeProcess } from './support/sm-process.js';

/** Polls wait long enough for a loaded machine (the suites share 2 cores with other work). */
const POLL = { timeout: 15_000 };

const LINT = '.claude/skills/lint/SKILL.md';
const DEPLOY = '.claude/commands/deploy.md';
const PROJECT: Record<string, string> = {
  [LINT]:
    '---\nname: lint\ndescription: Lints the code base.\n---\n# Lint\nRun the linter. See [the guide](../../../docs/guide.md).\n',
  [DEPLOY]: '---\ndescription: Deploys.\n---\nDeploy it. Read [missing](../../docs/missing.md) first.\n',
  '.claude/skills/notes/SKILL.md':
    '---\nname: notes\n---\nNotes. [Gone](../../../gone.md), [lint](../lint/SKILL.md).\n',
  'docs/guide.md': '# Guide\nThe guide.\n',
  'README.md': '# Project\nStart with [the guide](docs/guide.md).\n',
};

/** The node panel (its placeholder, before the panel is merged, is labelled "Node"). */
const PANEL = 'aside[aria-label="Node panel"], aside[aria-label="Node"]';
const b64 = (path: string): string => Buffer.from(path, 'utf8').toString('base64url');

/** Waits for the page to hold the map; for the drawn map too once the map view reports `data-ready`. */
async function mapLoaded(page: Page): Promise<void> {
  await page.locator('footer[aria-label="Status"] .counts[data-nodes]').waitFor({ timeout: 15_000 });
  const map = page.locator('[data-testid="map"]');
  if ((await map.count()) > 0 && (await map.getAttribute('data-ready')) !== null)
    await page
      .locator('[data-testid="map"][data-ready="true"]')
      .waitFor({ state: 'attached', timeout: 15_000 }); // attached: under another view it is invisible
}

async function showIssues(page: Page): Promise<void> {
  await page.evaluate(() => (location.hash = '#/issues'));
  await page.locator('section[aria-label="Issues"] .issue-row').first().waitFor();
}

/** Opens a node's panel from the issues view (its node link). */
async function openPanelFromIssues(page: Page): Promise<void> {
  await page.locator('select[aria-label="Group by"]').selectOption('analyzer');
  await page.locator('section[aria-label="Issues"] .issue-node a').first().click();
  await page.locator(PANEL).waitFor();
}

describeBrowser('browser: the page stays on its origin and passes axe-core (light and dark)', () => {
  let root: string;
  let server: ServeProcess;
  let browser: Browser;
  let agent: Client;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sm-ui-quality-'));
    for (const [rel, text] of Object.entries(PROJECT)) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    }
    expect(runSm(['agent', 'install', '--json'], { cwd: root }).code).toBe(0);
    server = await spawnServe(root, ['--mcp']);
    for (const [node, extension] of [
      [LINT, 'ai-security-analyzer'],
      [DEPLOY, 'ai-vagueness-analyzer'],
    ] as const) {
      const res = await fetch(`${server.baseUrl}/api/nodes/${b64(node)}/jobs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ extension }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    // An agent on /mcp, answering the liveness sweep before the page first asks.
    agent = new Client({ name: 'ui-quality-agent', version: '1.0.0' });
    await agent.connect(new StreamableHTTPClientTransport(new URL(server.mcpUrl)));
    for (let i = 0; i < 100; i++) {
      const s = (await (await fetch(`${server.baseUrl}/api/mcp/status`)).json()) as { clients: number };
      if (s.clients === 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await agent?.close();
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends no request outside the serving origin across the map, a node panel, the issues and jobs views', async () => {
    const rec = await openRecordedPage(browser);
    const { page } = rec;
    await page.goto(`${server.baseUrl}/`);
    await mapLoaded(page);
    const status = page.locator('footer[aria-label="Status"]');
    await expect.poll(() => status.locator('.mcp').textContent(), POLL).toBe('MCP on, 1 agent connected');
    expect(await status.getByRole('status').first().textContent()).toBe('Live');
    await screenshot(page, 'map');

    await showIssues(page);
    const issues = page.locator('section[aria-label="Issues"]');
    await page.locator('select[aria-label="Group by"]').selectOption('node');
    await expect.poll(() => issues.locator('.issue-group').count(), POLL).toBeGreaterThan(1);
    await page.locator('input[aria-label="Filter issues"]').fill('missing.md');
    await expect.poll(() => issues.locator('.issue-row').count(), POLL).toBe(1);
    await page.locator('input[aria-label="Filter issues"]').fill('');
    await screenshot(page, 'issues-view');

    await openPanelFromIssues(page);
    await page.keyboard.press('1'); // the map, centred on the node, its panel beside it
    await expect.poll(() => page.evaluate(() => location.hash), POLL).toMatch(/^#\/\?node=/);
    await page.waitForTimeout(500); // the panel's own fetches and the camera settle
    await screenshot(page, 'node-panel');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => location.hash), POLL).toBe('#/');

    await page.keyboard.press('3'); // the jobs view
    const jobs = page.locator('section[aria-label="Jobs"]');
    const queued = jobs.getByRole('table', { name: 'Queued' });
    await expect.poll(() => queued.locator('tbody tr[data-job]').count(), POLL).toBe(2);
    await expect.poll(() => jobs.getByRole('table', { name: 'Running' }).count(), POLL).toBe(1);
    await screenshot(page, 'jobs-view');

    // One cancel, then cancel-all behind its confirmation: the tables follow the job.* events.
    await queued
      .locator('tbody tr[data-job]')
      .first()
      .getByRole('button', { name: /^Cancel job/ })
      .click();
    await expect.poll(() => queued.locator('tbody tr[data-job]').count(), POLL).toBe(1);
    await jobs.getByRole('button', { name: 'Cancel all' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm.getByRole('button', { name: 'Cancel all jobs' }).click();
    await expect.poll(() => queued.locator('tbody tr[data-job]').count(), POLL).toBe(0);
    const history = jobs.getByRole('table', { name: 'History' });
    await expect.poll(() => history.locator('tbody tr[data-status="cancelled"]').count(), POLL).toBe(2);

    expect(rec.outside(server.baseUrl)).toEqual([]);
    expect(rec.requests.length).toBeGreaterThan(3);
    expect(rec.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('keyboard: views by keys, not while typing; ? lists the shortcuts; Escape closes the dialog, then the panel', async () => {
    const rec = await openRecordedPage(browser);
    const { page } = rec;
    await page.goto(`${server.baseUrl}/`);
    await mapLoaded(page);
    const hash = (): Promise<string> => page.evaluate(() => location.hash);
    await page.keyboard.press('2');
    await page.locator('section[aria-label="Issues"]').waitFor();
    await page.locator('input[aria-label="Filter issues"]').focus();
    await page.keyboard.type('g j 3');
    expect(await hash()).toBe('#/issues'); // typed into the filter, not taken as shortcuts
    expect(await page.locator('input[aria-label="Filter issues"]').inputValue()).toBe('g j 3');
    await page.locator('input[aria-label="Filter issues"]').fill('');
    await page.locator('section[aria-label="Issues"] h2').click();
    await page.keyboard.press('g');
    await page.keyboard.press('j');
    await expect.poll(hash, POLL).toBe('#/jobs');
    await page.keyboard.press('g');
    await page.keyboard.press('m');
    await expect.poll(hash, POLL).toBe('#/');

    await page.evaluate(
      () => (location.hash = `#/?node=${encodeURIComponent('.claude/skills/lint/SKILL.md')}`),
    );
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await help.textContent()).toContain('Search nodes');
    await page.keyboard.press('Escape'); // the dialog first, the panel stays open
    await help.waitFor({ state: 'detached' });
    expect(await hash()).toContain('node=');
    await page.keyboard.press('Escape');
    await expect.poll(hash, POLL).toBe('#/');
    const search = page.locator('input[aria-label="Search nodes"]');
    if ((await search.count()) > 0) {
      await page.keyboard.press('/');
      expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    expect(rec.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it.each(['light', 'dark'] as const)(
    'axe-core reports no serious or critical violation on the map, a node panel and the issues view (%s)',
    async (colorScheme) => {
      const rec = await openRecordedPage(browser, { colorScheme, bypassCSP: true });
      const { page } = rec;
      await page.goto(`${server.baseUrl}/`);
      await mapLoaded(page);
      const found: Record<string, AxeViolation[]> = {};
      found['map'] = await axeSerious(page);
      await showIssues(page);
      found['issues'] = await axeSerious(page);
      await openPanelFromIssues(page);
      await page.waitForTimeout(300);
      found['node panel'] = await axeSerious(page);
      await page.evaluate(() => (location.hash = '#/jobs'));
      await page.locator('section[aria-label="Jobs"] table').first().waitFor();
      found['jobs'] = await axeSerious(page);
      expect(found).toEqual({ map: [], issues: [], 'node panel': [], jobs: [] });
      expect(rec.errors).toEqual([]);
      await page.context().close();
    },
    60_000,
  );

  // Last: it changes the project (a sidecar written, an issue suppressed).
  it('dismisses an issue from the issues view after consent; declining writes nothing', async () => {
    const rec = await openRecordedPage(browser);
    const { page } = rec;
    await page.goto(`${server.baseUrl}/#/issues`);
    await mapLoaded(page);
    const consent = page.getByRole('dialog', { name: 'Consent' });
    const dismiss = async (allow: boolean): Promise<void> => {
      await row.getByRole('button', { name: 'Dismiss' }).click();
      await consent.getByRole('button', { name: allow ? 'Allow once' : 'Cancel' }).click();
      await consent.waitFor({ state: 'detached' });
    };
    const view = page.locator('section[aria-label="Issues"]');
    const row = view.locator('.issue-row', { hasText: 'gone.md' });
    await row.waitFor();
    const before = await view.locator('.issue-row').count();

    await dismiss(false);
    await page.waitForTimeout(500);
    expect(await view.locator('.issue-row').count()).toBe(before);
    expect(existsSync(join(root, '.claude/skills/notes/SKILL.sm'))).toBe(false);

    await dismiss(true);
    await expect.poll(() => view.locator('.issue-row', { hasText: 'gone.md' }).count(), POLL).toBe(0);
    expect(await view.locator('.issue-row').count()).toBe(before - 1);
    expect(existsSync(join(root, '.claude/skills/notes/SKILL.sm'))).toBe(true);
    // The browser logs each 412 confirm-required answer (the consent round trip); nothing else may fail.
    expect(rec.errors.filter((e) => !e.includes('status of 412'))).toEqual([]);
    await page.context().close();
  }, 60_000);
});
