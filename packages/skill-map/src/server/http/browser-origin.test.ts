// Point 2 of the hardening issue: a `file://` page opened in a real Chromium sends `Origin: null` with
// `Sec-Fetch-Site: cross-site` (and, on a WebSocket handshake, `Origin: null` and no fetch metadata). It must not
// read `/api/*`, trigger a rescan, reach `/mcp` or take a `/ws` slot; the page `sm serve` itself serves must keep
// working. Drives the Debian chromium binary through playwright-core (never downloads a browser); without a
// chromium binary (CHROMIUM_PATH, else the usual Debian paths) the suite is skipped and `npm test` says so in one line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatuses } from '../testing/browser-statuses.js';
import { chromiumPath } from '../testing/chromium.js';
import { startProjectServer } from '../testing/project-server.js';
import type { ProjectServer } from '../testing/project-server.js';

const executablePath = chromiumPath;
const describeBrowser = executablePath === undefined ? describe.skip : describe;

describeBrowser('browser: requests from a file:// page (Origin: null)', () => {
  let s: ProjectServer;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    s = await startProjectServer({ mcp: true });
    browser = await chromium.launch({ executablePath: executablePath as string });
    dir = mkdtempSync(join(tmpdir(), 'sm-file-page-'));
  });
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('cannot read /api, trigger a rescan, reach /mcp or open /ws', async () => {
    const base = s.running.url;
    const page = await browser.newPage();
    const status = await recordStatuses(page, base);
    const file = join(dir, 'attack.html');
    writeFileSync(
      file,
      `<!doctype html><script>
window.done = (async () => {
  const r = {};
  const go = (p, init) => fetch('${base}' + p, init).then(() => 'answered', (e) => String(e));
  r.health = await go('/api/health', { mode: 'no-cors' });
  r.scan = await go('/api/scan', { method: 'POST', mode: 'no-cors' });
  r.mcp = await go('/mcp', { method: 'POST', mode: 'no-cors', body: '{}' });
  r.ws = await new Promise((done) => {
    const ws = new WebSocket('${base.replace('http', 'ws')}/ws');
    ws.onopen = () => { done('open'); ws.close(); };
    ws.onerror = () => done('refused');
  });
  return r;
})();
</script>`,
    );
    await page.goto(pathToFileURL(file).href);
    const result = await page.evaluate(() => (globalThis as unknown as { done: Promise<unknown> }).done);
    expect(result).toMatchObject({ ws: 'refused' });
    expect({
      health: await status('Fetch GET /api/health'),
      scan: await status('Fetch POST /api/scan'),
      mcp: await status('Fetch POST /mcp'),
    }).toEqual({ health: 403, scan: 403, mcp: 403 });
    await page.close();
  });

  it('the page sm serve serves itself reads /api, rescans and opens /ws', async () => {
    const base = s.running.url;
    const page = await browser.newPage();
    const nav = await page.goto(`${base}/`); // Sec-Fetch-Site: none, a top-level navigation
    expect(nav?.status()).toBe(200);
    const result = await page.evaluate(
      async (wsUrl) => {
        const health = await fetch('/api/health').then((r) => r.status);
        // Same-origin POST: Origin is `null` here (the page's Referrer-Policy is no-referrer), Sec-Fetch-Site same-origin.
        const scan = await fetch('/api/scan', { method: 'POST' }).then((r) => r.status);
        const ws = await new Promise((done) => {
          const socket = new WebSocket(wsUrl);
          socket.onopen = () => {
            done('open');
            socket.close();
          };
          socket.onerror = () => done('refused');
        });
        return { health, scan, ws };
      },
      `${base.replace('http', 'ws')}/ws`,
    );
    expect(result).toEqual({ health: 200, scan: 200, ws: 'open' });
    await page.close();
  });
});
