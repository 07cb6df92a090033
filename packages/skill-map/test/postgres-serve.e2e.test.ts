// Issue 29: two `sm serve --mcp` processes on one PostgreSQL database, each serving its own clone of one repository
// (the same projectId, two folders). An agent parks `claim_job {wait}` on server B; a job submitted through server
// A's MCP endpoint wakes it (LISTEN/NOTIFY, not the claim's re-attempt interval, which is set to a minute here); B
// records it, and A's REST answers the job as completed. Built bin, official SDK clients, a throwaway cluster
// (skipped without PostgreSQL).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres, postgresForSuite } from '../src/adapters/testing/postgres.js';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt } from './support/sm-bin.js';
import { spawnServe, type ServeProcess } from './support/sm-process.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payloads are read loosely; shapes are asserted
type Json = Record<string, any>;

const LINT = '.claude/skills/lint/SKILL.md';
const FILES = {
  [LINT]: '---\nname: lint\ndescription: Lints the code base.\n---\n# Lint\nRun the linter.\n',
  '.claude/skills/sm-process-jobs/SKILL.md': '---\nname: sm-process-jobs\n---\nProcess jobs.\n',
  'README.md': '# Project\n',
};
const REPORT = JSON.stringify({
  confidence: 0.8,
  safety: { injectionDetected: false, contentQuality: 'clean' },
  findings: [],
});

const cluster = postgresForSuite({ beforeAll, afterAll });
const clones: TempTree[] = [];
const servers: ServeProcess[] = [];
const clients: Client[] = [];
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  for (const s of servers) await s.stop();
  for (const t of clones) t.remove();
});

/** A clone of the repository: the same files and the same committed projectId, in a folder of its own. */
function clone(): TempTree {
  const t = createTempTree('sm-pg-serve-');
  t.write(FILES);
  mkdirSync(join(t.root, '.skill-map'), { recursive: true });
  // A minute between the parked claim's re-attempts: only a wake can return it sooner.
  writeFileSync(
    join(t.root, '.skill-map', 'settings.json'),
    JSON.stringify({ projectId: 'shared-repo', jobs: { claimWaitSeconds: 60 } }),
  );
  clones.push(t);
  return t;
}

async function agent(serve: ServeProcess): Promise<(name: string, args?: Json) => Promise<Json>> {
  const client = new Client({ name: 'agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(serve.mcpUrl)));
  clients.push(client);
  return async (name, args = {}) =>
    (await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 }))
      .structuredContent as Json;
}

describe.skipIf(!isBuilt() || !hasPostgres())('postgres: two servers on one database', () => {
  it('a job submitted through one server wakes a claim parked on the other, which records it', async (ctx) => {
    const server = cluster.current();
    if (server === null) return ctx.skip();
    const url = server.createDatabase('serve');
    const a = await spawnServe(clone().root, ['--mcp', '--no-watcher', '--db', url]);
    servers.push(a);
    const b = await spawnServe(clone().root, ['--mcp', '--no-watcher', '--db', url]);
    servers.push(b);
    const health = (await (await fetch(`${a.baseUrl}/api/health`)).json()) as Json;
    expect(health['dbPath']).toBe(url); // no password in this URL; shown as the database
    const map = (await (await fetch(`${b.baseUrl}/api/map`)).json()) as Json;
    expect((map['nodes'] as Json[]).map((n) => n['path'])).toContain(LINT);

    const onA = await agent(a);
    const onB = await agent(b);
    const started = Date.now();
    const parked = onB('claim_job', { wait: 90 });
    await new Promise((resolve) => setTimeout(resolve, 300)); // B's first attempt found an empty queue
    const created = await onA('submit_job', { node: LINT, extension: 'ai-vagueness-analyzer' });
    expect(created['outcome']).toBe('created');
    const claimed = await parked;
    expect(claimed['id']).toBe(created['jobId']);
    expect(Date.now() - started).toBeLessThan(60_000); // woken, not re-attempted a minute later
    const recorded = await onB('record_job', {
      id: claimed['id'],
      nonce: claimed['nonce'],
      status: 'completed',
      report: REPORT,
    });
    expect(recorded['outcome']).toBe('completed');
    const listed = (await (await fetch(`${a.baseUrl}/api/jobs`)).json()) as Json;
    expect((listed['items'] as Json[]).map((j) => [j['id'], j['status']])).toEqual([
      [created['jobId'], 'completed'],
    ]);
    // A wrong nonce changes nothing.
    const again = await onA('submit_job', { node: LINT, extension: 'ai-vagueness-analyzer' });
    const second = await onA('claim_job');
    expect(second['id']).toBe(again['jobId']);
    const wrong = await onB('record_job', {
      id: second['id'],
      nonce: 'not-it',
      status: 'completed',
      report: REPORT,
    });
    expect(wrong['outcome']).not.toBe('completed');
    const still = (await (await fetch(`${b.baseUrl}/api/jobs?status=running`)).json()) as Json;
    expect((still['items'] as Json[]).map((j) => j['id'])).toEqual([second['id']]);
  }, 180_000);
});
