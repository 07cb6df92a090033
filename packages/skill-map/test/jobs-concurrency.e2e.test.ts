// Acceptance 3 of the jobs engine: eight agent PROCESSES claim concurrently from 2,000 queued jobs through the
// built engine (dist/). Every job is claimed exactly once and recorded once, wrong nonces mutate nothing, and a
// running job past its TTL (its agent died) is reaped by the workers' first claims: back to the queue, then claimed
// and recorded by one of them.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimJob, submitJob } from '../src/engines/jobs/index.js';
import { SUMMARIZER_ID, TAGGER_ID } from '../src/engines/jobs/testing/extensions.js';
import { createJobsProject } from '../src/engines/jobs/testing/project.js';
import type { JobsProject } from '../src/engines/jobs/testing/project.js';

const WORKER = fileURLToPath(new URL('./jobs-concurrency/worker.mjs', import.meta.url));
const SUBMITTER = fileURLToPath(new URL('./jobs-concurrency/submit-worker.mjs', import.meta.url));
const BUILT = fileURLToPath(new URL('../dist/engines/jobs/testing/extensions.js', import.meta.url));
const FILES = 400;
const AGENTS = 8;
/** A cap for a loaded machine, not a performance assertion (bench:queue measures). */
const SLOW = 300_000;

interface WorkerOut {
  claimed: string[];
  mismatches: number;
  errors: string[];
}

function runWorker<T = WorkerOut>(p: JobsProject, script = WORKER, extra: string[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, p.tree.root, p.dbPath, ...extra], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`worker exited ${code}: ${err}`));
      else resolve(JSON.parse(out) as T);
    });
  });
}

let p: JobsProject;
let expiredId = '';

describe.skipIf(!existsSync(BUILT))('eight agent processes over one queue (built engine)', () => {
  beforeAll(async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < FILES; i += 1) files[`docs/n${i}.md`] = `# Note ${i}\nBody of note ${i}.\n`;
    files['docs/stale.md'] = '# Stale\nClaimed by an agent that died.\n';
    p = await createJobsProject(files);
    // A job claimed long ago with a 60 s TTL: expired, still running, waiting for the next claim to reap it.
    const real = p.clock.now;
    p.clock.now = Date.now() - 3_600_000;
    const stale = await submitJob(p.ctx, {
      node: 'docs/stale.md',
      extension: SUMMARIZER_ID,
      ttl: 60,
      priority: 100,
    });
    if (stale.outcome !== 'created') throw new Error(stale.outcome);
    expiredId = stale.jobId;
    if (claimJob(p.ctx, {})?.id !== expiredId) throw new Error('setup: the stale job was not claimed first');
    p.clock.now = real;
    for (let i = 0; i < FILES; i += 1)
      for (const extension of [TAGGER_ID, SUMMARIZER_ID]) {
        const out = await submitJob(p.ctx, { node: `docs/n${i}.md`, extension, ttl: 0 });
        if (out.outcome !== 'created') throw new Error(`setup submit ${i}: ${JSON.stringify(out)}`);
      }
  }, SLOW);
  afterAll(() => p?.remove());

  it(
    'claims every job exactly once, records each once, refuses wrong nonces, gives the expired job back',
    async () => {
      const results = await Promise.all(Array.from({ length: AGENTS }, () => runWorker(p)));
      const claimed = results.flatMap((r) => r.claimed);
      expect(results.flatMap((r) => r.errors)).toEqual([]);
      expect(claimed).toHaveLength(2 * FILES + 1);
      expect(new Set(claimed).size).toBe(2 * FILES + 1);
      expect(claimed).toContain(expiredId); // its dead agent's claim lapsed; a live agent took the job over
      expect(results.reduce((n, r) => n + r.mismatches, 0)).toBe(2 * FILES + 1);
      expect(results.filter((r) => r.claimed.length > 0).length).toBeGreaterThan(1); // they really raced

      const db = new Database(p.dbPath, { readonly: true });
      try {
        const byStatus = db
          .prepare(
            `SELECT status, failure_reason AS reason, COUNT(*) AS n FROM state_jobs GROUP BY 1, 2 ORDER BY 1`,
          )
          .all();
        expect(byStatus).toEqual([{ status: 'completed', reason: null, n: 2 * FILES + 1 }]);
        const perJob = db
          .prepare(`SELECT job_id, COUNT(*) AS n FROM state_executions GROUP BY job_id HAVING n <> 1`)
          .all();
        expect(perJob).toEqual([{ job_id: expiredId, n: 2 }]); // the lost claim, then the completed one
        const executions = db
          .prepare(`SELECT status, COUNT(*) AS n FROM state_executions GROUP BY 1 ORDER BY 1`)
          .all();
        expect(executions).toEqual([
          { status: 'completed', n: 2 * FILES + 1 },
          { status: 'failed', n: 1 },
        ]);
        expect(
          db
            .prepare(
              `SELECT status, failure_reason AS reason FROM state_executions WHERE job_id = ? ORDER BY 1`,
            )
            .all(expiredId),
        ).toEqual([
          { status: 'completed', reason: null },
          { status: 'failed', reason: 'abandoned' },
        ]);
        expect(db.prepare(`SELECT COUNT(*) FROM state_summaries`).pluck().get()).toBe(FILES + 1);
      } finally {
        db.close();
      }
    },
    SLOW,
  );

  it('eight processes forcing the same submit at once create exactly one live job', async () => {
    const q = await createJobsProject();
    try {
      const node = '.claude/agents/reviewer.md';
      const outs = await Promise.all(
        Array.from({ length: AGENTS }, () =>
          runWorker<{ outcome: string }>(q, SUBMITTER, [node, SUMMARIZER_ID]),
        ),
      );
      expect(outs.map((o) => o.outcome).sort()).toEqual([
        'created',
        ...Array<string>(AGENTS - 1).fill('duplicate'),
      ]);
      const db = new Database(q.dbPath, { readonly: true });
      try {
        expect(db.prepare(`SELECT COUNT(*) FROM state_jobs`).pluck().get()).toBe(1);
      } finally {
        db.close();
      }
    } finally {
      q.remove();
    }
  });
});
