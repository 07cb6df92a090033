// Protocol errors and cancellation as the MCP text defines them, over raw JSON-RPC into the built bin (issue 28
// points 3, 4 and 5): a cancelled listen stream is never answered, an unknown tool is a -32602 protocol error
// in both eras, and resource-not-found names the URI in `data.uri`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempProject, TEST_SPEC } from './support/fixtures.js';
import type { Json, TempProject } from './support/fixtures.js';
import { killAll, spawnServer } from './support/child.js';

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

let project: TempProject;
afterEach(async () => {
  await killAll();
  project.cleanup();
});

function initialised(): TempProject {
  const p = tempProject();
  p.init();
  writeFileSync(join(p.dir, 'skill-spec.json'), JSON.stringify(TEST_SPEC));
  return p;
}

/** Feeds `messages` to a fresh bin, closes its input, and returns every line it wrote, parsed. */
async function exchange(messages: Array<Record<string, unknown>>): Promise<Json[]> {
  const server = spawnServer(project.dir);
  server.child.stdin.end(messages.map((m) => `${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`).join(''));
  const { code } = await server.exited;
  expect(code).toBe(0);
  return server.lines.filter((line) => line !== '').map((line): Json => JSON.parse(line));
}

const modern = (params: Record<string, unknown> = {}) => ({ ...params, _meta: MODERN_META });

describe('issue 28 point 3: a cancelled subscriptions/listen gets nothing more', () => {
  it('sends no answer and no update for the listen request after notifications/cancelled', async () => {
    project = initialised();
    const lines = await exchange([
      {
        id: 'listen-1',
        method: 'subscriptions/listen',
        params: modern({ notifications: { resourceSubscriptions: ['skillstate://state'] } }),
      },
      { method: 'notifications/cancelled', params: modern({ requestId: 'listen-1', reason: 'done' }) },
      {
        id: 2,
        method: 'tools/call',
        params: modern({ name: 'state.patch', arguments: { patch: { goal: 'after cancel' } } }),
      },
      { id: 3, method: 'tools/list', params: modern() },
    ]);
    expect(lines[0]).toMatchObject({ method: 'notifications/subscriptions/acknowledged' });
    expect(lines.filter((l) => l.id === 'listen-1')).toEqual([]);
    expect(lines.filter((l) => l.method === 'notifications/resources/updated')).toEqual([]);
    expect(lines.map((l) => l.id ?? l.method)).toEqual(['notifications/subscriptions/acknowledged', 2, 3]);
  });
});

describe('issue 28 point 4: an unknown tool is a -32602 protocol error, not an isError result', () => {
  it('in the 2025 era', async () => {
    project = initialised();
    const [init, reply] = await exchange([
      { id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {} } },
      { id: 2, method: 'tools/call', params: { name: 'state.merge', arguments: {} } },
    ]);
    expect(init.result.protocolVersion).toBe('2025-11-25');
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32602, message: 'Unknown tool: state.merge', data: { name: 'state.merge' } },
    });
  });

  it('in the 2026-07-28 era', async () => {
    project = initialised();
    const [reply] = await exchange([
      { id: 'x', method: 'tools/call', params: modern({ name: 'nope', arguments: {} }) },
    ]);
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 'x',
      error: { code: -32602, message: 'Unknown tool: nope', data: { name: 'nope' } },
    });
  });

  it('also before init: the tool list is public, so the inert gate does not mask the protocol error', async () => {
    project = tempProject();
    const [reply] = await exchange([{ id: 1, method: 'tools/call', params: { name: 'nope' } }]);
    expect(reply.error).toMatchObject({ code: -32602, message: 'Unknown tool: nope' });
    expect(project.files()).toEqual([]);
  });
});

describe('issue 28 point 5: resource-not-found carries data.uri', () => {
  it('in both eras, and for resources/subscribe', async () => {
    project = initialised();
    const lines = await exchange([
      { id: 1, method: 'resources/read', params: { uri: 'skillstate://nope' } },
      { id: 2, method: 'resources/subscribe', params: { uri: 'skillstate://other' } },
      { id: 3, method: 'resources/read', params: modern({ uri: 'file:///etc/passwd' }) },
    ]);
    expect(lines.map((l) => l.error)).toEqual([
      { code: -32602, message: 'Unknown resource: skillstate://nope', data: { uri: 'skillstate://nope' } },
      { code: -32602, message: 'Unknown resource: skillstate://other', data: { uri: 'skillstate://other' } },
      { code: -32602, message: 'Unknown resource: file:///etc/passwd', data: { uri: 'file:///etc/passwd' } },
    ]);
  });
});
