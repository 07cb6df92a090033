import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { harness } from '../../test/support/fixtures.js';
import type { Harness } from '../../test/support/fixtures.js';

let h: Harness;
afterEach(() => h.project.cleanup());

describe('state.checkpoint', () => {
  it('records <seq>-<label> with a sanitised label and lists the catalog', async () => {
    h = harness();
    h.project.init({ goal: 'g' });
    const reply = await h.tool('state.checkpoint', { label: 'before risk!' });
    expect(reply.json).toEqual({
      checkpointId: '1-before-risk',
      seq: 1,
      label: 'before-risk',
      checkpoints: [
        { checkpointId: '1-before-risk', seq: 1, label: 'before-risk', createdAt: expect.any(String) },
      ],
    });
    const record = JSON.parse(
      readFileSync(join(h.project.root, 'checkpoints', '1-before-risk.json'), 'utf8'),
    );
    expect(record.state).toEqual({ goal: 'g' });
  });

  it('falls back to the label "checkpoint" and keeps counting across restarts', async () => {
    h = harness();
    await h.tool('state.checkpoint');
    await h.tool('state.checkpoint', { label: 42 });
    const restarted = harness({ project: h.project });
    expect((await restarted.tool('state.checkpoint', { label: '!!!' })).json.checkpointId).toBe(
      '3-checkpoint',
    );
  });

  it('skips malformed sidecars in the catalog and the sequence', async () => {
    h = harness();
    await h.tool('state.checkpoint', { label: 'a' });
    writeFileSync(join(h.project.root, 'checkpoints', '9-bad.json'), '{"seq":"9"}');
    const reply = await h.tool('state.checkpoint', { label: 'b' });
    expect(reply.json.checkpoints.map((c: { checkpointId: string }) => c.checkpointId)).toEqual([
      '1-a',
      '2-b',
    ]);
  });

  it('pins the scoped state file to <statePath>.snapshot', async () => {
    h = harness();
    h.project.init({ goal: 'main' });
    await h.tool('state.checkpoint');
    expect(readFileSync(`${h.project.statePath}.snapshot`, 'utf8')).toBe(
      readFileSync(h.project.statePath, 'utf8'),
    );
    await h.tool('state.patch', { agent: 'w', patch: { goal: 'sub' } });
    await h.tool('state.checkpoint', { agent: 'w' });
    const sub = join(h.project.root, 'agents', 'w', 'skillstate.json');
    expect(readFileSync(`${sub}.snapshot`, 'utf8')).toBe(readFileSync(sub, 'utf8'));
    expect(existsSync(join(h.project.root, 'agents', 'w', 'checkpoints', '1-checkpoint.json'))).toBe(true);
  });

  it('has nothing to snapshot when the state file does not exist yet', async () => {
    h = harness();
    rmSync(h.project.statePath);
    expect((await h.tool('state.checkpoint')).json.seq).toBe(1);
    expect(existsSync(`${h.project.statePath}.snapshot`)).toBe(false);
  });
});
