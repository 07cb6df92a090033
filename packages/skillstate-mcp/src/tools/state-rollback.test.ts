import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { harness, writeRaw } from '../../test/support/fixtures.js';
import type { Harness } from '../../test/support/fixtures.js';

let h: Harness;
afterEach(() => h.project.cleanup());
const onDisk = () => JSON.parse(readFileSync(h.project.statePath, 'utf8')).state;

describe('state.rollback', () => {
  it('restores the latest checkpoint by default, or the one named', async () => {
    h = harness();
    await h.tool('state.patch', { patch: { goal: 'one' } });
    await h.tool('state.checkpoint', { label: 'one' });
    await h.tool('state.patch', { patch: { goal: 'two' } });
    await h.tool('state.checkpoint', { label: 'two' });
    await h.tool('state.patch', { patch: { goal: 'three' } });
    expect((await h.tool('state.rollback')).json).toEqual({ checkpointId: '2-two', state: { goal: 'two' } });
    expect((await h.tool('state.rollback', { checkpointId: '1-one' })).json).toEqual({
      checkpointId: '1-one',
      state: { goal: 'one' },
    });
    expect(onDisk()).toEqual({ goal: 'one' });
    expect(readdirSync(join(h.project.root, 'checkpoints'))).toHaveLength(2);
  });

  it('counts as a write for the session seq', async () => {
    h = harness();
    await h.tool('state.checkpoint');
    await h.tool('state.rollback');
    expect((await h.tool('state.summary')).json.session.seq).toBe(1);
  });

  it('explains each way of failing', async () => {
    h = harness();
    expect((await h.tool('state.rollback')).text).toBe(
      'Error: No checkpoints found: create one with state.checkpoint first',
    );
    expect(
      await h.rpc({
        id: 1,
        method: 'tools/call',
        params: { name: 'state.rollback', arguments: { checkpointId: '../x' } },
      }),
    ).toMatchObject({ error: { code: -32602, data: { argument: 'checkpointId' } } });
    expect((await h.tool('state.rollback', { checkpointId: '9-nope' })).text).toBe(
      'Error: Checkpoint not found or unreadable: 9-nope',
    );
    await h.tool('state.checkpoint');
    writeFileSync(
      join(h.project.root, 'checkpoints', '2-bad.json'),
      '{"checkpointId":"2-bad","seq":2,"label":"bad","createdAt":"x","state":[]}',
    );
    expect((await h.tool('state.rollback', { checkpointId: '2-bad' })).text).toBe(
      'Error: Checkpoint is corrupted (no state): 2-bad',
    );
  });

  it('is the recovery path for an unusable state file: keeps it aside, then restores', async () => {
    h = harness();
    await h.tool('state.patch', { patch: { goal: 'good' } });
    await h.tool('state.checkpoint', { label: 'good' });
    writeRaw(h.project.statePath, '{ torn');
    expect((await h.tool('state.get')).isError).toBe(true);
    const reply = await h.tool('state.rollback');
    expect(reply.isError).toBe(false);
    expect(reply.json.state).toEqual({ goal: 'good' });
    const aside: string = reply.json.preservedUnreadableFile;
    expect(aside.startsWith(`${h.project.statePath}.corrupt-`)).toBe(true);
    expect(readFileSync(aside, 'utf8')).toBe('{ torn');
    expect(onDisk()).toEqual({ goal: 'good' });
    expect((await h.tool('state.get')).json).toEqual({ goal: 'good' });
  });

  it('declares itself destructive', async () => {
    h = harness();
    const { result } = await h.rpc({ id: 1, method: 'tools/list' });
    const tool = result.tools.find((t: { name: string }) => t.name === 'state.rollback');
    expect(tool.annotations).toEqual({
      title: 'Roll back state',
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    });
  });
});
