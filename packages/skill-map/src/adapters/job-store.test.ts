// The job zone's store suite, one suite run against every store: SQLite always, PostgreSQL when a throwaway
// cluster can be started here (the `postgres: …` suites are skipped otherwise, and scripts/test.mjs says so).
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPgJobStore, claimSql } from './postgres/job-store.js';
import { openPgSession } from './postgres/pg-session.js';
import type { PgSession } from './postgres/pg-session.js';
import { openDatabase } from './sqlite/open-database.js';
import { openStateSession } from './sqlite/state-session.js';
import { createJobStore } from './sqlite/jobs/job-store.js';
import type { JobStore, NewJob } from './sqlite/jobs/port.js';
import { TransitionLost } from './sqlite/jobs/port.js';
import { hasPostgres, postgresForSuite } from './testing/postgres.js';
import { createTempTree } from './testing/temp-tree.js';

/** One store under test, with what the suite reads beside the port (the content rows kept). */
interface Subject {
  store: JobStore;
  contentRows(): number;
  /** The execution rows of the project: [job id, status, failure reason], oldest first. */
  executions(): Array<[string, string, string | null]>;
  close(): void;
}

const cluster = postgresForSuite({ beforeAll, afterAll });
let dbCount = 0;

const STORES: Array<[string, () => Subject | null]> = [
  [
    'JobStore (SQLite)',
    () => {
      const tree = createTempTree('sm-job-store-');
      const path = join(tree.root, '.skill-map', 'skill-map.db');
      openDatabase({ path, posture: 'write', create: true }).close();
      const session = openStateSession(path, 'write')!;
      return {
        store: createJobStore(session),
        contentRows: () =>
          session.db.prepare(`SELECT COUNT(*) FROM state_job_contents`).pluck().get() as number,
        executions: () =>
          session.db
            .prepare(`SELECT job_id, status, failure_reason FROM state_executions ORDER BY rowid`)
            .raw()
            .all() as Array<[string, string, string | null]>,
        close: () => {
          session.close();
          tree.remove();
        },
      };
    },
  ],
  [
    'postgres: JobStore (PostgreSQL)',
    () => {
      const server = cluster.current();
      if (server === null) return null;
      // Each test on a fresh database, and two projects in it: the other's rows must never show.
      const url = server.createDatabase(`jobs_${++dbCount}`);
      const session = openPgSession(url, 'project-a');
      const other = openPgSession(url, 'project-b');
      createPgJobStore(other).insert(job(), 'another project');
      other.close();
      return {
        store: createPgJobStore(session),
        contentRows: () =>
          session.pg.query<{ n: number }>(
            `SELECT COUNT(*)::int AS n FROM state_job_contents WHERE project_id = 'project-a'`,
          ).rows[0]!.n,
        executions: () =>
          session.pg
            .query<{ job_id: string; status: string; failure_reason: string | null }>(
              `SELECT job_id, status, failure_reason FROM state_executions WHERE project_id = 'project-a'
                ORDER BY finished_at, id`,
            )
            .rows.map((r): [string, string, string | null] => [r.job_id, r.status, r.failure_reason]),
        close: () => session.close(),
      };
    },
  ],
];

let seq = 0;
function job(extra: Partial<NewJob> = {}): NewJob {
  seq += 1;
  return {
    id: `d-20260101-000000-${seq.toString(16).padStart(4, '0')}`,
    extensionId: 'core/ai-a',
    extensionVersion: '1.0.0',
    extensionKind: 'action',
    nodeId: `n${seq}.md`,
    contentHash: `h${seq}`,
    promptTemplateHash: 'p',
    nonce: `nonce-${seq}`,
    priority: 0,
    ttlSeconds: null,
    findingIds: null,
    autoFix: false,
    submittedBy: 'cli',
    createdAt: 1000 + seq,
    ...extra,
  };
}

describe.each(STORES)('%s', (_name, open) => {
  let subject: Subject | null;
  let store: JobStore;
  beforeEach((ctx) => {
    subject = open();
    if (subject === null) return ctx.skip();
    store = subject.store;
  });
  afterEach(() => subject?.close());

  it('refuses a second live job for the same work, but not once the first is terminal', () => {
    const a = job();
    expect(store.insert(a, 'content')).toBe('inserted');
    expect(store.insert(job({ nodeId: a.nodeId, contentHash: a.contentHash }), 'content')).toBe(
      'live-duplicate',
    );
    expect(store.transition(a.id, ['queued', 'running'], { status: 'cancelled', finishedAt: 2 })).toBe(true);
    expect(store.insert(job({ nodeId: a.nodeId, contentHash: a.contentHash }), 'content')).toBe('inserted');
    expect(subject!.contentRows()).toBe(1);
  });

  it('claims by priority then age, with an exact or whole-segment suffix filter, never selecting the nonce for reads', () => {
    const old = job({ createdAt: 1 });
    const urgent = job({ priority: 3, extensionId: 'core/ai-b' });
    const young = job({ createdAt: 5000 });
    for (const j of [old, urgent, young]) store.insert(j, j.contentHash);
    expect(store.claim(10, 'agent', 'ai-a')?.job.id).toBe(old.id);
    expect(store.claim(10, 'agent', 'i-b')).toBeNull();
    expect(store.claim(10, 'agent', '%')).toBeNull(); // literal, not a LIKE wildcard
    expect(store.claim(10, 'agent', 'ai_b')).toBeNull();
    expect(store.list({ extension: '%' })).toEqual([]);
    expect(store.list({ extension: 'ai-b' }).map((j) => j.id)).toEqual([urgent.id]);
    const c = store.claim(10, 'in-process');
    expect(c).toMatchObject({
      nonce: urgent.nonce,
      job: { id: urgent.id, status: 'running', runner: 'in-process' },
    });
    expect(store.claim(10, 'agent')?.job.id).toBe(young.id);
    expect(store.claim(10, 'agent')).toBeNull();
    expect(JSON.stringify(store.list({}))).not.toContain('nonce');
    expect(store.nonceOf(urgent.id)).toBe(urgent.nonce);
  });

  it('reaps only running jobs past expiry and prunes by retention plus orphan contents', () => {
    const a = job({ ttlSeconds: 1 });
    const b = job({ ttlSeconds: null });
    store.insert(a, 'A');
    store.insert(b, 'B');
    store.claim(100, 'agent');
    store.claim(100, 'agent');
    const reap = (now: number, maxAttempts: number) =>
      store.reap(now, { executionId: () => `e-${now}`, nonce: () => `n-${now}`, maxAttempts });
    expect(reap(1100, 2)).toEqual({ requeued: [], failed: [] }); // expiresAt = 1100 is not < 1100
    const first = reap(1101, 2); // the first lost claim: back to the queue with a new nonce
    expect(first.requeued.map((j) => [j.id, j.status, j.claimedAt, j.expiresAt])).toEqual([
      [a.id, 'queued', null, null],
    ]);
    expect(first.failed).toEqual([]);
    expect(store.nonceOf(a.id)).toBe('n-1101');
    expect(store.claim(2000, 'agent')?.job.id).toBe(a.id);
    const second = reap(3001, 2); // the second (of two allowed): failed as abandoned
    expect(second.failed.map((j) => [j.id, j.status, j.failureReason])).toEqual([
      [a.id, 'failed', 'abandoned'],
    ]);
    expect(second.requeued).toEqual([]);
    expect(store.transition(a.id, ['running'], { status: 'completed', finishedAt: 1 })).toBe(false);
    expect(store.prune({ failed: 3100 })).toEqual({ jobs: 1, contents: 1 });
    expect(store.prune({ failed: 3100, completed: 1e12 })).toEqual({ jobs: 0, contents: 0 });
    expect(store.list({}).map((j) => j.id)).toEqual([b.id]);
  });
});

describe.each(STORES)('%s: the claim of the jobs engine', (_name, open) => {
  let subject: Subject | null;
  let store: JobStore;
  beforeEach((ctx) => {
    subject = open();
    if (subject === null) return ctx.skip();
    store = subject.store;
  });
  afterEach(() => subject?.close());
  let drawn = 0;
  const opts = { executionId: () => `e-${++drawn}`, nonce: () => `n-${++drawn}`, maxAttempts: 2 };

  it('reaps expired claims and claims in one call, a job the reap gave back first; every lost claim reaped once', () => {
    const lost = Array.from({ length: 20 }, () => job({ ttlSeconds: 1, priority: 1 }));
    for (const j of lost) store.insert(j, 'lost');
    const fresh = job();
    store.insert(fresh, 'fresh');
    for (let i = 0; i < 20; i++)
      expect(store.claimNext(100, 'agent', undefined, opts).claimed).not.toBeNull();
    // Nothing expired yet: the claim alone.
    expect(store.claimNext(1100, 'agent', undefined, opts)).toMatchObject({
      reaped: { requeued: [], failed: [] },
      claimed: { job: { id: fresh.id } },
    });
    // Past the TTL: each call reaps (a store may bound how many per call) and claims the oldest job given back.
    const requeued: string[] = [];
    const claimed: string[] = [];
    for (let i = 0; i < 20 && requeued.length < 20; i++) {
      const next = store.claimNext(2000, 'agent', undefined, opts);
      requeued.push(...next.reaped.requeued.map((j) => j.id));
      expect(next.reaped.failed).toEqual([]);
      claimed.push(next.claimed!.job.id);
      expect(next.claimed!.nonce).toBe(store.nonceOf(next.claimed!.job.id));
    }
    expect([...requeued].sort()).toEqual(lost.map((j) => j.id).sort());
    expect(claimed[0]).toBe(lost[0]!.id);
    expect(subject!.executions().filter((e) => e[2] === 'abandoned')).toHaveLength(20);
  });

  it('settle: a transition that lost its race throws TransitionLost from the transaction, which leaves nothing', () => {
    const a = job();
    store.insert(a, 'A');
    const claimed = store.claimNext(100, 'agent', undefined, opts).claimed!;
    expect(store.transition(a.id, ['running'], { status: 'cancelled', finishedAt: 150 })).toBe(true);
    const record = (): void =>
      store.transaction(() => {
        store.settle(claimed.job.id, ['running'], { status: 'completed', finishedAt: 200 });
        store.insertExecution({
          id: 'e-lost',
          extensionId: a.extensionId,
          extensionVersion: a.extensionVersion,
          nodeIds: [a.nodeId],
          contentHash: a.contentHash,
          status: 'completed',
          failureReason: null,
          runner: 'agent',
          startedAt: 100,
          finishedAt: 200,
          durationMs: 100,
          tokensIn: null,
          tokensOut: null,
          model: null,
          reportJson: null,
          jobId: a.id,
        });
      });
    expect(record).toThrow(TransitionLost);
    expect(store.get(a.id)?.status).toBe('cancelled');
    expect(subject!.executions()).toEqual([]);
    // The session is usable after the rolled-back transaction.
    const b = job();
    store.insert(b, 'B');
    expect(store.claimNext(300, 'agent', undefined, opts).claimed?.job.id).toBe(b.id);
  });
});

describe.skipIf(!hasPostgres())('postgres: JobStore, claimers on many connections at once', () => {
  it('hands each queued job to exactly one of 16 concurrent claimers', async (ctx) => {
    const server = cluster.current();
    if (server === null) return ctx.skip();
    const url = server.createDatabase(`jobs_${++dbCount}`);
    const session: PgSession = openPgSession(url, 'project-a');
    const store = createPgJobStore(session);
    const total = 2000;
    store.transaction(() => {
      for (let i = 0; i < total; i++) store.insert(job({ priority: i % 3 }), `c${i}`);
    });
    const claimers = Array.from({ length: 16 }, () => new pg.Client({ connectionString: url }));
    await Promise.all(claimers.map((c) => c.connect()));
    try {
      const taken = await Promise.all(
        claimers.map(async (c, n) => {
          const ids: string[] = [];
          for (;;) {
            const r = await c.query<{ id: string }>(claimSql(false), ['project-a', 10, 'agent']);
            if (r.rows[0] === undefined) return ids;
            ids.push(r.rows[0].id);
            if (ids.length % 50 === 0) await new Promise((resolve) => setImmediate(resolve, n));
          }
        }),
      );
      const all = taken.flat();
      expect(all).toHaveLength(total);
      expect(new Set(all).size).toBe(total);
      expect(taken.filter((ids) => ids.length > 0).length).toBeGreaterThan(1);
      expect(store.list({ status: 'queued' })).toEqual([]);
      expect(store.list({ status: 'running' })).toHaveLength(total);
    } finally {
      await Promise.all(claimers.map((c) => c.end()));
      session.close();
    }
  }, 120_000);

  it('reads a handful of pages per claim, however long the queue (the picked row is updated by its key)', (ctx) => {
    const server = cluster.current();
    if (server === null) return ctx.skip();
    const session: PgSession = openPgSession(server.createDatabase(`jobs_${++dbCount}`), 'project-a');
    const store = createPgJobStore(session);
    try {
      store.transaction(() => {
        for (let i = 0; i < 6000; i++) store.insert(job(), `c${i}`);
      });
      // The shared pages each form of the claim touched, the function's inner statements included.
      const pages = (sql: string, params: unknown[]): number => {
        const plan = session.pg.query<{ 'QUERY PLAN': Array<{ Plan: Record<string, number> }> }>(
          `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`,
          params,
        ).rows[0]!['QUERY PLAN'][0]!.Plan;
        return (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
      };
      const fn = `SELECT * FROM sm_claim_next($1, $2, $3, NULL, '{}', '{}', 3, TRUE)`;
      // Each form twice: the first call of a function in a session also reads the catalog.
      const claims = [fn, fn, claimSql(false), claimSql(false)].map((sql) =>
        pages(sql, ['project-a', 10, 'agent']),
      );
      // All four claimed, and neither form walked the 6,000 queued rows (over 100 pages).
      expect(store.list({ status: 'running' })).toHaveLength(4);
      for (const n of [claims[1], claims[3]]) expect(n).toBeLessThan(40);
    } finally {
      session.close();
    }
  });
});
