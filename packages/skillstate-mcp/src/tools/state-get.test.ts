import { readFileSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { harness, writeRaw } from '../../test/support/fixtures.js';
import type { Harness } from '../../test/support/fixtures.js';

let h: Harness;
afterEach(() => h.project.cleanup());

describe('state.get', () => {
  it('returns the stored state as is: after init that is {} (no defaults filled in)', async () => {
    h = harness();
    expect(await h.tool('state.get')).toEqual({ text: '{}', isError: false, json: {} });
  });

  it('returns the schema defaults when the directory exists but the file does not, creating nothing', async () => {
    h = harness();
    rmSync(h.project.statePath);
    const before = h.project.files();
    expect((await h.tool('state.get')).json).toEqual({
      goal: '',
      progress: [],
      next_steps: [],
      artifacts: [],
      blockers: [],
      notes: '',
      meta: {},
    });
    expect(h.project.files()).toEqual(before);
  });

  it('reads an agent scope, which starts from the defaults', async () => {
    h = harness();
    expect((await h.tool('state.get', { agent: 'w1' })).json).toMatchObject({ goal: '', meta: {} });
  });

  it('refuses a name argument with -32602 naming it', async () => {
    h = harness();
    expect(
      await h.rpc({
        id: 1,
        method: 'tools/call',
        params: { name: 'state.get', arguments: { name: '../outside.json' } },
      }),
    ).toMatchObject({ error: { code: -32602, data: { argument: 'name' } } });
  });

  it('refuses an invalid agent id', async () => {
    h = harness();
    expect((await h.tool('state.get', { agent: '///' })).text).toBe('Error: Invalid agent id: ///');
  });

  it('reports an unusable state file, naming it, and leaves it untouched', async () => {
    h = harness();
    writeRaw(h.project.statePath, '{"version":2,"state":{}}');
    const reply = await h.tool('state.get');
    expect(reply.isError).toBe(true);
    expect(reply.text).toBe(
      `Error: state file ${h.project.statePath} cannot be used: Unrecognized state format: cannot migrate to version 1. It was left untouched. ` +
        'Repair it by hand, move it aside (a fresh state then starts from the spec defaults), or restore a checkpoint with state.rollback (which keeps the unusable file as a .corrupt-<time> copy).',
    );
    expect(readFileSync(h.project.statePath, 'utf8')).toBe('{"version":2,"state":{}}');
  });

  it('redacts credential-shaped values in what it returns (but not on disk)', async () => {
    h = harness();
    h.project.init({ notes: 'key sk-live123 and AKIAABCDEFGHIJKLMNOP', goal: 'Bearer abcdefghijkl' });
    const reply = await h.tool('state.get');
    expect(reply.json).toEqual({ notes: 'key [REDACTED] and [REDACTED]', goal: 'Bearer [REDACTED]' });
    expect(readFileSync(h.project.statePath, 'utf8')).toContain('sk-live123');
  });
});
