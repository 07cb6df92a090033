import { afterEach, describe, expect, it } from 'vitest';
import { harness } from '../test/support/fixtures.js';
import type { Harness } from '../test/support/fixtures.js';
import type { Connection } from './dispatch.js';
import { McpServerError } from './errors.js';
import { isValidId } from './jsonrpc.js';
import { META_KEYS } from './protocol.js';
import { internalsOf } from './server.js';
import { registerTools } from './tools/registry.js';
import { defineTool, READS } from './tools/define-tool.js';
import type { ToolContext, ToolDefinition } from './tools/define-tool.js';

const ENVELOPE = {
  [META_KEYS.protocolVersion]: '2026-07-28',
  [META_KEYS.clientInfo]: { name: 't', version: '0' },
  [META_KEYS.clientCapabilities]: {},
};
const INITIALIZE = {
  protocolVersion: '2025-03-26',
  capabilities: {},
  clientInfo: { name: 't', version: '0' },
};

let h: Harness;
afterEach(() => h.project.cleanup());

/** The server's connection, with every revision it reported to the session recorded in `told`. */
function connection(): { conn: Connection; told: string[] } {
  h = harness();
  const { deps, connection: conn } = internalsOf(h.server);
  const told: string[] = [];
  deps.negotiated = (v) => {
    told.push(v);
    return Promise.resolve();
  };
  return { conn, told };
}

const send = (conn: Connection, message: Record<string, unknown>) =>
  conn.processMessage({ jsonrpc: '2.0', ...message });

describe('a connection only ever probed with server/discover (the v2 SDK sibling)', () => {
  it('is not a discovery-only connection before any message, nor after a blank line', async () => {
    const { conn } = connection();
    expect(conn.servedOnlyDiscovery).toBe(false);
    await conn.processLine('   ');
    expect(conn.servedOnlyDiscovery).toBe(false);
  });

  it('is one after one or more discover requests, and stops being one at the first other message', async () => {
    const { conn } = connection();
    await send(conn, { id: 1, method: 'server/discover', params: { _meta: ENVELOPE } });
    expect(conn.servedOnlyDiscovery).toBe(true);
    await send(conn, { id: 2, method: 'server/discover', params: { _meta: ENVELOPE } });
    expect(conn.servedOnlyDiscovery).toBe(true);
    await send(conn, { id: 3, method: 'ping' });
    expect(conn.servedOnlyDiscovery).toBe(false);
    await send(conn, { id: 4, method: 'server/discover', params: { _meta: ENVELOPE } });
    expect(conn.servedOnlyDiscovery).toBe(false);
  });

  it('a discover notification (no id), unparsable line or overflow after a probe ends it', async () => {
    for (const after of [
      (c: Connection) => send(c, { method: 'server/discover' }),
      (c: Connection) => c.processLine('{nope'),
      (c: Connection) => Promise.resolve(c.overflow(64)),
      (c: Connection) => c.processMessage([{ id: 9, method: 'server/discover' }]),
    ]) {
      const { conn } = connection();
      await send(conn, { id: 1, method: 'server/discover', params: { _meta: ENVELOPE } });
      await after(conn);
      expect(conn.servedOnlyDiscovery).toBe(false);
      h.project.cleanup();
    }
    h = harness();
  });

  it('a first message that is not a discover request is never one', async () => {
    const { conn } = connection();
    await send(conn, { id: 1, method: 'ping' });
    expect(conn.servedOnlyDiscovery).toBe(false);
  });
});

describe('the negotiated revision (told to the session once per change)', () => {
  it('is what initialize answered, told once even when initialize is repeated', async () => {
    const { conn, told } = connection();
    expect(conn.negotiatedProtocolVersion).toBeUndefined();
    await send(conn, { id: 1, method: 'ping' });
    expect(told).toEqual([]);
    await send(conn, { id: 2, method: 'initialize', params: INITIALIZE });
    expect(conn.negotiatedProtocolVersion).toBe('2025-03-26');
    await send(conn, { id: 3, method: 'initialize', params: INITIALIZE });
    expect(told).toEqual(['2025-03-26']);
  });

  it('is the envelope revision of the first 2026-era request, but not of a server/discover probe', async () => {
    const { conn, told } = connection();
    await send(conn, { id: 1, method: 'server/discover', params: { _meta: ENVELOPE } });
    expect(conn.negotiatedProtocolVersion).toBeUndefined();
    expect(told).toEqual([]);
    await send(conn, { id: 2, method: 'tools/list', params: { _meta: ENVELOPE } });
    await send(conn, { id: 3, method: 'tools/list', params: { _meta: ENVELOPE } });
    expect(conn.negotiatedProtocolVersion).toBe('2026-07-28');
    expect(told).toEqual(['2026-07-28']);
  });

  it('legacy requests other than initialize tell nothing', async () => {
    const { conn, told } = connection();
    await send(conn, { id: 1, method: 'tools/list' });
    await send(conn, { id: 2, method: 'tools/call', params: { name: 'state.get', arguments: {} } });
    expect(conn.negotiatedProtocolVersion).toBeUndefined();
    expect(told).toEqual([]);
  });
});

describe('notifications', () => {
  it('only notifications/cancelled ends a listen stream, silently; other notifications cause nothing', async () => {
    const { conn } = connection();
    const listen = await send(conn, {
      id: 7,
      method: 'subscriptions/listen',
      params: { _meta: ENVELOPE, notifications: { resourceSubscriptions: ['skillstate://state'] } },
    });
    expect(listen.response).toBeNull();
    expect(listen.extra.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged' }),
    ]);
    for (const method of ['notifications/initialized', 'notifications/progress', 'notifications/'])
      expect(await send(conn, { method, params: { requestId: 7 } })).toEqual({ response: null, extra: [] });
    const cancelled = await send(conn, { method: 'notifications/cancelled', params: { requestId: 7 } });
    expect(cancelled).toEqual({ response: null, extra: [] });
    const again = await send(conn, { method: 'notifications/cancelled', params: { requestId: 7 } });
    expect(again).toEqual({ response: null, extra: [] });
  });
});

describe('tool results through the registry', () => {
  it('a handler outcome flagged isError is answered isError: true (a refused patch)', async () => {
    const { conn } = connection();
    const out = await send(conn, {
      id: 1,
      method: 'tools/call',
      params: { name: 'state.patch', arguments: { patch: { goal: 42 } } },
    });
    const reply = JSON.parse(out.response ?? '{}') as { result: { isError?: boolean } };
    expect(reply.result.isError).toBe(true);
    const ok = await send(conn, {
      id: 2,
      method: 'tools/call',
      params: { name: 'state.get', arguments: {} },
    });
    expect((JSON.parse(ok.response ?? '{}') as { result: { isError?: boolean } }).result.isError).not.toBe(
      true,
    );
  });

  it('an INVALID_PARAMS thrown by a handler stays a protocol error; any other error becomes a tool result', async () => {
    h = harness();
    const base = {
      title: 'Test',
      description: 'test tool',
      inputSchema: { type: 'object' as const, properties: {} },
      output: {},
      effect: READS,
      icons: [],
      requiresState: false,
    };
    const tools: ToolDefinition[] = [
      defineTool({
        ...base,
        name: 't.params',
        handler: () => {
          throw new McpServerError('INVALID_PARAMS', 'Invalid params: nope');
        },
      }),
      defineTool({
        ...base,
        name: 't.boom',
        handler: () => {
          throw new Error('boom');
        },
      }),
    ];
    const registry = registerTools(tools);
    const { deps } = internalsOf(h.server);
    const ctx: ToolContext = { ...deps, protocolVersion: '2025-03-26', changed: () => undefined };
    await expect(registry.call('t.params', {}, ctx)).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
    await expect(registry.call('t.boom', {}, ctx)).resolves.toMatchObject({ isError: true });
  });
});

describe('isValidId', () => {
  it('allows null, strings and finite numbers only', () => {
    for (const ok of [null, '', 'a', 0, -1, 1.5]) expect(isValidId(ok)).toBe(true);
    for (const bad of [true, false, [], {}, undefined, Number.NaN, Number.POSITIVE_INFINITY])
      expect(isValidId(bad)).toBe(false);
  });
});
