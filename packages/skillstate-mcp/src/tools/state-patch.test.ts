import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { harness, writeRaw } from '../../test/support/fixtures.js';
import type { Harness } from '../../test/support/fixtures.js';

let h: Harness;
afterEach(() => h.project.cleanup());

const onDisk = () => JSON.parse(readFileSync(h.project.statePath, 'utf8'));

describe('state.patch', () => {
  it('merges, reports top-level changes, and writes the pretty envelope without a trailing newline', async () => {
    h = harness();
    const reply = await h.tool('state.patch', {
      patch: { goal: 'Ship', next_steps: ['a', 'b'], meta: { x: 1 } },
    });
    expect(reply).toEqual({
      text: JSON.stringify(reply.json),
      isError: false,
      json: {
        state: { goal: 'Ship', next_steps: ['a', 'b'], meta: { x: 1 } },
        changes: { added: ['goal', 'next_steps', 'meta'], updated: [], deleted: [] },
        warnings: [],
      },
    });
    expect(readFileSync(h.project.statePath, 'utf8')).toBe(
      JSON.stringify(
        { version: 1, state: { goal: 'Ship', next_steps: ['a', 'b'], meta: { x: 1 } } },
        null,
        2,
      ),
    );
  });

  it('merges nested objects with a warning, and null deletes (never resets to a default)', async () => {
    h = harness();
    await h.tool('state.patch', { patch: { goal: 'Ship', meta: { x: 1 } } });
    const reply = await h.tool('state.patch', { patch: { meta: { y: 2, x: null }, goal: null } });
    expect(reply.json).toEqual({
      state: { meta: { y: 2 } },
      changes: { added: [], updated: ['meta'], deleted: ['goal'] },
      warnings: [
        "nested merge under 'meta': the patch object was merged into the existing object (set nested keys to null to delete them)",
      ],
    });
    expect(onDisk().state).toEqual({ meta: { y: 2 } });
  });

  it('answers an invalid patch with the verdict as an isError result and writes nothing', async () => {
    h = harness();
    const before = h.project.files();
    const reply = await h.tool('state.patch', { patch: { goal: 42 } });
    expect(reply).toEqual({
      text: '{"valid":false,"error":"Invalid type for field \'goal\': expected string, got number","field":"goal"}',
      isError: true,
      json: {
        valid: false,
        error: "Invalid type for field 'goal': expected string, got number",
        field: 'goal',
      },
    });
    expect(h.project.files()).toEqual(before);
  });

  it('refuses a name argument before anything else, even with an invalid patch', async () => {
    h = harness();
    const reply = await h.rpc({
      id: 1,
      method: 'tools/call',
      params: { name: 'state.patch', arguments: { patch: { nope: 1 }, name: '../x' } },
    });
    expect(reply.error).toMatchObject({ code: -32602, data: { argument: 'name' } });
  });

  it('refuses a patch that is not an object', async () => {
    h = harness();
    expect(await h.tool('state.patch', { patch: [1] })).toMatchObject({
      text: 'Error: patch must be an object',
      isError: true,
    });
    expect((await h.tool('state.patch')).text).toBe('Error: patch must be an object');
  });

  it('enforces the deep budgets (depth 8, numbers finite)', async () => {
    h = harness();
    const deep = { a: { b: { c: { d: { e: { f: { g: { h: { i: 1 } } } } } } } } };
    expect((await h.tool('state.patch', { patch: { meta: deep } })).json).toMatchObject({
      error: "Too deep at 'meta.a.b.c.d.e.f.g.h': exceeds max depth 8",
    });
  });

  it('pins the pre-write state as the diff baseline on the first write only', async () => {
    h = harness();
    const baseline = join(h.project.root, '.diff-baseline.json');
    await h.tool('state.patch', { patch: { goal: 'a' } });
    expect(JSON.parse(readFileSync(baseline, 'utf8'))).toEqual({});
    await h.tool('state.patch', { patch: { goal: 'b' } });
    expect(JSON.parse(readFileSync(baseline, 'utf8'))).toEqual({});
  });

  it('writes an agent scope under agents/<id>/, starting from the defaults', async () => {
    h = harness();
    const reply = await h.tool('state.patch', { agent: 'w/1', patch: { goal: 'sub', notes: 'n' } });
    expect(reply.json.changes).toEqual({ added: [], updated: ['goal', 'notes'], deleted: [] });
    expect(
      JSON.parse(readFileSync(join(h.project.root, 'agents', 'w-1', 'skillstate.json'), 'utf8')).state,
    ).toMatchObject({ goal: 'sub' });
    expect(onDisk().state).toEqual({});
  });

  it('uses the server default agent when the call names none', async () => {
    h = harness({ agent: 'boss' });
    await h.tool('state.patch', { patch: { goal: 'g' } });
    expect(existsSync(join(h.project.root, 'agents', 'boss', 'skillstate.json'))).toBe(true);
  });

  it('stamps lastActivityAt in the sidecar and releases the lock', async () => {
    h = harness();
    await h.tool('state.patch', { patch: { goal: 'g' } });
    const meta = JSON.parse(readFileSync(join(h.project.root, '.session-meta.json'), 'utf8'));
    expect(Date.parse(meta.lastActivityAt)).not.toBeNaN();
    expect(existsSync(`${h.project.statePath}.lock`)).toBe(false);
  });

  it('never overwrites an unusable state file', async () => {
    h = harness();
    writeRaw(h.project.statePath, '{ torn');
    const reply = await h.tool('state.patch', { patch: { goal: 'g' } });
    expect(reply.isError).toBe(true);
    expect(reply.text).toMatch(/^Error: state file .* cannot be used: not valid JSON/);
    expect(readFileSync(h.project.statePath, 'utf8')).toBe('{ torn');
    expect(existsSync(join(h.project.root, '.diff-baseline.json'))).toBe(false);
  });
});
