// Issue 28 point 13: the web page changes `mcp.server.enabled` (project-local) through the REST settings route, and
// says a restart is needed, since `/mcp` is fixed when `sm serve` starts. A spawned `sm serve` without `--mcp`, Debian's
// Chromium on the page: the checkbox writes settings.local.json (never the committed settings.json), the running
// server keeps `/mcp` off with the notice shown, and the restarted server serves `/mcp`. Runs against the BUILT bin
// and page.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeServed, projectRoot } from './support/project-root.js';
import { describeBrowser, launchBrowser, openRecordedPage, screenshot } from './support/browser.js';
import type { RecordedPage } from './support/browser.js';
import { spawnServe } from './support/sm-process.js';
import type { ServeProcess } from './support/sm-process.js';

const POLL = { timeout: 15_000 };
const COMMITTED = JSON.stringify({ scan: { watch: { debounceMs: 100 } } });
const PROJECT: Record<string, string> = {
  '.skill-map/settings.json': COMMITTED,
  '.claude/skills/alpha/SKILL.md': '---\nname: alpha\ndescription: First.\n---\nBody.\n',
};

/** `mcp.server.enabled` as the project-local settings file holds it (undefined when absent). */
function localSetting(root: string): unknown {
  const file = join(root, '.skill-map', 'settings.local.json');
  if (!existsSync(file)) return undefined;
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { mcp?: { server?: { enabled?: unknown } } };
  return doc.mcp?.server?.enabled;
}

/** The status of a 2026-07-28 `server/discover` on `/mcp` (404 while the endpoint is not mounted). */
async function discoverStatus(server: ServeProcess): Promise<number> {
  const r = await fetch(server.mcpUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'server/discover',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'ui-test', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  await r.body?.cancel();
  return r.status;
}

describeBrowser('browser: the page switches the MCP server on for the next start', () => {
  let root: string;
  let server: ServeProcess | null = null;
  let browser: Browser;
  let rec: RecordedPage;
  let page: Page;
  /** The WebSocket URL of the server the restart stopped. */
  let stoppedWs = '';

  const bar = (): ReturnType<Page['locator']> => page.locator('footer[aria-label="Status"]');
  const checkbox = (): ReturnType<Page['locator']> => bar().getByLabel('MCP server on start');

  beforeAll(async () => {
    root = projectRoot('sm-ui-mcp-', PROJECT);
    server = await spawnServe(root);
    browser = await launchBrowser();
    rec = await openRecordedPage(browser);
    page = rec.page;
    await page.goto(`${server.baseUrl}/`);
    await bar().locator('.mcp[data-mcp="off"]').waitFor(POLL);
  }, 60_000);

  afterAll(async () => {
    await closeServed(browser, server, root);
  });

  it('off: the checkbox is clear and no restart notice shows', async () => {
    expect(await checkbox().isChecked()).toBe(false);
    expect(await bar().locator('.restart-notice').count()).toBe(0);
    expect(await discoverStatus(server as ServeProcess)).toBe(404);
  });

  it('ticking it writes the project-local setting and says sm serve must restart; /mcp stays off until then', async () => {
    await checkbox().click(); // the box follows the saved setting once the PATCH answers
    await bar().locator('.restart-notice').waitFor(POLL);
    expect(await bar().locator('.restart-notice').textContent()).toContain('Restart sm serve');
    expect(localSetting(root)).toBe(true);
    expect(readFileSync(join(root, '.skill-map', 'settings.json'), 'utf8')).toBe(COMMITTED);
    expect(await bar().locator('.mcp').getAttribute('data-mcp')).toBe('off');
    expect(await discoverStatus(server as ServeProcess)).toBe(404);
    await screenshot(page, 'mcp-setting-restart-notice');
  });

  it('after a restart /mcp is served, the page says MCP on, and the notice is gone', async () => {
    stoppedWs = `${(server as ServeProcess).baseUrl.replace(/^http/, 'ws')}/ws`;
    await (server as ServeProcess).stop();
    server = await spawnServe(root);
    expect(await discoverStatus(server)).toBe(200);
    await page.goto(`${server.baseUrl}/`);
    await bar().locator('.mcp[data-mcp="on"]').waitFor(POLL);
    expect(await checkbox().isChecked()).toBe(true);
    expect(await bar().locator('.restart-notice').count()).toBe(0);
  });

  it('clearing it writes false and asks for a restart again; the page threw nothing', async () => {
    await checkbox().click();
    await bar().locator('.restart-notice').waitFor(POLL);
    expect(await bar().locator('.restart-notice').textContent()).toContain('MCP off then');
    expect(localSetting(root)).toBe(false);
    expect(await discoverStatus(server as ServeProcess)).toBe(200);
    // The old page's reconnect attempts to the stopped server are expected (its console may report one after the
    // navigation began); anything else, the new server's socket included, is an error of the page.
    expect(rec.errors.filter((e) => !e.includes(`'${stoppedWs}'`))).toEqual([]);
  });
});
