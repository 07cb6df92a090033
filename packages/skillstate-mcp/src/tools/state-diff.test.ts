import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { harness, writeRaw } from '../../test/support/fixtures.js';
import type { Harness } from '../../test/support/fixtures.js';

let h: Harness;
afterEach(() => h.project.cleanup());
const EMPTY = { added: [], updated: [], deleted: [] };

describe('state.diff', () => {
  it('reports nothing on the first call ever, and pins the baseline to the current state', async () => {
    h = harness();
    h.project.init({ goal: 'g' });
    expect((await h.tool('state.diff')).json).toEqual({ changes: EMPTY });
    expect(JSON.parse(readFileSync(join(h.project.root, '.diff-baseline.json'), 'utf8'))).toEqual({
      goal: 'g',
    });
  });

  it('reports the changes since the last diff and re-pins every time', async () => {
    h = harness();
    await h.tool('state.diff');
    await h.tool('state.patch', { patch: { goal: 'a', notes: 'n' } });
    await h.tool('state.patch', { patch: { notes: null } });
    expect((await h.tool('state.diff')).json).toEqual({
      changes: { added: ['goal'], updated: [], deleted: [] },
    });
    expect((await h.tool('state.diff')).json).toEqual({ changes: EMPTY });
  });

  it('adds before and after with full: true (only the boolean true counts)', async () => {
    h = harness();
    await h.tool('state.patch', { patch: { goal: 'a' } });
    expect((await h.tool('state.diff', { full: true })).json).toEqual({
      changes: { added: ['goal'], updated: [], deleted: [] },
      before: {},
      after: { goal: 'a' },
    });
    await h.tool('state.patch', { patch: { goal: 'b' } });
    expect((await h.tool('state.diff', { full: 'yes' })).json).toEqual({
      changes: { added: [], updated: ['goal'], deleted: [] },
    });
  });

  it('shares the baseline across server processes (it lives on disk)', async () => {
    h = harness();
    await h.tool('state.diff');
    await h.tool('state.patch', { patch: { goal: 'a' } });
    const other = harness({ project: h.project });
    expect((await other.tool('state.diff')).json.changes.added).toEqual(['goal']);
    expect((await h.tool('state.diff')).json.changes).toEqual(EMPTY);
  });

  it('treats a corrupt baseline as absent', async () => {
    h = harness();
    h.project.init({ goal: 'g' });
    writeRaw(join(h.project.root, '.diff-baseline.json'), '[1]');
    expect((await h.tool('state.diff')).json).toEqual({ changes: EMPTY });
  });

  it('keeps one baseline per agent scope', async () => {
    h = harness();
    await h.tool('state.patch', { agent: 'w', patch: { goal: 'a' } });
    expect((await h.tool('state.diff', { agent: 'w' })).json.changes.updated).toEqual(['goal']);
    expect((await h.tool('state.diff')).json.changes).toEqual(EMPTY);
  });
});
