// Issue 28 points 1 and 2, on a spawned `sm serve --mcp` with raw 2026-07-28 JSON-RPC over a real socket: every
// error answer echoes the request id when the body's id was readable (the -32602 of a missing envelope key, the
// -32020 HeaderMismatch), and a method the server does not implement is HTTP 404 with -32601, like the methods the
// revision removed. Runs against the BUILT bin.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServe } from './support/sm-process.js';
import type { ServeProcess } from './support/sm-process.js';

const VERSION = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientInfo': { name: 'raw-wire', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

let root: string;
let serve: ServeProcess;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sm-mcp-wire-'));
  mkdirSync(join(root, '.claude', 'skills', 'lint'), { recursive: true });
  writeFileSync(
    join(root, '.claude', 'skills', 'lint', 'SKILL.md'),
    '---\nname: lint\ndescription: Lints.\n---\nRun it.\n',
  );
  serve = await spawnServe(root, ['--mcp']);
});
afterAll(async () => {
  await serve?.stop();
  rmSync(root, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: { id?: unknown; error?: { code?: number }; result?: unknown };
}

/** POSTs one JSON-RPC request with the 2026-07-28 headers (`headers` adds or overrides). */
async function post(
  message: { id: string | number; method: string; params?: unknown },
  headers: Record<string, string> = {},
): Promise<Answer> {
  const r = await fetch(serve.mcpUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': VERSION,
      'mcp-method': message.method,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
  });
  return { status: r.status, body: (await r.json()) as Answer['body'] };
}

const { [`io.modelcontextprotocol/protocolVersion`]: _version, ...withoutVersion } = ENVELOPE;
const { [`io.modelcontextprotocol/clientCapabilities`]: _caps, ...withoutCapabilities } = ENVELOPE;

describe('2026-07-28 errors of /mcp echo the readable request id (point 1)', () => {
  it.each([
    ['no _meta at all', 101, {}],
    ['_meta without protocolVersion', 'r-102', { _meta: withoutVersion }],
    ['_meta without clientCapabilities', 104, { _meta: withoutCapabilities }],
  ])('%s: HTTP 400, -32602, the id', async (_label, id, params) => {
    const a = await post({ id, method: 'server/discover', params });
    expect({ status: a.status, code: a.body.error?.code, id: a.body.id }).toEqual({
      status: 400,
      code: -32602,
      id,
    });
  });

  it('Mcp-Method disagreeing with the body: HTTP 400, -32020, the id', async () => {
    const a = await post(
      { id: 7, method: 'tools/list', params: { _meta: ENVELOPE } },
      { 'mcp-method': 'resources/list' },
    );
    expect({ status: a.status, code: a.body.error?.code, id: a.body.id }).toEqual({
      status: 400,
      code: -32020,
      id: 7,
    });
  });

  it('MCP-Protocol-Version disagreeing with the envelope: HTTP 400, -32020, the id', async () => {
    const a = await post(
      { id: 'v-8', method: 'tools/list', params: { _meta: ENVELOPE } },
      { 'mcp-protocol-version': '2025-11-25' },
    );
    expect({ status: a.status, code: a.body.error?.code, id: a.body.id }).toEqual({
      status: 400,
      code: -32020,
      id: 'v-8',
    });
  });
});

describe('a method /mcp does not implement is HTTP 404 with -32601 (point 2)', () => {
  it('an unknown method: 404, -32601, the id', async () => {
    const a = await post({ id: 9, method: 'no/such-method', params: { _meta: ENVELOPE } });
    expect({ status: a.status, code: a.body.error?.code, id: a.body.id }).toEqual({
      status: 404,
      code: -32601,
      id: 9,
    });
  });

  it('a method the revision removed stays 404, and a known method is still 200', async () => {
    const removed = await post({ id: 10, method: 'ping', params: { _meta: ENVELOPE } });
    expect({ status: removed.status, code: removed.body.error?.code }).toEqual({ status: 404, code: -32601 });
    const known = await post({ id: 11, method: 'tools/list', params: { _meta: ENVELOPE } });
    expect(known.status).toBe(200);
    expect(known.body.id).toBe(11);
    expect(JSON.stringify(known.body.result)).toContain('query_graph');
  });

  it('an unknown tool stays an in-band -32602 on HTTP 200', async () => {
    const a = await post(
      { id: 12, method: 'tools/call', params: { name: 'no_such_tool', arguments: {}, _meta: ENVELOPE } },
      { 'mcp-name': 'no_such_tool' },
    );
    expect({ status: a.status, code: a.body.error?.code, id: a.body.id }).toEqual({
      status: 200,
      code: -32602,
      id: 12,
    });
  });
});
