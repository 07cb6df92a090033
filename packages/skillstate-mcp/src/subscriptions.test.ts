import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { harness } from '../test/support/fixtures.js';
import type { Harness } from '../test/support/fixtures.js';
import { META_KEYS } from './protocol.js';

const ENVELOPE = { [META_KEYS.protocolVersion]: '2026-07-28', [META_KEYS.clientCapabilities]: {} };
const SUB = META_KEYS.subscriptionId;

let h: Harness;
afterEach(() => h.project.cleanup());

const feed = async (message: Record<string, unknown>) =>
  (await h.server.feed(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`)).map((l) => JSON.parse(l));
const patch = (id: number, args: Record<string, unknown>) =>
  feed({ id, method: 'tools/call', params: { name: 'state.patch', arguments: args } });

describe('2025-era resources/subscribe', () => {
  it('sends notifications/resources/updated after a write of the default scope, after the response', async () => {
    h = harness();
    expect(
      await feed({ id: 1, method: 'resources/subscribe', params: { uri: 'skillstate://summary' } }),
    ).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    await feed({ id: 2, method: 'resources/subscribe', params: { uri: 'skillstate://state' } });
    const out = await patch(3, { patch: { goal: 'x' } });
    expect(out.map((m) => m.id ?? m.params.uri)).toEqual([3, 'skillstate://state', 'skillstate://summary']);
    expect(out[1]).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/resources/updated',
      params: { uri: 'skillstate://state' },
    });
  });

  it('stays silent for reads, for other agents, and after unsubscribe', async () => {
    h = harness();
    await feed({ id: 1, method: 'resources/subscribe', params: { uri: 'skillstate://state' } });
    expect(
      await feed({ id: 2, method: 'tools/call', params: { name: 'state.get', arguments: {} } }),
    ).toHaveLength(1);
    expect(await patch(3, { patch: { goal: 'x' }, agent: 'w1' })).toHaveLength(1);
    await feed({ id: 4, method: 'resources/unsubscribe', params: { uri: 'skillstate://state' } });
    expect(await patch(5, { patch: { goal: 'y' } })).toHaveLength(1);
  });

  it('notifies after rollback and agent.merge too', async () => {
    h = harness();
    await feed({ id: 1, method: 'resources/subscribe', params: { uri: 'skillstate://state' } });
    await feed({ id: 2, method: 'tools/call', params: { name: 'state.checkpoint', arguments: {} } });
    expect(
      await feed({ id: 3, method: 'tools/call', params: { name: 'state.rollback', arguments: {} } }),
    ).toHaveLength(2);
    await patch(4, { patch: { notes: 'n' }, agent: 'w1' });
    expect(
      await feed({
        id: 5,
        method: 'tools/call',
        params: { name: 'agent.merge', arguments: { agent: 'w1' } },
      }),
    ).toHaveLength(2);
  });

  it('refuses to subscribe to an unknown resource', async () => {
    h = harness();
    expect(
      (await feed({ id: 1, method: 'resources/subscribe', params: { uri: 'skillstate://x' } }))[0].error,
    ).toEqual({
      code: -32602,
      message: 'Unknown resource: skillstate://x',
      data: { uri: 'skillstate://x' },
    });
  });

  it('writes notifications caused by handleLine to the output stream once started', async () => {
    h = harness();
    const output = new PassThrough();
    await h.server.start(new PassThrough(), output);
    await h.rpc({ id: 1, method: 'resources/subscribe', params: { uri: 'skillstate://state' } });
    await h.rpc({
      id: 2,
      method: 'tools/call',
      params: { name: 'state.patch', arguments: { patch: { goal: 'x' } } },
    });
    expect(JSON.parse(String(output.read()))).toMatchObject({ method: 'notifications/resources/updated' });
    h.server.stop();
  });
});

describe('2026-era subscriptions/listen', () => {
  const listen = (id: number | string, uris: unknown) =>
    feed({
      id,
      method: 'subscriptions/listen',
      params: { _meta: ENVELOPE, notifications: { resourceSubscriptions: uris } },
    });

  it('acknowledges with the honoured filter and the subscription id, and defers the response', async () => {
    h = harness();
    expect(await listen('listen:0', ['skillstate://state', 'skillstate://nope'])).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: {
          _meta: { [SUB]: 'listen:0' },
          notifications: { resourceSubscriptions: ['skillstate://state'] },
        },
      },
    ]);
  });

  it('delivers updates with the subscription id until the client cancels; the listen request is never answered', async () => {
    h = harness();
    await listen(7, ['skillstate://state', 'skillstate://summary']);
    const out = await feed({
      id: 8,
      method: 'tools/call',
      params: { _meta: ENVELOPE, name: 'state.patch', arguments: { patch: { goal: 'x' } } },
    });
    expect(out.slice(1)).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri: 'skillstate://state', _meta: { [SUB]: 7 } },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri: 'skillstate://summary', _meta: { [SUB]: 7 } },
      },
    ]);
    expect(
      await feed({ method: 'notifications/cancelled', params: { requestId: 7, _meta: ENVELOPE } }),
    ).toEqual([]);
    expect(
      await feed({
        id: 9,
        method: 'tools/call',
        params: { _meta: ENVELOPE, name: 'state.patch', arguments: { patch: { goal: 'y' } } },
      }),
    ).toHaveLength(1);
    expect(await feed({ method: 'notifications/cancelled', params: { requestId: 7 } })).toEqual([]);
  });

  it('keeps string and numeric ids apart and ignores a cancel for anything else', async () => {
    h = harness();
    await listen('1', ['skillstate://state']);
    expect(await feed({ method: 'notifications/cancelled', params: { requestId: 1 } })).toEqual([]);
    expect(await feed({ method: 'notifications/cancelled', params: 'junk' })).toEqual([]);
    const after = {
      id: 2,
      method: 'tools/call',
      params: { _meta: ENVELOPE, name: 'state.patch', arguments: { patch: { goal: 'z' } } },
    };
    expect(await feed(after)).toHaveLength(2);
    expect(await feed({ method: 'notifications/cancelled', params: { requestId: '1' } })).toEqual([]);
    expect(await feed({ ...after, id: 3 })).toHaveLength(1);
  });

  it('needs a notifications filter object', async () => {
    h = harness();
    const [reply] = await feed({ id: 1, method: 'subscriptions/listen', params: { _meta: ENVELOPE } });
    expect(reply.error).toEqual({ code: -32602, message: 'Invalid params: notifications must be an object' });
  });
});
