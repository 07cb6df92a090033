// The official v2 SDK client with versionNegotiation auto against the built bin over real stdio: it probes
// server/discover in a disposable sibling process, then speaks the 2026-07-28 era on the session process.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempProject, TEST_SPEC } from './support/fixtures.js';
import type { Json, TempProject } from './support/fixtures.js';
import { BIN, childEnv } from './support/child.js';

let project: TempProject;
let client: Client;
const updates: Array<{ uri: string; meta: unknown }> = [];
const clientErrors: string[] = [];

async function tool(name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as Array<{ type: string; text: string }>)[0]!.text;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { text, json: json as Json, isError: result.isError === true };
}

const sidecar = () =>
  JSON.parse(readFileSync(join(project.root, '.session-meta.json'), 'utf8')) as Record<string, unknown>;

beforeAll(async () => {
  project = tempProject();
  project.init();
  writeFileSync(join(project.dir, 'skill-spec.json'), JSON.stringify(TEST_SPEC));
  writeFileSync(
    join(project.root, '.session-meta.json'),
    JSON.stringify({ status: 'completed', result: 'previous run' }),
  );
  client = new Client({ name: 'v2-test', version: '2.0.0' }, { versionNegotiation: { mode: 'auto' } });
  client.onerror = (error) => clientErrors.push(error.message);
  client.setNotificationHandler('notifications/resources/updated', (n) => {
    updates.push({ uri: n.params.uri, meta: n.params._meta });
  });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    cwd: project.dir,
    env: childEnv() as Record<string, string>,
    stderr: 'pipe',
  });
  await client.connect(transport);
});
afterAll(async () => {
  await client.close();
  project.cleanup();
});

describe('v2 SDK client, versionNegotiation auto, over stdio', () => {
  it('negotiates the 2026-07-28 era via server/discover', () => {
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(client.getProtocolEra()).toBe('modern');
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
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: { subscribe: true } });
    expect(client.getDiscoverResult()?.supportedVersions).toEqual(['2026-07-28']);
  });

  it('leaves the session running: the reaped probe sibling recorded no interrupt', async () => {
    await tool('state.get');
    expect(sidecar()).toMatchObject({ status: 'running', protocolVersion: '2026-07-28' });
    expect(sidecar()).not.toHaveProperty('result');
  });

  it('lists tools and calls them in the modern era', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('agent.merge');
    expect(tools).toHaveLength(13);
    const patched = await tool('state.patch', { patch: { goal: 'Modern', progress: ['probe'] } });
    expect(patched.json.changes.added).toEqual(['goal', 'progress']);
    expect((await tool('state.summary')).json).toMatchObject({
      goal: 'Modern',
      progress: { count: 1 },
      session: { seq: 1 },
    });
    expect(await tool('state.patch', { patch: { progress: 'nope' } })).toMatchObject({ isError: true });
    expect((await tool('state.checkpoint', { label: 'm' })).json.checkpointId).toBe('1-m');
    expect((await tool('spec.next')).json.goal).toBe('Modern');
  });

  it('reads resources (state-backed ones are never served from the client cache)', async () => {
    const read = async (uri: string) =>
      JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text);
    expect((await client.listResources()).resources).toHaveLength(3);
    expect(await read('skillstate://state')).toMatchObject({ version: 1, state: { goal: 'Modern' } });
    await tool('state.patch', { patch: { goal: 'Fresh' } });
    expect(await read('skillstate://state')).toMatchObject({ state: { goal: 'Fresh' } });
    expect(await read('skillstate://summary')).toMatchObject({ goal: 'Fresh' });
    expect((await read('skillstate://spec')).id).toBe(TEST_SPEC.id);
  });

  it('delivers resource updates on a subscriptions/listen stream', async () => {
    const subscription = await client.listen({
      resourceSubscriptions: ['skillstate://state', 'skillstate://summary'],
    });
    expect(subscription.honoredFilter).toEqual({
      resourceSubscriptions: ['skillstate://state', 'skillstate://summary'],
    });
    await tool('state.patch', { patch: { notes: 'listen' } });
    for (let i = 0; i < 100 && updates.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(updates.map((u) => u.uri)).toEqual(['skillstate://state', 'skillstate://summary']);
    expect(updates[0]!.meta).toEqual({ 'io.modelcontextprotocol/subscriptionId': 'listen:0' });
    await subscription.close();
    await tool('state.patch', { patch: { notes: 'after close' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(updates).toHaveLength(2);
  });

  it('finishes the session with state.finalize', async () => {
    expect((await tool('state.finalize', { status: 'completed' })).json.status).toBe('completed');
    expect(sidecar().status).toBe('completed');
  });

  it('never answered the cancelled listen request: the client saw no error all session', () => {
    expect(clientErrors).toEqual([]);
  });
});
