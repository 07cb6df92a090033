import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { harness } from '../../test/support/fixtures.js';
import type { Harness } from '../../test/support/fixtures.js';

let h: Harness;
afterEach(() => h.project.cleanup());
const NOW = new Date('2026-11-01T12:00:00.000Z');

describe('state.summary', () => {
  it('projects the state and adds the session', async () => {
    h = harness({ now: () => NOW });
    await h.tool('state.patch', {
      patch: { goal: 'Ship', next_steps: ['a', 'b', 'c', 'd'], notes: 'x'.repeat(250), meta: { k: 1 } },
    });
    const { json } = await h.tool('state.summary');
    expect(json).toEqual({
      goal: 'Ship',
      next_steps: { count: 4, first: ['a', 'b', 'c'] },
      notes: `${'x'.repeat(200)}…`,
      other: { meta: 'object' },
      size_bytes: expect.any(Number),
      session: {
        statePath: h.project.statePath,
        envelopeVersion: 1,
        protocolVersion: null,
        seq: 1,
        status: null,
        lastActivityAt: NOW.toISOString(),
        staleness: 'active',
      },
    });
  });

  it('reports the revision the session negotiated: none before a handshake, then what initialize answered', async () => {
    h = harness();
    expect((await h.tool('state.summary')).json.session.protocolVersion).toBeNull();
    await h.rpc({
      id: 90,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {} },
    });
    expect((await h.tool('state.summary')).json.session.protocolVersion).toBe('2025-03-26');
  });

  it('describes a state without recognised keys by its keys and size', async () => {
    h = harness();
    h.project.init({ meta: { a: 1 } });
    expect((await h.tool('state.summary')).json).toMatchObject({ keys: { meta: 'object' }, size_bytes: 16 });
  });

  it('reports staleness from the sidecar: orphan without one, stale when running but silent', async () => {
    h = harness({ now: () => NOW });
    expect((await h.tool('state.summary')).json.session).toMatchObject({
      status: null,
      lastActivityAt: null,
      staleness: 'orphan',
    });
    writeFileSync(
      join(h.project.root, '.session-meta.json'),
      JSON.stringify({ status: 'running', lastActivityAt: '2026-11-01T11:50:00.000Z' }),
    );
    expect((await h.tool('state.summary')).json.session).toMatchObject({
      status: 'running',
      staleness: 'stale',
    });
  });

  it('counts only this server process writes to that exact path', async () => {
    h = harness();
    await h.tool('state.patch', { patch: { goal: 'a' } });
    await h.tool('state.patch', { patch: { goal: 42 } });
    await h.tool('state.checkpoint');
    await h.tool('state.finalize', { status: 'completed' });
    await h.tool('state.patch', { agent: 'w', patch: { goal: 'b' } });
    expect((await h.tool('state.summary')).json.session.seq).toBe(1);
    expect((await harness({ project: h.project }).tool('state.summary')).json.session.seq).toBe(0);
  });
});
