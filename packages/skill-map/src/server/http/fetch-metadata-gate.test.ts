// Point 2 of the hardening issue, the non-browser side: curl-like requests (node:http, so every header is
// ours) on every route. A client with no Origin and no fetch metadata (curl, MCP SDK clients) keeps working, and
// so does `Origin: null` alone; the same request marked by a browser as cross-site is 403 everywhere.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startProjectServer } from '../testing/project-server.js';
import type { ProjectServer } from '../testing/project-server.js';

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
});

interface Route {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  okStatus: number;
}
const ROUTES: Route[] = [
  { name: 'GET /', method: 'GET', path: '/', okStatus: 200 },
  { name: 'GET /api/health', method: 'GET', path: '/api/health', okStatus: 200 },
  { name: 'POST /api/scan', method: 'POST', path: '/api/scan', okStatus: 200 },
  {
    name: 'POST /mcp',
    method: 'POST',
    path: '/mcp',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: INIT,
    okStatus: 200,
  },
];

let s: ProjectServer;
beforeAll(async () => {
  s = await startProjectServer({ mcp: true });
});
afterAll(() => s.stop());

function send(route: Route, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(s.running.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: route.path,
        method: route.method,
        headers: { ...route.headers, ...headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(route.body);
  });
}

/** The status of a `/ws` handshake: 101 when it opened. */
function wsStatus(headers: Record<string, string>): Promise<number> {
  const ws = new WebSocket(`${s.running.url.replace('http', 'ws')}/ws`, { headers });
  return new Promise((resolve, reject) => {
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', reject);
  });
}

const CROSS_SITE = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };

describe('browser fetch metadata on the loopback gate (real socket)', () => {
  it.each(ROUTES)('$name: no Origin and no fetch metadata (curl, SDK clients) is served', async (route) => {
    expect((await send(route, {})).status).toBe(route.okStatus);
  });

  it.each(ROUTES)(
    '$name: Origin null without fetch metadata (non-browser MCP clients) is served',
    async (route) => {
      expect((await send(route, { origin: 'null' })).status).toBe(route.okStatus);
    },
  );

  it.each(ROUTES)(
    '$name: Node fetch marks (Sec-Fetch-Mode: cors, no Sec-Fetch-Site) are not a browser',
    async (route) => {
      expect((await send(route, { 'sec-fetch-mode': 'cors' })).status).toBe(route.okStatus);
    },
  );

  it.each(ROUTES)(
    '$name: Origin null with Sec-Fetch-Site cross-site is 403 origin-not-allowed',
    async (route) => {
      const r = await send(route, { origin: 'null', ...CROSS_SITE });
      expect(r.status).toBe(403);
      expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'origin-not-allowed' } });
    },
  );

  it.each(ROUTES)('$name: a cross-site browser request without Origin is 403', async (route) => {
    expect((await send(route, { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' })).status).toBe(
      403,
    );
  });

  it.each(ROUTES)('$name: a foreign Origin is 403', async (route) => {
    expect((await send(route, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await send(route, { origin: 'https://evil.example', ...CROSS_SITE })).status).toBe(403);
  });

  it.each(ROUTES)('$name: a same-origin browser request is served, even with Origin null', async (route) => {
    const same = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' };
    expect((await send(route, same)).status).toBe(route.okStatus);
    expect((await send(route, { origin: 'null', ...same })).status).toBe(route.okStatus);
  });

  it('a typed URL (Sec-Fetch-Site: none, top-level navigation) opens / but a none-site fetch of /api is 403', async () => {
    const nav = { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    expect((await send(ROUTES[0] as Route, nav)).status).toBe(200);
    expect((await send(ROUTES[1] as Route, nav)).status).toBe(200);
    const none = { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };
    expect((await send(ROUTES[1] as Route, none)).status).toBe(403);
    // A navigation that posts (a form from a file:// page) or lands in a frame is not a top-level read.
    expect(
      (await send(ROUTES[2] as Route, { origin: 'null', ...nav, 'sec-fetch-site': 'cross-site' })).status,
    ).toBe(403);
    expect(
      (await send(ROUTES[0] as Route, { ...nav, 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'iframe' }))
        .status,
    ).toBe(403);
  });

  it('/ws: no Origin opens; Origin null (a file:// page: browsers send no fetch metadata on a handshake) is 403', async () => {
    expect(await wsStatus({})).toBe(101);
    expect(await wsStatus({ origin: s.running.url })).toBe(101);
    expect(await wsStatus({ origin: 'null' })).toBe(403);
    expect(await wsStatus({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'websocket' })).toBe(403);
    expect(await wsStatus({ origin: 'https://evil.example' })).toBe(403);
  });
});
