import { afterEach, describe, expect, it } from 'vitest';
import { harness } from '../test/support/fixtures.js';
import type { Harness } from '../test/support/fixtures.js';
import { classifyRequest, encodeModernResult, STATIC_RESULT_TTL_MS } from './era.js';
import { META_KEYS } from './protocol.js';
import { SERVER_ICONS } from './icons.js';

const ENVELOPE = {
  [META_KEYS.protocolVersion]: '2026-07-28',
  [META_KEYS.clientInfo]: { name: 't', version: '0' },
  [META_KEYS.clientCapabilities]: {},
};
const SERVER_INFO = { [META_KEYS.serverInfo]: { name: 'skillstate', version: '0.1.0' } };

let h: Harness;
afterEach(() => h?.project.cleanup());

function modern(id: number, method: string, params: Record<string, unknown> = {}) {
  return h.rpc({ id, method, params: { ...params, _meta: ENVELOPE } });
}

describe('classifyRequest', () => {
  it('is legacy without an envelope and modern with a valid one', () => {
    expect(classifyRequest(undefined, false)).toBe('legacy');
    expect(classifyRequest({ _meta: { progressToken: 1 } }, false)).toBe('legacy');
    expect(classifyRequest({ _meta: ENVELOPE }, false)).toBe('modern');
    expect(classifyRequest({ _meta: { ...ENVELOPE, [META_KEYS.clientInfo]: undefined } }, false)).toBe(
      'modern',
    );
  });

  it('refuses an unknown envelope revision with -32022 and the supported list', () => {
    expect(() =>
      classifyRequest({ _meta: { ...ENVELOPE, [META_KEYS.protocolVersion]: '2099-01-01' } }, false),
    ).toThrow(
      expect.objectContaining({
        code: 'UNSUPPORTED_PROTOCOL_VERSION',
        message: 'Unsupported protocol version: 2099-01-01',
        data: { supported: ['2026-07-28'], requested: '2099-01-01' },
      }),
    );
  });

  it('refuses a malformed envelope as invalid params', () => {
    const bad = (meta: Record<string, unknown>) => () =>
      classifyRequest({ _meta: { ...ENVELOPE, ...meta } }, false);
    expect(bad({ [META_KEYS.protocolVersion]: 7 })).toThrow(/protocolVersion must be a string/);
    expect(bad({ [META_KEYS.clientCapabilities]: undefined })).toThrow(
      /clientCapabilities must be an object/,
    );
    expect(bad({ [META_KEYS.clientInfo]: { name: 1 } })).toThrow(/clientInfo must be an object/);
  });

  it('refuses a request without the envelope once the connection is modern', () => {
    expect(() => classifyRequest({}, true)).toThrow(
      'Request is missing the required _meta envelope for protocol revision 2026-07-28 (io.modelcontextprotocol/protocolVersion, io.modelcontextprotocol/clientCapabilities)',
    );
  });
});

describe('encodeModernResult', () => {
  it('adds resultType, cache hints for cacheable results, and the server identity', () => {
    expect(encodeModernResult('tools/call', { content: [] }, { name: 's', version: '1' })).toEqual({
      content: [],
      resultType: 'complete',
      _meta: { [META_KEYS.serverInfo]: { name: 's', version: '1' } },
    });
    expect(
      encodeModernResult('tools/list', { tools: [], _meta: { a: 1 } }, { name: 's', version: '1' }),
    ).toEqual({
      tools: [],
      resultType: 'complete',
      ttlMs: STATIC_RESULT_TTL_MS,
      cacheScope: 'private',
      _meta: { a: 1, [META_KEYS.serverInfo]: { name: 's', version: '1' } },
    });
  });

  it('never lets a client cache the state-backed resources', () => {
    const read = (uri: string) => encodeModernResult('resources/read', { contents: [{ uri }] }, {});
    expect(read('skillstate://state')['ttlMs']).toBe(0);
    expect(read('skillstate://summary')['ttlMs']).toBe(0);
    expect(read('skillstate://spec')['ttlMs']).toBe(STATIC_RESULT_TTL_MS);
  });
});

describe('the 2026-07-28 era on a connection', () => {
  it('answers server/discover with the supported revisions, capabilities and identity', async () => {
    h = harness();
    expect((await modern(1, 'server/discover')).result).toEqual({
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {}, resources: { subscribe: true }, prompts: {}, logging: {} },
      resultType: 'complete',
      ttlMs: STATIC_RESULT_TTL_MS,
      cacheScope: 'private',
      _meta: {
        [META_KEYS.serverInfo]: {
          ...SERVER_INFO[META_KEYS.serverInfo],
          title: 'skillstate',
          icons: SERVER_ICONS,
        },
      },
    });
  });

  it('types every result and caches only what cannot change', async () => {
    h = harness();
    const list = (await modern(1, 'tools/list')).result;
    expect(list.tools).toHaveLength(13);
    expect([list.resultType, list.ttlMs, list.cacheScope]).toEqual([
      'complete',
      STATIC_RESULT_TTL_MS,
      'private',
    ]);
    const call = (await modern(2, 'tools/call', { name: 'state.get', arguments: {} })).result;
    expect(call).toEqual({
      content: [{ type: 'text', text: '{}' }],
      structuredContent: {},
      resultType: 'complete',
      _meta: SERVER_INFO,
    });
    const read = (await modern(3, 'resources/read', { uri: 'skillstate://state' })).result;
    expect([read.resultType, read.ttlMs, read.cacheScope]).toEqual(['complete', 0, 'private']);
    expect((await modern(4, 'resources/list')).result.resources).toHaveLength(3);
    expect((await modern(5, 'prompts/list')).result).toMatchObject({ prompts: [], resultType: 'complete' });
  });

  it('does not serve the 2025-only methods, nor the 2026-only ones without an envelope', async () => {
    h = harness();
    for (const method of ['initialize', 'ping', 'resources/subscribe', 'logging/setLevel']) {
      expect((await modern(1, method)).error).toEqual({
        code: -32601,
        message: `Method not found: ${method}`,
      });
    }
    h.project.cleanup();
    h = harness();
    expect((await h.rpc({ id: 1, method: 'server/discover' })).error.code).toBe(-32601);
    expect(
      (await h.rpc({ id: 2, method: 'subscriptions/listen', params: { notifications: {} } })).error.code,
    ).toBe(-32601);
  });

  it('answers an unknown envelope revision with -32022 carrying supported and requested', async () => {
    h = harness();
    const reply = await h.rpc({
      id: 1,
      method: 'server/discover',
      params: { _meta: { ...ENVELOPE, [META_KEYS.protocolVersion]: '2025-06-18' } },
    });
    expect(reply.error).toEqual({
      code: -32022,
      message: 'Unsupported protocol version: 2025-06-18',
      data: { supported: ['2026-07-28'], requested: '2025-06-18' },
    });
    expect((await h.rpc({ id: 2, method: 'ping' })).result).toEqual({});
  });

  it('requires the envelope on every request once the connection went modern', async () => {
    h = harness();
    await modern(1, 'server/discover');
    const reply = await h.rpc({ id: 2, method: 'tools/list' });
    expect(reply.error.code).toBe(-32602);
    expect(reply.error.message).toMatch(/^Request is missing the required _meta envelope/);
    expect((await h.rpc({ id: 3, method: 'initialize', params: {} })).error.code).toBe(-32602);
  });

  it('still serves the 2025 era on a connection that never went modern', async () => {
    h = harness();
    expect((await h.rpc({ id: 1, method: 'tools/list' })).result).not.toHaveProperty('resultType');
    expect(
      (await h.rpc({ id: 2, method: 'initialize', params: { protocolVersion: '2025-03-26' } })).result
        .protocolVersion,
    ).toBe('2025-03-26');
  });
});
