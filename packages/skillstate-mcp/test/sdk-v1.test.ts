// The official v1 SDK client (2025 era) against the built bin over real stdio.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempProject, TEST_SPEC } from './support/fixtures.js';
import type { Json, TempProject } from './support/fixtures.js';
import { BIN, childEnv } from './support/child.js';

let project: TempProject;
let client: Client;
const updates: string[] = [];

async function connect(cwd: string): Promise<Client> {
  const c = new Client({ name: 'v1-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    cwd,
    env: childEnv() as Record<string, string>,
    stderr: 'pipe',
  });
  await c.connect(transport);
  return c;
}

async function tool(name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as Array<{ type: string; text: string }>;
  expect(content).toHaveLength(1);
  expect(content[0]!.type).toBe('text');
  const text = content[0]!.text;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { text, json: json as Json, isError: result.isError === true };
}

beforeAll(async () => {
  project = tempProject();
  project.init();
  writeFileSync(join(project.dir, 'skill-spec.json'), JSON.stringify(TEST_SPEC));
  client = await connect(project.dir);
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    updates.push(n.params.uri);
  });
});
afterAll(async () => {
  await client.close();
  project.cleanup();
});

describe('v1 SDK client over stdio', () => {
  it('negotiates the 2025 era and sees our identity and capabilities', () => {
    expect(client.getServerVersion()).toEqual({
      name: 'skillstate',
      version: '0.1.0',
      title: 'skillstate',
      icons: [
        {
          src: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
          mimeType: 'image/svg+xml',
          sizes: ['any'],
        },
      ],
    });
    expect(client.getServerCapabilities()).toEqual({
      tools: {},
      resources: { subscribe: true },
      prompts: {},
      logging: {},
    });
  });

  it('pings, lists prompts, sets the log level', async () => {
    expect(await client.ping()).toEqual({});
    expect((await client.listPrompts()).prompts).toEqual([]);
    expect(await client.setLoggingLevel('debug')).toEqual({});
  });

  it('lists the 13 tools with their annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(13);
    expect(tools.find((t) => t.name === 'state.rollback')?.annotations).toEqual({
      title: 'Roll back state',
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(tools.find((t) => t.name === 'state.patch')?.inputSchema.required).toEqual(['patch']);
  });

  it('drives every state tool', async () => {
    expect((await tool('state.get')).json).toEqual({});
    expect((await tool('state.diff')).json).toEqual({ changes: { added: [], updated: [], deleted: [] } });
    expect((await tool('state.validate', { patch: { goal: 'x' } })).json).toEqual({ valid: true });
    const patched = await tool('state.patch', {
      patch: { goal: 'Ship', next_steps: ['a', 'b'], meta: { x: 1 } },
    });
    expect(patched.json.changes.added).toEqual(['goal', 'next_steps', 'meta']);
    expect((await tool('state.diff', { full: true })).json).toMatchObject({
      before: {},
      after: { goal: 'Ship' },
    });
    expect((await tool('state.checkpoint', { label: 'v1 check' })).json).toMatchObject({
      checkpointId: '1-v1-check',
      seq: 1,
    });
    await tool('state.patch', { patch: { goal: 'Changed' } });
    expect((await tool('state.rollback', { checkpointId: '1-v1-check' })).json.state.goal).toBe('Ship');
    const summary = await tool('state.summary');
    expect(summary.json).toMatchObject({
      goal: 'Ship',
      next_steps: { count: 2, first: ['a', 'b'] },
      session: { seq: 3, status: 'running' },
    });
    expect((await tool('spec.get')).json.example_state_patch).toHaveProperty('meta', {});
    expect((await tool('spec.next')).json).toMatchObject({ goal: 'Ship', next: ['a', 'b'], suggestion: 'a' });
  });

  it('drives the agent tools', async () => {
    await tool('state.patch', { agent: 'helper', patch: { notes: 'from helper' } });
    const list = await tool('agent.list');
    expect(list.json.agents.map((a: { id: string }) => a.id)).toEqual(['helper']);
    expect((await tool('agent.read', { agent: 'helper' })).json.state.notes).toBe('from helper');
    const merged = await tool('agent.merge', { agent: 'helper' });
    expect(merged.json.state.notes).toBe('from helper');
    expect(merged.json.state.goal).toBe('Ship');
  });

  it('returns tool failures as isError results with actionable text; an unknown tool is a -32602', async () => {
    expect(await tool('state.patch', { patch: { goal: 42 } })).toMatchObject({
      isError: true,
      json: {
        valid: false,
        error: "Invalid type for field 'goal': expected string, got number",
        field: 'goal',
      },
    });
    expect(await tool('state.rollback', { checkpointId: '9-nope' })).toMatchObject({
      isError: true,
      text: 'Error: Checkpoint not found or unreadable: 9-nope',
    });
    expect(await tool('state.finalize', { status: 'done' })).toMatchObject({ isError: true });
    const unknown = await client.callTool({ name: 'nope', arguments: {} }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(McpError);
    expect(unknown).toMatchObject({ code: -32602, data: { name: 'nope' } });
  });

  it('lists and reads every resource; an unknown one is a -32602 protocol error', async () => {
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([
      'skillstate://state',
      'skillstate://spec',
      'skillstate://summary',
    ]);
    const state = await client.readResource({ uri: 'skillstate://state' });
    expect(JSON.parse((state.contents[0] as { text: string }).text)).toMatchObject({
      version: 1,
      state: { goal: 'Ship' },
    });
    const spec = await client.readResource({ uri: 'skillstate://spec' });
    expect(JSON.parse((spec.contents[0] as { text: string }).text).schema).toEqual(TEST_SPEC.schema);
    const summary = await client.readResource({ uri: 'skillstate://summary' });
    expect(JSON.parse((summary.contents[0] as { text: string }).text)).toMatchObject({ goal: 'Ship' });
    const failure = await client.readResource({ uri: 'skillstate://nope' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(McpError);
    expect((failure as McpError).code).toBe(-32602);
  });

  it('notifies a subscriber after a write', async () => {
    await client.subscribeResource({ uri: 'skillstate://state' });
    await tool('state.patch', { patch: { notes: 'ping' } });
    for (let i = 0; i < 100 && updates.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(updates).toEqual(['skillstate://state']);
    await client.unsubscribeResource({ uri: 'skillstate://state' });
  });

  it('finalizes: the response and the sidecar are both redacted', async () => {
    const done = await tool('state.finalize', { status: 'completed', result: 'ok sk-abc123secret' });
    expect(done.json).toMatchObject({ status: 'completed', result: 'ok [REDACTED]' });
    expect(JSON.parse(readFileSync(join(project.root, '.session-meta.json'), 'utf8')).result).toBe(
      'ok [REDACTED]',
    );
  });

  it('is inert in a project that was never initialised', async () => {
    const bare = tempProject();
    const inert = await connect(bare.dir);
    try {
      const result = await inert.callTool({ name: 'state.get', arguments: {} });
      expect(result).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: 'no skillstate state in this directory — run `skillstate init`' }],
      });
      const failure = await inert.readResource({ uri: 'skillstate://state' }).catch((e: unknown) => e);
      expect((failure as McpError).code).toBe(-32000);
      expect(bare.files()).toEqual([]);
    } finally {
      await inert.close();
      bare.cleanup();
    }
  });
});
