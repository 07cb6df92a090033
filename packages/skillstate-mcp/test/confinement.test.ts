// A tool or resource argument can never move where the built server reads or writes state.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempProject } from './support/fixtures.js';
import type { Json, TempProject } from './support/fixtures.js';
import { killAll, spawnServer } from './support/child.js';

let project: TempProject;
let foreign: TempProject;
afterEach(async () => {
  await killAll();
  project.cleanup();
  foreign.cleanup();
});

const TOOLS = [
  'state.get',
  'state.patch',
  'state.validate',
  'state.diff',
  'state.checkpoint',
  'state.rollback',
  'state.summary',
  'state.finalize',
  'spec.get',
  'spec.next',
  'agent.list',
  'agent.read',
  'agent.merge',
];
const RESOURCES = ['skillstate://state', 'skillstate://spec', 'skillstate://summary'];

function setUp(): void {
  project = tempProject();
  project.init({ goal: 'mine' });
  foreign = tempProject();
  foreign.init({ goal: 'theirs' });
}

async function exchange(messages: Array<Record<string, unknown>>): Promise<Json[]> {
  const server = spawnServer(project.dir);
  for (const [i, message] of messages.entries()) {
    server.send(`${JSON.stringify({ jsonrpc: '2.0', id: i + 1, ...message })}\n`);
  }
  const lines = await server.waitForLines(messages.length);
  server.child.stdin.end();
  await server.exited;
  return lines.map((line) => JSON.parse(line)).sort((a: Json, b: Json) => a.id - b.id);
}

const call = (name: string, args: Record<string, unknown>) => ({
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('state confinement (built bin)', () => {
  it('refuses state.get {root: "/etc", name: "passwd"} with -32602 naming root, reading nothing', async () => {
    setUp();
    const [reply] = await exchange([call('state.get', { root: '/etc', name: 'passwd' })]);
    expect(reply.error).toMatchObject({ code: -32602, data: { argument: 'root' } });
    expect(reply.error.message).toContain('root');
    expect(JSON.stringify(reply)).not.toContain('root:x:0:0');
  });

  it('refuses a patch and a rollback aimed at a foreign root, leaving both projects as they were', async () => {
    setUp();
    const theirs = foreign.files();
    const theirState = readFileSync(foreign.statePath, 'utf8');
    const mine = readFileSync(project.statePath, 'utf8');
    const replies = await exchange([
      call('state.patch', { root: foreign.root, patch: { goal: 'hijacked' } }),
      call('state.checkpoint', { root: foreign.root }),
      call('state.rollback', { root: foreign.root }),
      call('state.patch', { name: '../../outside.json', patch: { goal: 'x' } }),
      call('state.rollback', { checkpointId: '../../skillstate' }),
    ]);
    expect(replies.map((r: Json) => [r.error?.code, r.error?.data?.argument])).toEqual([
      [-32602, 'root'],
      [-32602, 'root'],
      [-32602, 'root'],
      [-32602, 'name'],
      [-32602, 'checkpointId'],
    ]);
    expect(foreign.files()).toEqual(theirs);
    expect(readFileSync(foreign.statePath, 'utf8')).toBe(theirState);
    expect(readFileSync(project.statePath, 'utf8')).toBe(mine);
  });

  it('refuses a root argument on every one of the 13 tools and the 3 resources', async () => {
    setUp();
    const replies = await exchange([
      ...TOOLS.map((name) => call(name, { root: foreign.root, agent: 'a', patch: {}, status: 'completed' })),
      ...RESOURCES.map((uri) => ({ method: 'resources/read', params: { uri, root: foreign.root } })),
      { method: 'tools/list', params: {} },
    ]);
    const listed = replies.at(-1).result.tools as Array<{ name: string; inputSchema: Json }>;
    expect(listed.map((t) => t.name)).toEqual(TOOLS);
    for (const tool of listed) expect(Object.keys(tool.inputSchema.properties)).not.toContain('root');
    expect(replies.slice(0, -1).map((r: Json) => r.error?.code)).toEqual(
      Array<number>(TOOLS.length + RESOURCES.length).fill(-32602),
    );
    expect(JSON.stringify(replies)).not.toContain('theirs');
  });

  it("keeps the seed's agent argument working: it scopes inside the launch directory", async () => {
    setUp();
    const [patched, read] = await exchange([
      call('state.patch', { agent: 'w1', patch: { goal: 'sub' } }),
      call('agent.read', { agent: 'w1' }),
    ]);
    expect(patched.result.isError).toBeUndefined();
    expect(JSON.parse(read.result.content[0].text)).toMatchObject({
      agent: 'w1',
      statePath: join(project.root, 'agents', 'w1', 'skillstate.json'),
      state: { goal: 'sub' },
    });
  });
});
