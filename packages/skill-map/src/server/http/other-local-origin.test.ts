// Issue 23 point 3: a page served on another local port (a dev server, a notebook: `http://localhost:8000`) could
// drive the queue, because any loopback Origin passed the gate whatever its port. In a real Chromium, such a page
// tries a no-cors fetch, `sendBeacon`, a text/plain form post and a WebSocket against `sm serve`: every request
// is refused, the queued job survives and no scan runs; the page `sm serve` serves itself keeps working. Drives
// the Debian chromium binary through playwright-core; without one the suite is skipped and `npm test` says so.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordStatuses } from '../testing/browser-statuses.js';
import { chromiumPath } from '../testing/chromium.js';
import { setProcessingAgent, testCatalog } from '../testing/job-fixtures.js';
import { startProjectServer } from '../testing/project-server.js';
import type { ProjectServer } from '../testing/project-server.js';
import { encodePathB64 } from './request-params.js';

const NODE = '.claude/skills/lint/SKILL.md';
const describeBrowser = chromiumPath === undefined ? describe.skip : describe;

let s: ProjectServer;
let browser: Browser;
let attacker: Server;
let attackerPort: number;
let attackPage = '';

/** A second local web server: whatever it serves is a page of another origin on this machine. */
function serveAttackerPage(): Promise<number> {
  attacker = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(attackPage);
  });
  return new Promise((resolve) =>
    attacker.listen(0, '127.0.0.1', () => resolve((attacker.address() as AddressInfo).port)),
  );
}

/** Every way a page can reach `sm serve` without reading the answer, against `base`. */
function attackHtml(base: string): string {
  const ws = base.replace('http', 'ws');
  return `<!doctype html><body>
<iframe name="sink"></iframe>
<form id="f" method="POST" enctype="text/plain" target="sink" action="${base}/api/jobs/prune">
  <input name="a" value="b">
</form>
<script>
window.done = (async () => {
  const r = {};
  // no-cors: the page cannot read the answer, and needs not to, for the request to act.
  const go = (p, init) => fetch('${base}' + p, { method: 'POST', mode: 'no-cors', ...init }).catch(() => null);
  await go('/api/jobs/cancel-all');
  await go('/api/scan');
  await go('/mcp', { body: '{}' });
  r.beacon = navigator.sendBeacon('${base}/api/jobs/cancel-all', 'x');
  document.getElementById('f').submit();
  r.ws = await new Promise((done) => {
    const ws = new WebSocket('${ws}/ws');
    ws.onopen = () => { done('open'); ws.close(); };
    ws.onerror = () => done('refused');
  });
  return r;
})();
</script></body>`;
}

/** The status of the form post, a navigation of the page's frame (its own process: playwright reports it). */
function formStatus(page: Page): Promise<number> {
  return page
    .waitForResponse((r) => r.url() === `${s.running.url}/api/jobs/prune`, { timeout: 0 })
    .then((r) => r.status());
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; shapes are asserted
type Json = Record<string, any>;

/** One REST call as a non-browser client makes it (no Origin, no fetch metadata). */
async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${s.running.url}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: (text === '' ? {} : JSON.parse(text)) as Json };
}

/** Queues a job on NODE through REST (a non-browser client) and returns its id. */
async function submitJob(): Promise<string> {
  const r = await api('POST', `/api/nodes/${encodePathB64(NODE)}/jobs`, {
    extension: 'test/ai-lint-analyzer',
  });
  expect(r.status).toBe(201);
  return r.json.value.jobId as string;
}

describeBrowser('browser: a page served on another local port cannot drive sm serve', () => {
  beforeAll(async () => {
    s = await startProjectServer({
      extensions: testCatalog(),
      prepare: (root) => setProcessingAgent(root, true),
    });
    attackerPort = await serveAttackerPage();
    browser = await chromium.launch({ executablePath: chromiumPath as string });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => attacker?.close(r));
    await s?.stop();
  });
  beforeEach(async () => {
    await api('POST', '/api/jobs/cancel-all');
    await api('POST', '/api/jobs/prune');
  });

  it.each([
    ['localhost', 'another site'],
    ['127.0.0.1', 'the same site'],
  ])(
    'from http://%s:<other port> (%s): fetch no-cors, sendBeacon, a form post and /ws are refused',
    async (host) => {
      const done = await submitJob();
      expect((await api('POST', `/api/jobs/${done}/cancel`)).status).toBe(204);
      const queued = await submitJob();
      const scanned = (await api('GET', '/api/scan?meta=1')).json;
      attackPage = attackHtml(s.running.url);

      const page = await browser.newPage();
      const status = await recordStatuses(page, s.running.url);
      const form = formStatus(page);
      await page.goto(`http://${host}:${attackerPort}/`);
      const result = await page.evaluate(() => (globalThis as unknown as { done: Promise<object> }).done);
      const statuses = {
        fetchCancelAll: await status('Fetch POST /api/jobs/cancel-all'),
        fetchScan: await status('Fetch POST /api/scan'),
        fetchMcp: await status('Fetch POST /mcp'),
        beaconCancelAll: await status('Ping POST /api/jobs/cancel-all'),
        formPrune: await form,
      };
      await page.close();
      expect({ ...result, ...statuses }).toEqual({
        ...{ beacon: true, ws: 'refused' },
        ...{ fetchCancelAll: 403, fetchScan: 403, fetchMcp: 403, beaconCancelAll: 403, formPrune: 403 },
      });

      // The queued job was not cancelled, the cancelled one not pruned, and no scan ran.
      expect((await api('GET', `/api/jobs/${queued}`)).json.item.status).toBe('queued');
      expect((await api('GET', `/api/jobs/${done}`)).json.item.status).toBe('cancelled');
      expect((await api('GET', '/api/scan?meta=1')).json).toEqual(scanned);
    },
  );

  it('the page sm serve serves itself still reads /api, rescans, cancels and opens /ws', async () => {
    const base = s.running.url;
    const page = await browser.newPage();
    expect((await page.goto(`${base}/`))?.status()).toBe(200);
    const result = await page.evaluate(
      async (wsUrl) => {
        const health = await fetch('/api/health').then((r) => r.status);
        const scan = await fetch('/api/scan', { method: 'POST' }).then((r) => r.status);
        const cancel = await fetch('/api/jobs/cancel-all', { method: 'POST' }).then((r) => r.status);
        // A WebSocket handshake always carries the page's own Origin (http://127.0.0.1:<port>).
        const ws = await new Promise((done) => {
          const socket = new WebSocket(wsUrl);
          socket.onopen = () => {
            done('open');
            socket.close();
          };
          socket.onerror = () => done('refused');
        });
        return { health, scan, cancel, ws };
      },
      `${base.replace('http', 'ws')}/ws`,
    );
    expect(result).toEqual({ health: 200, scan: 200, cancel: 204, ws: 'open' });
    await page.close();
  });
});
