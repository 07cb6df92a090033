// The web page live: a spawned `sm serve` (watcher on) on a temp project, Debian's Chromium on the page. Edits on
// disk reach the page without a reload; a killed server is shown as lost, and a server restarted on the same port
// is reconnected to, with the change made while it was down. Runs against the BUILT bin and page.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeServed, projectRoot, writeFiles } from './support/project-root.js';
import { describeBrowser, launchBrowser, openRecordedPage } from './support/browser.js';
import type { RecordedPage } from './support/browser.js';
import { spawnServe } from './support/sm-process.js';
import type { ServeProcess } from './support/sm-process.js';

/** Polls wait long enough for a loaded machine (the suites share 2 cores with other work). */
const POLL = { timeout: 15_000 };

const ALPHA = '.claude/skills/alpha/SKILL.md';
const BETA = '.claude/skills/beta/SKILL.md';
const PROJECT: Record<string, string> = {
  '.skill-map/settings.json': JSON.stringify({ scan: { watch: { debounceMs: 100 } } }),
  [ALPHA]: '---\nname: alpha\ndescription: First.\n---\nSee [beta](../beta/SKILL.md).\n',
  [BETA]: '---\nname: beta\ndescription: Second.\n---\nBody.\n',
};

/** The node count the status bar shows (the map projection the page holds). */
const nodesShown = (page: Page): Promise<string | null> =>
  page.locator('footer[aria-label="Status"] .counts').getAttribute('data-nodes');

describeBrowser('browser: the page live over /ws (edits on disk, a killed and restarted server)', () => {
  let root: string;
  let server: ServeProcess | null = null;
  let browser: Browser;
  let rec: RecordedPage;
  let page: Page;
  let loads = 0;

  beforeAll(async () => {
    root = projectRoot('sm-ui-live-', PROJECT);
    server = await spawnServe(root);
    browser = await launchBrowser();
    rec = await openRecordedPage(browser);
    page = rec.page;
    page.on('load', () => loads++); // a document load (hash routes change no document)
    await page.goto(`${server.baseUrl}/`);
    await page.locator('footer[aria-label="Status"][data-connection="open"]').waitFor();
    await page.locator('footer[aria-label="Status"] .counts[data-nodes="2"]').waitFor(POLL);
    await page.evaluate(() => ((window as unknown as { __liveMarker: number }).__liveMarker = 42));
  }, 60_000);

  afterAll(async () => {
    await closeServed(browser, server, root);
  });

  const sameDocument = async (): Promise<void> => {
    expect(loads).toBe(1); // the first load only: every update came without a reload
    expect(await page.evaluate(() => (window as unknown as { __liveMarker?: number }).__liveMarker)).toBe(42);
  };

  it('shows a new file and a new link written on disk, without a reload', async () => {
    // Every text the status bar's scan slot shows, so the short-lived "Scanning…" is seen too.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __scanTexts: string[] }).__scanTexts = seen;
      const slot = document.querySelector('footer[aria-label="Status"] .scan');
      if (slot === null) return;
      new MutationObserver(() => seen.push(slot.textContent ?? '')).observe(slot, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    const start = Date.now();
    writeFiles(root, {
      '.claude/skills/gamma/SKILL.md': '---\nname: gamma\ndescription: Third.\n---\nBody.\n',
    });
    appendFileSync(join(root, ALPHA), 'Then [gamma](../gamma/SKILL.md).\n');
    await expect.poll(() => nodesShown(page), POLL).toBe('3');
    // The map draws it too (its data-nodes counts what is on the canvas).
    await expect.poll(() => page.locator('[data-testid="map"]').getAttribute('data-nodes'), POLL).toBe('3');
    const links = await page.locator('footer[aria-label="Status"] .counts').getAttribute('data-links');
    expect(Number(links)).toBeGreaterThanOrEqual(2);
    console.log(`ui-live: a new file shown ${Date.now() - start} ms after the write`);
    const texts = await page.evaluate(() => (window as unknown as { __scanTexts: string[] }).__scanTexts);
    expect(texts.some((t) => t.startsWith('Scanning…'))).toBe(true);
    const status = page.locator('footer[aria-label="Status"]');
    await expect.poll(() => status.locator('.watcher').textContent(), POLL).toBe('watching files');
    expect(await status.locator('.mcp').textContent()).toBe('MCP off');
    expect(await status.locator('.scan').textContent()).toMatch(/^Last scan (just now|\d+ s ago) \(\d/);
    await sameDocument();
  });

  it('updates the issues view when an edit on disk breaks a link', async () => {
    await page.keyboard.press('g');
    await page.keyboard.press('i'); // `g i`: the issues view
    const view = page.locator('section[aria-label="Issues"]');
    await view.waitFor();
    await expect.poll(() => view.getByText('missing-guide.md').count(), POLL).toBe(0);
    appendFileSync(join(root, BETA), 'Read [the guide](../../../docs/missing-guide.md).\n');
    await expect.poll(() => view.getByText('missing-guide.md').count(), POLL).toBeGreaterThan(0);
    await sameDocument();
  });

  it('says the connection is lost when the server is killed, and reconnects to it restarted on the same port', async () => {
    const port = new URL(server!.baseUrl).port;
    await server!.kill();
    server = null;
    const status = page.locator('footer[aria-label="Status"]');
    await expect.poll(() => status.getAttribute('data-connection'), POLL).toBe('lost');
    await expect
      .poll(() => status.getByRole('status').filter({ hasText: 'Connection lost' }).count(), POLL)
      .toBe(1);

    // Changed while no server ran: the restarted server's boot scan picks it up, the page re-seeds on reconnect.
    writeFiles(root, {
      '.claude/skills/delta/SKILL.md': '---\nname: delta\ndescription: Fourth.\n---\nBody.\n',
    });
    server = await spawnServe(root, ['--port', port]);
    expect(new URL(server.baseUrl).port).toBe(port);
    await expect.poll(() => status.getAttribute('data-connection'), POLL).toBe('open');
    await expect.poll(() => status.getByRole('status').filter({ hasText: 'Live' }).count(), POLL).toBe(1);
    await expect.poll(() => nodesShown(page), POLL).toBe('4');
    await expect.poll(() => page.locator('[data-testid="map"]').getAttribute('data-nodes'), POLL).toBe('4');
    await sameDocument();
    expect(rec.outside(server.baseUrl)).toEqual([]);
    // The console reports the refused /ws handshakes and fetches while the server was down; nothing else.
    expect(rec.errors.filter((e) => !/ERR_CONNECTION_REFUSED|WebSocket connection/.test(e))).toEqual([]);
  }, 60_000);
});
