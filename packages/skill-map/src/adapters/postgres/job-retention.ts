// The job zone's retention on PostgreSQL, as in SQLite's (adapters/sqlite/jobs/job-retention.ts): the reap of claims
// past their TTL (the port's own `reap`; the jobs engine's claim reaps inside sm_claim_next) and the prune by
// retention.
import type { PruneCutoffs, Reaped, ReapOptions } from '../sqlite/jobs/port.js';
import { abandonedExecution } from '../sqlite/jobs/job-retention.js';
import { JOB_COLUMNS } from '../sqlite/jobs/job-rows.js';
import { executionParams, INSERT_EXECUTION, toRecord } from './job-rows.js';
import type { PgJobRow } from './job-rows.js';
import type { PgSession } from './pg-session.js';
import { JOBS_CHANNEL } from './queue-wake.js';

/** Running jobs past their expiry lose their claim, as in SQLite's reap (job-retention.ts), in one transaction. */
export function reapExpired(session: PgSession, now: number, opts: ReapOptions): Reaped {
  const { pg, projectId: p } = session;
  const due = `project_id = $1 AND status = 'running' AND expires_at IS NOT NULL AND expires_at < $2`;
  if (pg.query(`SELECT 1 FROM state_jobs WHERE ${due} LIMIT 1`, [p, now]).rowCount === 0) {
    return { requeued: [], failed: [] };
  }
  return session.transaction(() => {
    // Locked, skipping rows another server is reaping or recording right now (it will handle them).
    const expired = pg
      .query<PgJobRow>(
        `SELECT ${JOB_COLUMNS} FROM state_jobs WHERE ${due} ORDER BY created_at, seq FOR UPDATE SKIP LOCKED`,
        [p, now],
      )
      .rows.map(toRecord);
    const reaped: Reaped = { requeued: [], failed: [] };
    for (const job of expired) {
      const execution = abandonedExecution(job, now, opts.executionId());
      pg.write(INSERT_EXECUTION, executionParams(p, execution));
      const lost =
        pg.query<{ n: number }>(
          `SELECT COUNT(*)::int AS n FROM state_executions WHERE project_id = $1 AND job_id = $2 AND failure_reason = 'abandoned'`,
          [p, job.id],
        ).rows[0]?.n ?? 0;
      const requeue = lost < opts.maxAttempts;
      const row = requeue
        ? pg.query<PgJobRow>(
            `UPDATE state_jobs SET status = 'queued', claimed_at = NULL, expires_at = NULL, runner = NULL, nonce = $3
              WHERE project_id = $1 AND id = $2 AND status = 'running' RETURNING ${JOB_COLUMNS}`,
            [p, job.id, opts.nonce()],
          ).rows[0]
        : pg.query<PgJobRow>(
            `UPDATE state_jobs SET status = 'failed', failure_reason = 'abandoned', finished_at = $3
              WHERE project_id = $1 AND id = $2 AND status = 'running' RETURNING ${JOB_COLUMNS}`,
            [p, job.id, now],
          ).rows[0];
      if (row !== undefined) (requeue ? reaped.requeued : reaped.failed).push(toRecord(row));
    }
    if (reaped.requeued.length > 0) pg.write(`SELECT pg_notify('${JOBS_CHANNEL}', $1)`, [p]);
    return reaped;
  });
}

/** Retention per terminal status, then the content rows no job of the project references; one transaction. */
export function pruneJobs(session: PgSession, cutoffs: PruneCutoffs): { jobs: number; contents: number } {
  const { pg, projectId: p } = session;
  return session.transaction(() => {
    let jobs = 0;
    for (const status of ['completed', 'failed', 'cancelled'] as const) {
      const before = cutoffs[status];
      if (before === undefined || before === null) continue;
      jobs += pg.query(
        `DELETE FROM state_jobs WHERE project_id = $1 AND status = $2 AND COALESCE(finished_at, created_at) < $3`,
        [p, status, before],
      ).rowCount;
    }
    const contents = pg.query(
      `DELETE FROM state_job_contents c WHERE c.project_id = $1
        AND NOT EXISTS (SELECT 1 FROM state_jobs j WHERE j.project_id = c.project_id AND j.content_hash = c.content_hash)`,
      [p],
    ).rowCount;
    return { jobs, contents };
  });
}
