import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { harness, tempProject } from '../../test/support/fixtures.js';
import type { Harness } from '../../test/support/fixtures.js';

let h: Harness;
afterEach(() => h.project.cleanup());
const NOW = new Date('2026-11-01T12:00:00.000Z');
const agentDir = (id: string) => join(h.project.root, 'agents', id);
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('agent.list', () => {
  it('is empty without an agents directory', async () => {
    h = harness();
    expect((await h.tool('agent.list')).json).toEqual({ agents: [] });
  });

  it('lists valid agent directories, sorted, with lifecycle and a light summary', async () => {
    h = harness({ now: () => NOW });
    await h.tool('state.patch', { agent: 'b', patch: { goal: 'secret sk-123' } });
    mkdirSync(agentDir('a'), { recursive: true });
    mkdirSync(join(h.project.root, 'agents', 'bad.name'), { recursive: true });
    writeFileSync(join(h.project.root, 'agents', 'file'), 'x');
    writeFileSync(
      join(agentDir('a'), '.session-meta.json'),
      JSON.stringify({ status: 'running', lastActivityAt: '2026-11-01T11:59:00.000Z' }),
    );
    const { json, text } = await h.tool('agent.list');
    expect(json.agents).toEqual([
      {
        id: 'a',
        statePath: join(agentDir('a'), 'skillstate.json'),
        exists: false,
        status: 'running',
        lastActivityAt: '2026-11-01T11:59:00.000Z',
        staleness: 'active',
        ageMs: 60_000,
        lastModified: null,
      },
      {
        id: 'b',
        statePath: join(agentDir('b'), 'skillstate.json'),
        exists: true,
        status: null,
        lastActivityAt: NOW.toISOString(),
        staleness: 'active',
        summary: {
          keys: ['goal', 'progress', 'next_steps', 'artifacts', 'blockers', 'notes', 'meta'],
          size_bytes: expect.any(Number),
        },
        lastModified: expect.any(String),
      },
    ]);
    expect(text).not.toContain('sk-123');
  });

  it('marks an unreadable agent state instead of summarising it', async () => {
    h = harness();
    mkdirSync(agentDir('x'), { recursive: true });
    writeFileSync(join(agentDir('x'), 'skillstate.json'), '[]');
    utimesSync(join(agentDir('x'), 'skillstate.json'), NOW, NOW);
    expect((await h.tool('agent.list')).json.agents[0]).toMatchObject({
      id: 'x',
      exists: true,
      unreadable: 'Unrecognized state format: cannot migrate to version 1',
      lastModified: NOW.toISOString(),
    });
  });

  it('refuses a root argument with -32602 and never lists the other directory', async () => {
    h = harness();
    const other = tempProject();
    try {
      mkdirSync(join(other.root, 'agents', 'z'), { recursive: true });
      const reply = await h.rpc({
        id: 1,
        method: 'tools/call',
        params: { name: 'agent.list', arguments: { root: other.root } },
      });
      expect(reply.error).toMatchObject({ code: -32602, data: { argument: 'root' } });
      expect(JSON.stringify(reply)).not.toContain('"z"');
    } finally {
      other.cleanup();
    }
  });
});

describe('agent.read', () => {
  it('requires and sanitises the agent id', async () => {
    h = harness();
    expect((await h.tool('agent.read')).text).toBe(
      'Error: agent is required: pass the sub-agent id from agent.list',
    );
    expect((await h.tool('agent.read', { agent: '..' })).text).toBe('Error: Invalid agent id: ..');
  });

  it("returns a sub-agent's state, defaults when it has none, creating nothing", async () => {
    h = harness();
    await h.tool('state.patch', { agent: 'w-1', patch: { goal: 'sub' } });
    const read = await h.tool('agent.read', { agent: 'w/1' });
    expect(read.json).toMatchObject({
      agent: 'w-1',
      statePath: join(agentDir('w-1'), 'skillstate.json'),
      state: { goal: 'sub' },
    });
    const before = h.project.files();
    expect((await h.tool('agent.read', { agent: 'ghost' })).json.state).toMatchObject({ goal: '' });
    expect(h.project.files()).toEqual(before);
  });
});

describe('agent.merge', () => {
  it('folds the sub state into main, keeps the copy marked merged, and reports changes', async () => {
    h = harness({ now: () => NOW });
    await h.tool('state.patch', { patch: { goal: 'main goal', meta: { a: 1 } } });
    await h.tool('state.patch', { agent: 'w', patch: { goal: 'sub goal', notes: 'n', meta: { b: 2 } } });
    const { json } = await h.tool('agent.merge', { agent: 'w' });
    expect(json).toEqual({
      agent: 'w',
      keep: 'main',
      state: {
        goal: 'main goal',
        meta: { a: 1, b: 2 },
        progress: [],
        next_steps: [],
        artifacts: [],
        blockers: [],
        notes: 'n',
      },
      changes: {
        added: ['progress', 'next_steps', 'artifacts', 'blockers', 'notes'],
        updated: ['meta'],
        deleted: [],
      },
    });
    expect(readJson(join(agentDir('w'), 'skillstate.json')).state).toMatchObject({
      goal: 'sub goal',
      mergedAt: NOW.toISOString(),
    });
    expect(readJson(join(agentDir('w'), '.session-meta.json'))).toMatchObject({
      status: 'merged',
      mergedAt: NOW.toISOString(),
    });
    expect(readJson(join(h.project.root, '.session-meta.json')).lastActivityAt).toBe(NOW.toISOString());
  });

  it('lets the sub win with keep: sub, and does not copy mergedAt on a second merge', async () => {
    h = harness();
    await h.tool('state.patch', { patch: { goal: 'm' } });
    await h.tool('state.patch', { agent: 'w', patch: { goal: 's' } });
    await h.tool('agent.merge', { agent: 'w', keep: 'sub' });
    const second = await h.tool('agent.merge', { agent: 'w', keep: 'sub' });
    expect(second.json.keep).toBe('sub');
    expect(second.json.state.goal).toBe('s');
    expect(second.json.state).not.toHaveProperty('mergedAt');
  });

  it('refuses to merge into itself, and refuses an unreadable sub state without writing main', async () => {
    h = harness({ agent: 'w' });
    expect((await h.tool('agent.merge', { agent: 'w' })).text).toBe(
      'Error: cannot merge agent w into itself',
    );
    h.project.cleanup();
    h = harness();
    mkdirSync(agentDir('x'), { recursive: true });
    writeFileSync(join(agentDir('x'), 'skillstate.json'), 'nope');
    const before = readFileSync(h.project.statePath, 'utf8');
    expect((await h.tool('agent.merge', { agent: 'x' })).text).toMatch(
      /^Error: state file .*agents\/x\/skillstate.json cannot be used/,
    );
    expect(readFileSync(h.project.statePath, 'utf8')).toBe(before);
  });

  it('counts as a write of main for the session seq', async () => {
    h = harness();
    await h.tool('state.patch', { agent: 'w', patch: { goal: 's' } });
    await h.tool('agent.merge', { agent: 'w' });
    expect((await h.tool('state.summary')).json.session.seq).toBe(1);
  });
});
