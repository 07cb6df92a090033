import { createServer } from 'node:http';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createActivityStore } from '../../activity/activity-store.js';
import { createMemoryMapReader } from '../../read/memory-map-reader.js';
import { sampleScan } from '../../testing/fixtures.js';
import { createMemoryLogger } from '../../testing/test-server.js';
import { createMcpServer } from '../create-mcp-server.js';
import { defineTool, READ_ONLY } from '../define-tool.js';
import { McpCatalog } from '../mcp-catalog.js';
import { SessionManager } from './session-manager.js';

const logger = createMemoryLogger();
let cancelled = 0;

/** A catalog with two test tools: one that reports progress, one that waits until aborted. */
function catalog(): McpCatalog {
  const scan = sampleScan();
  const c = new McpCatalog({
    reader: createMemoryMapReader(() => scan, { scopeRoot: '/tmp' }),
    activity: createActivityStore(),
    logger,
  });
  c.addTool(
    defineTool({
      name: 'count',
      title: 'count',
      description: 'reports progress',
      inputSchema: z.object({ to: z.number().int() }),
      annotations: READ_ONLY,
      run: async (args, _deps, ctx) => {
        for (let i = 1; i <= args.to; i++) await ctx.progress(i, `step ${i}`);
        return { counted: args.to };
      },
    }),
  );
  c.addTool(
    defineTool({
      name: 'park',
      title: 'park',
      description: 'waits until the request is aborted',
      inputSchema: z.object({}),
      annotations: READ_ONLY,
      run: (_a, _d, ctx) =>
        new Promise((resolve) => {
          ctx.signal.addEventListener('abort', () => {
            cancelled += 1;
            resolve({});
          });
        }),
    }),
  );
  return c;
}

let http: HttpServer | null = null;
let manager: SessionManager | null = null;
afterEach(async () => {
  await manager?.close();
  http?.closeAllConnections();
  await new Promise((r) => http?.close(r) ?? r(undefined));
  http = null;
});

async function start(): Promise<string> {
  const cat = catalog();
  const m = new SessionManager(
    (subscriptions) => createMcpServer(cat, { version: '1', logger, subscriptions }),
    logger,
    { sweepIntervalMs: 0 },
  );
  manager = m;
  http = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('utf8')));
    req.on('end', () => {
      if (req.method === 'POST') m.handlePost(req, res, JSON.parse(body) as unknown);
      else if (req.method === 'GET') m.handleGet(req, res);
      else m.handleDelete(req, res);
    });
  });
  await new Promise<void>((r) => http?.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
}

/** POSTs one JSON-RPC message (or batch) the way a raw HTTP client does, in the given session if any. */
function post(url: string, body: unknown, sid?: string, signal?: AbortSignal): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    ...(signal ? { signal } : {}),
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(sid === undefined ? {} : { 'mcp-session-id': sid }),
    },
    body: JSON.stringify(body),
  });
}

const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'r', version: '1' } },
});

/** Opens a session with a raw initialize and returns its id. */
async function openSession(url: string): Promise<string> {
  const init = await post(url, initialize('2025-06-18'));
  return init.headers.get('mcp-session-id') ?? '';
}

const callTool = (name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('SessionTransport', () => {
  it('upgrades a POST answer to SSE when the handler emits progress before its result', async () => {
    const client = new Client({ name: 't', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(await start())));
    const seen: number[] = [];
    const r = await client.callTool({ name: 'count', arguments: { to: 3 } }, undefined, {
      onprogress: (p) => void seen.push(p.progress),
    });
    expect(seen).toEqual([1, 2, 3]);
    expect(r.structuredContent).toEqual({ counted: 3 });
    await client.close();
  });

  it('sends no progress when the caller gave no progressToken (plain JSON answer)', async () => {
    const url = await start();
    const sid = await openSession(url);
    const r = await post(url, callTool('count', { to: 2 }), sid);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(((await r.json()) as { result: { structuredContent: unknown } }).result.structuredContent).toEqual(
      { counted: 2 },
    );
  });

  it('cancels the running handler when the client hangs up mid-request', async () => {
    const url = await start();
    const sid = await openSession(url);
    const abort = new AbortController();
    const before = cancelled;
    const pending = post(url, callTool('park', {}), sid, abort.signal).catch(() => null);
    await new Promise((r) => setTimeout(r, 100));
    abort.abort();
    await pending;
    await expect.poll(() => cancelled).toBe(before + 1);
  });

  it('answers a single-element batch initialize with an array', async () => {
    const url = await start();
    const r = await post(url, [initialize('2025-03-26')]);
    const body = (await r.json()) as Array<{ id: number }>;
    expect(Array.isArray(body)).toBe(true);
    expect(body[0]?.id).toBe(1);
  });
});
