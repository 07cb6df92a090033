import type { SqliteStateSession as StateSession } from '../state-session.js';
import { cached } from '../statements.js';
import { insertExecution } from './job-side-rows.js';
import { JOB_COLUMNS, toJobRecord } from './job-rows.js';
import type { JobRowOut } from './job-rows.js';
import type { JobRecord, NewExecution, PruneCutoffs, ReapOptions, Reaped } from './port.js';

const REQUEUE = `UPDATE state_jobs SET status = 'queued', claimed_at = NULL, expires_at = NULL, runner = NULL,
  nonce = @nonce WHERE id = @id AND status = 'running' RETURNING ${JOB_COLUMNS}`;
const ABANDON = `UPDATE state_jobs SET status = 'failed', failure_reason = 'abandoned', finished_at = @now
  WHERE id = @id AND status = 'running' RETURNING ${JOB_COLUMNS}`;

/**
 * Running jobs whose TTL elapsed (their agent is presumed dead), in one transaction: each lost claim gets a failed /
 * `abandoned` execution row; the job goes back to the queue with a new nonce (so the lost claim can record nothing),
 * unless that was its `maxAttempts`-th lost claim: then the job fails as `abandoned`.
 */
export function reapExpired(session: StateSession, now: number, opts: ReapOptions): Reaped {
  const { db } = session;
  if (!hasExpired(session, now)) return { requeued: [], failed: [] };
  return session.transaction(() => {
    const expired = (
      cached(
        db,
        `SELECT ${JOB_COLUMNS} FROM state_jobs WHERE status = 'running' AND expires_at IS NOT NULL AND expires_at < ?
          ORDER BY created_at, rowid`,
      ).all(now) as JobRowOut[]
    ).map(toJobRecord);
    const reaped: Reaped = { requeued: [], failed: [] };
    for (const job of expired) {
      insertExecution(db, abandonedExecution(job, now, opts.executionId()));
      const lost = cached(
        db,
        `SELECT COUNT(*) FROM state_executions WHERE job_id = ? AND failure_reason = 'abandoned'`,
        'pluck',
      ).get(job.id) as number;
      const requeue = lost < opts.maxAttempts;
      const row = cached(db, requeue ? REQUEUE : ABANDON).get(
        requeue ? { id: job.id, nonce: opts.nonce() } : { id: job.id, now },
      ) as JobRowOut | undefined;
      if (row !== undefined) (requeue ? reaped.requeued : reaped.failed).push(toJobRecord(row));
    }
    return reaped;
  });
}

/** True when some running job's claim expired before `now` (what a reap would act on). */
export function hasExpired(session: StateSession, now: number): boolean {
  return (
    cached(
      session.db,
      `SELECT 1 FROM state_jobs WHERE status = 'running' AND expires_at IS NOT NULL AND expires_at < ? LIMIT 1`,
      'pluck',
    ).get(now) !== undefined
  );
}

/** The execution row of one claim lost to its TTL (every store's reap writes this one). */
export function abandonedExecution(job: JobRecord, now: number, id: string): NewExecution {
  return {
    id,
    extensionId: job.extensionId,
    extensionVersion: job.extensionVersion,
    nodeIds: job.nodeId === null ? [] : [job.nodeId],
    contentHash: job.contentHash,
    status: 'failed',
    failureReason: 'abandoned',
    runner: job.runner ?? null,
    startedAt: job.claimedAt ?? null,
    finishedAt: now,
    durationMs: job.claimedAt == null ? null : now - job.claimedAt,
    tokensIn: null,
    tokensOut: null,
    model: null,
    reportJson: null,
    jobId: job.id,
  };
}

/** Retention per terminal status, then GC of content rows no job references; one transaction. */
export function pruneJobs(session: StateSession, cutoffs: PruneCutoffs): { jobs: number; contents: number } {
  const { db } = session;
  return session.transaction(() => {
    let jobs = 0;
    for (const status of ['completed', 'failed', 'cancelled'] as const) {
      const before = cutoffs[status];
      if (before === undefined || before === null) continue;
      jobs += cached(
        db,
        `DELETE FROM state_jobs WHERE status = ? AND COALESCE(finished_at, created_at) < ?`,
      ).run(status, before).changes;
    }
    const contents = cached(
      db,
      `DELETE FROM state_job_contents WHERE content_hash NOT IN (SELECT content_hash FROM state_jobs)`,
    ).run().changes;
    return { jobs, contents };
  });
}
