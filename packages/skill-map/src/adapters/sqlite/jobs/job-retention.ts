import type { StateSession } from '../state-session.js';
import { cached } from '../statements.js';
import { insertExecution } from './job-side-rows.js';
import { JOB_COLUMNS, toJobRecord } from './job-rows.js';
import type { JobRowOut } from './job-rows.js';
import type { JobRecord, PruneCutoffs } from './port.js';

/** Running jobs whose TTL elapsed become failed/`abandoned`, each with its execution row, in one transaction. */
export function reapExpired(session: StateSession, now: number, executionId: () => string): JobRecord[] {
  const { db } = session;
  const due = cached(
    db,
    `SELECT 1 FROM state_jobs WHERE status = 'running' AND expires_at IS NOT NULL AND expires_at < ? LIMIT 1`,
    'pluck',
  );
  if (due.get(now) === undefined) return [];
  return session.transaction(() => {
    const rows = cached(
      db,
      `UPDATE state_jobs SET status = 'failed', failure_reason = 'abandoned', finished_at = @now
        WHERE status = 'running' AND expires_at IS NOT NULL AND expires_at < @now
        RETURNING ${JOB_COLUMNS}`,
    ).all({ now }) as JobRowOut[];
    const jobs = rows.map(toJobRecord);
    for (const job of jobs) {
      insertExecution(db, {
        id: executionId(),
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
      });
    }
    return jobs;
  });
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
