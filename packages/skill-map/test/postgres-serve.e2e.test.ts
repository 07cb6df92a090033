// Issue 29: `sm serve --mcp` processes on one PostgreSQL database, each serving its own clone of one repository (the
// same projectId, several folders). Two servers: an agent parks `claim_job {wait}` on server B; a job submitted
// through server A's MCP endpoint wakes it (LISTEN/NOTIFY, not the claim's re-attempt interval, a minute here); B
// records it, and A's REST answers the job as completed. Three servers: 24 agents drain 20,000 jobs while one server
// is killed mid-claim; every job is recorded exactly once, the killed server's claims come back through the TTL reap.
// Built bin, official SDK clients, a throwaway cluster (skipped without PostgreSQL).
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import WebSocket from 'ws';
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

/** A clone of the repository: the same files and the same committed settings (projectId), in a folder of its own. */
function clone(settings: Json): TempTree {
  const t = createTempTree('sm-pg-serve-');
  t.write(FILES);
  mkdirSync(join(t.root, '.skill-map'), { recursive: true });
  writeFileSync(join(t.root, '.skill-map', 'settings.json'), JSON.stringify(settings));
  clones.push(t);
  return t;
}
// A minute between a parked claim's re-attempts: only a wake can return it sooner.
const PARKED = { projectId: 'shared-repo', jobs: { claimWaitSeconds: 60 } };

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
    const a = await spawnServe(clone(PARKED).root, ['--mcp', '--no-watcher', '--db', url]);
    servers.push(a);
    const b = await spawnServe(clone(PARKED).root, ['--mcp', '--no-watcher', '--db', url]);
    servers.push(b);
    const health = (await (await fetch(`${a.baseUrl}/api/health`)).json()) as Json;
    expect(health['dbPath']).toBe(url); // no password in this URL; shown as the database
    const map = (await (await fetch(`${b.baseUrl}/api/map`)).json()) as Json;
    expect((map['nodes'] as Json[]).map((n) => n['path'])).toContain(LINT);

    const onA = await agent(a);
    const onB = await agent(b);
    // A's page: its /ws must carry what happens to the job through B too.
    const frames: Json[] = [];
    const ws = new WebSocket(`${a.baseUrl.replace('http', 'ws')}/ws`);
    ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8')) as Json));
    await new Promise((resolve) => ws.once('open', resolve));
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
    // B's claim and record reach A's /ws (the event relay); A's own submit was there from the start.
    const seen = async (type: string): Promise<void> => {
      for (let i = 0; i < 200 && !frames.some((f) => JSON.stringify(f).includes(`"${type}"`)); i++)
        await new Promise((resolve) => setTimeout(resolve, 25));
    };
    await seen('job.completed');
    const about = (type: string): boolean =>
      frames.some(
        (f) =>
          JSON.stringify(f).includes(`"${type}"`) && JSON.stringify(f).includes(String(created['jobId'])),
      );
    expect(['job.submitted', 'job.claimed', 'job.completed'].map(about)).toEqual([true, true, true]);
    ws.close();
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

  it('three servers, 24 agents, 20,000 jobs, one server killed mid-claim: each job recorded exactly once', async (ctx) => {
    const server = cluster.current();
    if (server === null) return ctx.skip();
    const url = server.createDatabase('many');
    const settings = { projectId: 'big-repo', jobs: { ttlSeconds: 2 } };
    const trio: ServeProcess[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await spawnServe(clone(settings).root, ['--mcp', '--no-watcher', '--db', url]);
      servers.push(s);
      trio.push(s);
    }
    // 20,000 queued jobs, put straight into the queue (this test is about claim and record, not submit): one content
    // each, a 2 s TTL so the killed server's claims come back quickly.
    const TOTAL = 20_000;
    const sql = new pg.Client({ connectionString: url });
    await sql.connect();
    try {
      await sql.query(
        `INSERT INTO state_job_contents (project_id, content_hash, content, created_at)
          SELECT 'big-repo', 'h-' || i, 'Lint this node.', 0 FROM generate_series(1, $1) AS i`,
        [TOTAL],
      );
      await sql.query(
        `INSERT INTO state_jobs (project_id, id, extension_id, extension_version, extension_kind, node_id, content_hash,
            prompt_template_hash, nonce, status, priority, ttl_seconds, auto_fix, submitted_by, created_at)
          SELECT 'big-repo', 'd-bulk-' || i, 'core/ai-vagueness-analyzer', '1.0.0', 'analyzer', $2, 'h-' || i, 'p',
            md5(random()::text), 'queued', 0, 2, FALSE, 'test', i FROM generate_series(1, $1) AS i`,
        [TOTAL, LINT],
      );
      // 8 agents per server; the third server dies once a few hundred jobs are done, mid-claim.
      const recorded: string[] = [];
      let killed = false;
      const runAgent = async (serve: ServeProcess, victim: boolean): Promise<void> => {
        // A victim's agent stops at its server's death, wherever it is (connecting, claiming or recording).
        if (victim) return work(serve, true).catch(() => undefined);
        // A survivor's failure carries its server's log, where an internal error's cause is written.
        return work(serve, false).catch((err: unknown) => {
          throw new Error(`${String(err)}\n--- server log ---\n${serve.stderr().slice(-4000)}`);
        });
      };
      const work = async (serve: ServeProcess, victim: boolean): Promise<void> => {
        const call = await agent(serve);
        for (;;) {
          if (victim && killed) return;
          const claimed = await call('claim_job');
          if (claimed['id'] === null) return;
          if (victim && !killed && recorded.length >= 500) {
            killed = true;
            await serve.kill(); // this claim, and the other running ones of this server, are never recorded
            return;
          }
          const out = await call('record_job', {
            id: claimed['id'],
            nonce: claimed['nonce'],
            status: 'completed',
            report: REPORT,
          });
          // A claim held past its TTL (a slow machine) was reaped and handed to another agent: its nonce no longer
          // records anything, which is the contract; the job is recorded by the agent that holds it now.
          if (out['outcome'] === 'nonce-mismatch' || out['outcome'] === 'not-running') continue;
          if (out['outcome'] !== 'completed') throw new Error(`record ${claimed['id']}: ${out['outcome']}`);
          recorded.push(claimed['id'] as string);
        }
      };
      const survivors = trio.slice(0, 2);
      const victim = trio[2]!;
      // The survivors' agents go on until the queue is empty AND no claim is left running (the killed server's
      // claims come back after their TTL: an agent that found the queue empty looks again a little later).
      const drainAll = async (serve: ServeProcess): Promise<void> => {
        for (;;) {
          await runAgent(serve, false);
          const running = await sql.query(
            `SELECT COUNT(*)::int AS n FROM state_jobs WHERE project_id = 'big-repo' AND status IN ('queued', 'running')`,
          );
          if ((running.rows[0] as { n: number }).n === 0) return;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      };
      await Promise.all([
        ...Array.from({ length: 8 }, () => runAgent(victim, true)),
        ...survivors.flatMap((s) => Array.from({ length: 8 }, () => drainAll(s))),
      ]);
      expect(killed).toBe(true);
      // Each job recorded exactly once, by one agent; every job completed; the lost claims left abandoned rows.
      // No job recorded twice by the agents; a record whose answer the killed server never sent may be missing from
      // their list, so the count of recorded jobs is read from the database.
      expect(new Set(recorded).size).toBe(recorded.length);
      const once = await sql.query(
        `SELECT COUNT(DISTINCT job_id)::int AS jobs FROM state_executions WHERE project_id = 'big-repo' AND status = 'completed'`,
      );
      expect(once.rows).toEqual([{ jobs: TOTAL }]);
      const states = await sql.query(
        `SELECT status, COUNT(*)::int AS n FROM state_jobs WHERE project_id = 'big-repo' GROUP BY status`,
      );
      expect(states.rows).toEqual([{ status: 'completed', n: TOTAL }]);
      const executions = await sql.query(
        `SELECT status, failure_reason, COUNT(*)::int AS n FROM state_executions WHERE project_id = 'big-repo'
          GROUP BY status, failure_reason ORDER BY status`,
      );
      const rows = executions.rows as Array<{ status: string; failure_reason: string | null; n: number }>;
      expect(rows.find((r) => r.status === 'completed')?.n).toBe(TOTAL);
      expect(rows.find((r) => r.failure_reason === 'abandoned')?.n ?? 0).toBeGreaterThan(0);
    } finally {
      await sql.end();
    }
  }, 900_000);
});
