import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { runServe } from '../run-serve.js';
import type { RunningServer } from '../run-serve.js';
import type { ServeOptions } from '../serve-options.js';
import { createMemoryMapReader } from '../read/memory-map-reader.js';
import { sampleScan } from '../testing/fixtures.js';
import { createMemoryLogger } from '../testing/test-server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const ACCEPT = 'application/json, text/event-stream';

async function serve(options: ServeOptions = {}): Promise<RunningServer> {
  const scan = sampleScan();
  return runServe(
    {
      port: 0,
      mcp: true,
      open: false,
      handleSignals: false,
      bannerStream: null,
      serveInfo: false,
      watcher: false,
      ...options,
    },
    {
      scopeRoot: '/tmp/sm-socket-test',
      dbPath: '/tmp/sm-socket-test/x.db',
      reader: createMemoryMapReader(() => scan, { scopeRoot: '/tmp' }),
      config: { merged: {} },
      logger: createMemoryLogger(),
    },
  );
}

/** One raw HTTP exchange (node:http lets tests send any Host header). */
function raw(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: init.method ?? 'GET',
        headers: init.headers ?? {},
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}): ReturnType<typeof raw> =>
  raw(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('the loopback gate on real sockets', () => {
  let s: RunningServer;
  beforeAll(async () => {
    s = await serve();
  });
  afterAll(() => s.close());

  it.each(['/api/health', '/mcp', '/'])(
    'refuses a foreign Host on %s with 403 host-not-allowed',
    async (path) => {
      const r = await raw(`${s.url}${path}`, {
        method: path === '/mcp' ? 'POST' : 'GET',
        headers: { host: 'attacker.example:80', 'content-type': 'application/json', accept: ACCEPT },
        body: path === '/mcp' ? JSON.stringify(INIT) : undefined,
      });
      expect(r.status).toBe(403);
      expect(JSON.parse(r.body)).toEqual({
        ok: false,
        error: { code: 'host-not-allowed', message: expect.any(String), details: null },
      });
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('refuses a foreign Origin and another local port on /mcp, and accepts the own origin', async () => {
    const bad = await post(`${s.url}/mcp`, INIT, { origin: 'https://evil.example' });
    expect(bad.status).toBe(403);
    expect(JSON.parse(bad.body).error.code).toBe('origin-not-allowed');
    const local = await post(`${s.url}/mcp`, INIT, { origin: 'http://localhost:9999', host: 'localhost:1' });
    expect(local.status).toBe(403);
    const ok = await post(`${s.url}/mcp`, INIT, { origin: s.url });
    expect(ok.status).toBe(200);
  });

  it('refuses the WebSocket upgrade from a foreign Origin or Host', async () => {
    const ws = new WebSocket(`${s.url.replace('http', 'ws')}/ws`, { origin: 'https://evil.example' });
    const status = await new Promise<number>((resolve) =>
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(403);
    const ws2 = new WebSocket(`${s.url.replace('http', 'ws')}/ws`, { headers: { host: 'evil.example' } });
    expect(
      await new Promise<number>((resolve) =>
        ws2.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
      ),
    ).toBe(403);
  });
});

describe('the /mcp endpoint edge cases', () => {
  let s: RunningServer;
  let sid = '';
  beforeAll(async () => {
    s = await serve({ mcpOptions: { maxBodyBytes: 64 * 1024, sweepIntervalMs: 0 } });
    const init = await post(`${s.url}/mcp`, INIT);
    expect(init.status).toBe(200);
    expect(init.headers['content-type']).toBe('application/json');
    sid = String(init.headers['mcp-session-id']);
    await post(
      `${s.url}/mcp`,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { 'mcp-session-id': sid },
    );
  });
  afterAll(() => s.close());
  const call = (id: number): unknown => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'get_node', arguments: { path: 'README.md' } },
  });

  it('answers malformed JSON with 400 -32700, oversized bodies with 413, bad shapes with 400 -32600', async () => {
    const bad = await post(`${s.url}/mcp`, '{"jsonrpc":', { 'mcp-session-id': sid });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.code).toBe(-32700);
    const big = await post(
      `${s.url}/mcp`,
      JSON.stringify({ ...(call(2) as Json), pad: 'x'.repeat(70 * 1024) }),
      { 'mcp-session-id': sid },
    );
    expect(big.status).toBe(413);
    const shape = await post(`${s.url}/mcp`, { hello: 'world' }, { 'mcp-session-id': sid });
    expect(shape.status).toBe(400);
  });

  it('enforces the session routing rules (404 unknown, 400 missing, 406, 415, 409, DELETE)', async () => {
    expect((await post(`${s.url}/mcp`, call(3), { 'mcp-session-id': 'not-a-session' })).status).toBe(404);
    expect(JSON.parse((await post(`${s.url}/mcp`, call(3), { 'mcp-session-id': 'x' })).body).error.code).toBe(
      -32001,
    );
    expect((await post(`${s.url}/mcp`, call(3))).status).toBe(400);
    expect(
      (await post(`${s.url}/mcp`, call(3), { 'mcp-session-id': sid, accept: 'application/json' })).status,
    ).toBe(406);
    expect(
      (
        await raw(`${s.url}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain', accept: ACCEPT, 'mcp-session-id': sid },
          body: '{}',
        })
      ).status,
    ).toBe(415);
    expect(
      (await post(`${s.url}/mcp`, call(3), { 'mcp-session-id': sid, 'mcp-protocol-version': '1999-01-01' }))
        .status,
    ).toBe(400);
    expect((await raw(`${s.url}/mcp`, { method: 'PUT' })).status).toBe(405);
    expect((await raw(`${s.url}/mcp`, { headers: { accept: 'text/event-stream' } })).status).toBe(400);

    const stream = await new Promise<{ status: number; close: () => void }>((resolve) => {
      const u = new URL(`${s.url}/mcp`);
      const req = request(
        {
          host: u.hostname,
          port: u.port,
          path: '/mcp',
          headers: { accept: 'text/event-stream', 'mcp-session-id': sid },
        },
        (res) => resolve({ status: res.statusCode ?? 0, close: () => req.destroy() }),
      );
      req.end();
    });
    expect(stream.status).toBe(200);
    expect(
      (await raw(`${s.url}/mcp`, { headers: { accept: 'text/event-stream', 'mcp-session-id': sid } })).status,
    ).toBe(409);
    stream.close();

    const ok = await post(`${s.url}/mcp`, call(4), { 'mcp-session-id': sid });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).result.structuredContent.item.path).toBe('README.md');

    const other = await post(`${s.url}/mcp`, INIT);
    const otherSid = String(other.headers['mcp-session-id']);
    expect(
      (await raw(`${s.url}/mcp`, { method: 'DELETE', headers: { 'mcp-session-id': otherSid } })).status,
    ).toBe(200);
    expect((await post(`${s.url}/mcp`, call(5), { 'mcp-session-id': otherSid })).status).toBe(404);
    expect((await post(`${s.url}/mcp`, call(6), { 'mcp-session-id': sid })).status).toBe(200);
  });

  it('answers a JSON-RPC batch with an array', async () => {
    const r = await post(`${s.url}/mcp`, [call(10), { jsonrpc: '2.0', id: 11, method: 'tools/list' }], {
      'mcp-session-id': sid,
    });
    const body = JSON.parse(r.body) as Json[];
    expect(body.map((m) => m['id'])).toEqual([10, 11]);
  });
});

describe('sessions: cap, eviction and liveness end to end', () => {
  let s: RunningServer;
  afterEach(() => s.close());

  it('evicts the OLDEST session at the cap', async () => {
    s = await serve({ mcpOptions: { maxSessions: 2, sweepIntervalMs: 0 } });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(String((await post(`${s.url}/mcp`, INIT)).headers['mcp-session-id']));
    const ping = (sid: string): Promise<number> =>
      post(`${s.url}/mcp`, { jsonrpc: '2.0', id: 9, method: 'ping' }, { 'mcp-session-id': sid }).then(
        (r) => r.status,
      );
    expect(await ping(ids[0] ?? '')).toBe(404);
    expect(await ping(ids[1] ?? '')).toBe(200);
    expect(await ping(ids[2] ?? '')).toBe(200);
  });

  it('stops counting a client that closed without DELETE, then reaps it after the grace window', async () => {
    s = await serve({ mcpOptions: { pingDeadlineMs: 300, graceMs: 400, sweepIntervalMs: 0 } });
    const client = new Client({ name: 'leaver', version: '1' });
    const transport = new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`));
    await client.connect(transport);
    const sid = transport.sessionId ?? '';
    const status = async (): Promise<Json> => (await (await fetch(`${s.url}/api/mcp/status`)).json()) as Json;
    await expect.poll(async () => (await status())['clients'], { timeout: 5_000 }).toBe(1);
    await client.close(); // the SDK client aborts its streams but sends no DELETE
    const sessions = s.server.mcp?.sessions;
    expect(sessions?.size()).toBe(1);
    await expect.poll(async () => (await status())['clients'], { timeout: 5_000 }).toBe(0);
    expect(sessions?.size()).toBe(1); // unreachable, but not for a whole grace window yet
    await new Promise((r) => setTimeout(r, 500));
    await status();
    expect(sessions?.size()).toBe(0);
    const after = await post(
      `${s.url}/mcp`,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { 'mcp-session-id': sid },
    );
    expect(after.status).toBe(404);
  });
});

describe('the /ws broadcaster on real sockets', () => {
  let s: RunningServer;
  afterEach(() => s.close());
  const open = (url: string): Promise<WebSocket> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
  const closed = (ws: WebSocket): Promise<number> =>
    new Promise((resolve) => ws.once('close', (code) => resolve(code)));

  it('pushes events as JSON frames and closes newcomers over the cap with 1013', async () => {
    s = await serve({ broadcasterOptions: { maxClients: 2 } });
    const a = await open(s.url);
    const b = await open(s.url);
    const frames: Json[] = [];
    a.on('message', (d: Buffer) => frames.push(JSON.parse(d.toString('utf8')) as Json));
    const c = await open(s.url);
    expect(await closed(c)).toBe(1013);
    s.server.broadcaster.publish('scan.completed', { nodes: 1, links: 0, issues: 0, durationMs: 1 });
    await expect.poll(() => frames.length).toBe(1);
    expect(frames[0]).toMatchObject({
      type: 'scan.completed',
      timestamp: expect.any(Number),
      data: { nodes: 1 },
    });
    const shutdownA = closed(a);
    const shutdownB = closed(b);
    await s.close();
    expect(await shutdownA).toBe(1001);
    expect(await shutdownB).toBe(1001);
  });

  it('terminates a peer that stops answering pings', async () => {
    s = await serve({ broadcasterOptions: { heartbeatMs: 100 } });
    const ws = await open(s.url);
    expect(s.server.broadcaster.clientCount()).toBe(1);
    (ws as unknown as { _socket: { pause(): void } })._socket.pause(); // no pongs from now on
    await expect.poll(() => s.server.broadcaster.clientCount(), { timeout: 3_000 }).toBe(0);
    ws.terminate();
  });

  it('drops a client that stops reading once 4 MiB-style backpressure builds (1009)', async () => {
    s = await serve({ broadcasterOptions: { maxBufferedBytes: 256 * 1024 } });
    const ws = await open(s.url);
    (ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const blob = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 400 && s.server.broadcaster.clientCount() > 0; i++) {
      s.server.broadcaster.publish('scan.progress', { blob });
      await new Promise((r) => setImmediate(r));
    }
    expect(s.server.broadcaster.clientCount()).toBe(0);
    ws.terminate();
  });
});
