// Issue 28 point 6: what tools/list says about a tool is what the tool does, checked against the files the
// built bin leaves behind, through the official v1 SDK client over stdio.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempProject, TEST_SPEC } from './support/fixtures.js';
import type { Json, TempProject } from './support/fixtures.js';
import { BIN, childEnv } from './support/child.js';

let project: TempProject;
let client: Client;
let tools: Tool[];

async function call(name: string, args: Record<string, unknown> = {}): Promise<Json> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, `${name} ${JSON.stringify(result.content)}`).not.toBe(true);
  return JSON.parse((result.content as Array<{ text: string }>)[0]!.text);
}

/** Every file under the state directory with its bytes (the session record excepted: see below). */
function files(options: { withSession?: boolean } = {}): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (options.withSession === true || entry.name !== '.session-meta.json')
        out[relative(project.root, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(project.root);
  return out;
}

const hints = (name: string) => tools.find((t) => t.name === name)?.annotations;

/** Arguments that make each tool succeed on the project beforeAll prepared. */
const ARGS: Record<string, Record<string, unknown>> = {
  'state.validate': { patch: { goal: 'x' } },
  'state.patch': { patch: { notes: 'again' } },
  'state.checkpoint': { label: 'c' },
  'state.rollback': { checkpointId: '1-base' },
  'state.finalize': { status: 'completed' },
  'agent.read': { agent: 'helper' },
  'agent.merge': { agent: 'helper' },
};

beforeAll(async () => {
  project = tempProject();
  project.init();
  writeFileSync(join(project.dir, 'skill-spec.json'), JSON.stringify(TEST_SPEC));
  client = new Client({ name: 'annotations-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN],
      cwd: project.dir,
      env: childEnv() as Record<string, string>,
      stderr: 'pipe',
    }),
  );
  await call('state.patch', { patch: { goal: 'Ship', next_steps: ['a'], meta: { x: 1 } } });
  await call('state.checkpoint', { label: 'base' });
  await call('state.patch', { agent: 'helper', patch: { notes: 'from helper', goal: 'Sub goal' } });
  await call('state.diff');
  tools = (await client.listTools()).tools;
});
afterAll(async () => {
  await client.close();
  project.cleanup();
});

describe('tool annotations (issue 28 point 6)', () => {
  it('give every tool a title and all four hints; no tool is open-world', () => {
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) {
      expect(tool.title, tool.name).toMatch(/^[A-Z]\S*( \S+)*$/);
      expect(tool.annotations, tool.name).toEqual({
        title: tool.title,
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        idempotentHint: expect.any(Boolean),
        openWorldHint: false,
      });
    }
  });

  it('a tool marked read-only writes no file, however often it is called, and answers the same each time', async () => {
    const readOnly = tools.filter((t) => t.annotations?.readOnlyHint === true).map((t) => t.name);
    expect(readOnly).toEqual([
      'state.get',
      'state.validate',
      'state.summary',
      'spec.get',
      'spec.next',
      'agent.list',
      'agent.read',
    ]);
    for (const name of readOnly) {
      expect(hints(name)).toMatchObject({ destructiveHint: false, idempotentHint: true });
      const before = files({ withSession: true });
      const first = await call(name, ARGS[name]);
      const second = await call(name, ARGS[name]);
      expect(files({ withSession: true }), name).toEqual(before);
      if (name !== 'agent.list') expect(second, name).toEqual(first);
    }
  });

  it('state.diff is not read-only: it re-pins the baseline, so a second call answers differently', async () => {
    expect(hints('state.diff')).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
    await call('state.patch', { patch: { goal: 'Diffed' } });
    const baseline = files()['.diff-baseline.json'];
    expect((await call('state.diff')).changes.updated).toEqual(['goal']);
    expect(files()['.diff-baseline.json']).not.toEqual(baseline);
    expect((await call('state.diff')).changes).toEqual({ added: [], updated: [], deleted: [] });
  });

  it('a tool marked non-destructive leaves every state value in place', async () => {
    const kept = tools.filter((t) => t.annotations?.destructiveHint === false).map((t) => t.name);
    expect(kept).toEqual([
      'state.get',
      'state.validate',
      'state.diff',
      'state.checkpoint',
      'state.summary',
      'spec.get',
      'spec.next',
      'agent.list',
      'agent.read',
    ]);
    for (const name of kept) {
      const before = files();
      await call(name, ARGS[name]);
      const after = files();
      for (const path of Object.keys(before).filter((p) => p.endsWith('skillstate.json')))
        expect(after[path], `${name}: ${path}`).toEqual(before[path]);
    }
  });

  it('state.patch, state.rollback, state.finalize and agent.merge are destructive: each overwrites or deletes', async () => {
    for (const name of ['state.patch', 'state.rollback', 'state.finalize', 'agent.merge'])
      expect(hints(name), name).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect((await call('state.patch', { patch: { meta: null } })).state).not.toHaveProperty('meta');
    expect((await call('state.rollback', { checkpointId: '1-base' })).state).toMatchObject({ goal: 'Ship' });
    expect((await call('agent.merge', { agent: 'helper', keep: 'sub' })).state.goal).toBe('Sub goal');
    expect((await call('agent.read', { agent: 'helper' })).state).toHaveProperty('mergedAt');
    await call('state.finalize', { status: 'failed', result: 'first' });
    await call('state.finalize', { status: 'completed', result: 'second' });
    expect(JSON.parse(files({ withSession: true })['.session-meta.json']!)).toMatchObject({
      status: 'completed',
      result: 'second',
    });
  });

  it('state.patch is not idempotent: a nested null set by one call deletes on the next', async () => {
    expect(hints('state.patch')?.idempotentHint).toBe(false);
    await call('state.patch', { patch: { meta: null } });
    const patch = { meta: { a: { b: null } } };
    expect((await call('state.patch', { patch })).state.meta).toEqual({ a: { b: null } });
    expect((await call('state.patch', { patch })).state.meta).toEqual({ a: {} });
  });

  it('the bin, which has no token tracker, does not list state.metrics; calling it is an unknown tool', async () => {
    expect(tools.map((t) => t.name)).not.toContain('state.metrics');
    expect(tools).toHaveLength(13);
    const failure = await client.callTool({ name: 'state.metrics', arguments: {} }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(McpError);
    expect(failure).toMatchObject({ code: -32602, data: { name: 'state.metrics' } });
  });
});
