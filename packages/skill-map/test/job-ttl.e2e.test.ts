// Issue 23 point 9: a job claimed with the default settings never came back to the queue when its agent died (no
// default TTL, and a reaped claim failed the job). Jobs now carry a default TTL; when it lapses, the next claim gives
// the job back to the queue for another agent, and the dead agent's nonce records nothing. Built bin, spawned
// `sm serve --mcp`, official SDK client as the agent that dies, `sm jobs claim --wait` as the agent that takes over.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm } from './support/sm-bin.js';
import { smAsync, spawnServe, type ServeProcess } from './support/sm-process.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads are read loosely; shapes are asserted
type Json = Record<string, any>;

const LINT = '.claude/skills/lint/SKILL.md';
const REPORT = JSON.stringify({
  confidence: 0.8,
  safety: { injectionDetected: false, contentQuality: 'clean' },
  findings: [],
});

let tree: TempTree;
let serve: ServeProcess | undefined;
let agentA: Client | undefined;

const sm = (argv: string[]): Json => {
  const run = runSm([...argv, '--json'], { cwd: tree.root });
  expect([0, 3], run.stderr).toContain(run.code);
  return JSON.parse(run.stdout) as Json;
};

beforeAll(() => {
  tree = createTempTree('sm-e2e-ttl-');
  tree.write({
    [LINT]: '---\nname: lint\ndescription: Lints the code base.\n---\n# Lint\nRun the linter.\n',
    'README.md': '# Project\n',
  });
  expect(runSm(['scan', '-q'], { cwd: tree.root }).code).toBe(0);
  expect(runSm(['agent', 'install', '--json'], { cwd: tree.root }).code).toBe(0);
});
afterAll(async () => {
  await agentA?.close().catch(() => undefined);
  await serve?.stop();
  tree?.remove();
});

describe.skipIf(!isBuilt())('a dead agent’s job comes back (built bin, sm serve --mcp)', () => {
  it('a job submitted with the default settings carries a TTL', () => {
    const created = sm(['jobs', 'submit', LINT, 'ai-vagueness-analyzer']);
    expect(created['status']).toBe('queued');
    const job = sm(['jobs', 'show', created['id']])['item'] as Json;
    expect(sm(['jobs', 'cancel', created['id']])).toMatchObject({ outcome: 'cancelled' });
    expect(job).toMatchObject({ ttlSeconds: 1800 });
  });

  it('the claim of an agent that died lapses; another agent claims the job and records it', async () => {
    // A short TTL in the project's settings, and quick re-attempts of the waiting claim.
    writeFileSync(
      join(tree.root, '.skill-map', 'settings.json'),
      JSON.stringify({ jobs: { ttlSeconds: 1, claimWaitSeconds: 0.2 } }),
    );
    serve = await spawnServe(tree.root, ['--mcp', '--no-watcher']);
    agentA = new Client({ name: 'agent-a', version: '1.0.0' });
    await agentA.connect(new StreamableHTTPClientTransport(new URL(serve.mcpUrl)));
    const call = async (name: string, args: Json = {}): Promise<Json> =>
      (await agentA!.callTool({ name, arguments: args })).structuredContent as Json;

    const created = await call('submit_job', { node: LINT, extension: 'ai-security-analyzer' });
    expect(created['outcome']).toBe('created');
    const claimedA = await call('claim_job');
    expect(claimedA['id']).toBe(created['jobId']);
    expect((await call('get_job', { id: created['jobId'] }))['item']).toMatchObject({ ttlSeconds: 1 });
    await agentA.close(); // agent A dies without recording

    // Agent B parks on the queue: once A's claim lapses, a re-attempt gives the job back and hands it to B.
    const b = await smAsync(tree.root, ['jobs', 'claim', '--wait', '--timeout', '30', '--json']);
    expect(b.code, b.stderr).toBe(0);
    const claimedB = JSON.parse(b.stdout) as Json;
    expect(claimedB).toMatchObject({ id: created['jobId'], content: claimedA['content'] });
    expect(claimedB['nonce']).not.toBe(claimedA['nonce']);

    const record = (nonce: string) =>
      smAsync(
        tree.root,
        ['record', created['jobId'], '--nonce', nonce, '--status', 'completed', '--report', '-'],
        REPORT,
      );
    const late = await record(claimedA['nonce'] as string); // A's claim was given back: it records nothing
    expect(late.code).toBe(4);
    const done = await record(claimedB['nonce'] as string);
    expect(done.code, done.stderr).toBe(0);
    expect(sm(['jobs', 'show', created['jobId']])['item']).toMatchObject({ status: 'completed' });
  });
});
