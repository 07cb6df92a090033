import type { Database as Db } from 'better-sqlite3';
import type { SqliteStateSession as StateSession } from '../state-session.js';
import { cached } from '../statements.js';
import { insertExecution, issuesOfNode, upsertSummary } from './job-side-rows.js';
import { JOB_COLUMNS, toJobRecord } from './job-rows.js';
import type { JobRowOut } from './job-rows.js';
import type { ClaimedRow, JobQuery, JobRecord, JobStore, NewJob, Transition } from './port.js';
import { TransitionLost } from './port.js';
import { hasExpired, pruneJobs, reapExpired } from './job-retention.js';

const INSERT_CONTENT = `INSERT OR IGNORE INTO state_job_contents (content_hash, content, created_at) VALUES (?, ?, ?)`;
const INSERT_JOB = `INSERT INTO state_jobs (id, extension_id, extension_version, extension_kind, node_id,
  content_hash, prompt_template_hash, nonce, status, priority, ttl_seconds, finding_ids_json, auto_fix,
  submitted_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?)`;

/**
 * A new job's column values in INSERT_JOB's order (every store writes these, in this order); `autoFix` as the
 * database spells a boolean.
 */
export function newJobValues(job: NewJob, autoFix: unknown): unknown[] {
  return [
    job.id,
    job.extensionId,
    job.extensionVersion,
    job.extensionKind,
    job.nodeId,
    job.contentHash,
    job.promptTemplateHash,
    job.nonce,
    job.priority,
    job.ttlSeconds,
    job.findingIds === null ? null : JSON.stringify(job.findingIds),
    autoFix,
    job.submittedBy,
    job.createdAt,
  ];
}

/**
 * `extension_id` ends with `/<value>` (the `%/<id>` bare-suffix rule), compared literally: a `%` or `_` in what a
 * client typed is not a wildcard.
 */
const SUFFIX_MATCH = (param: string): string =>
  `substr(extension_id, -length(${param}) - 1) = '/' || ${param}`;

/** The claim: one UPDATE picking the best queued job by a sub-select, guarded again on `queued`. */
function claimSql(filtered: boolean): string {
  const filter = filtered ? `AND (extension_id = @filter OR ${SUFFIX_MATCH('@filter')})` : '';
  return `UPDATE state_jobs SET status = 'running', claimed_at = @now, runner = @runner,
      expires_at = CASE WHEN ttl_seconds IS NULL THEN NULL ELSE @now + ttl_seconds * 1000 END
    WHERE id = (SELECT id FROM state_jobs WHERE status = 'queued' ${filter}
                ORDER BY priority DESC, created_at ASC, rowid ASC LIMIT 1)
      AND status = 'queued'
    RETURNING nonce, ${JOB_COLUMNS}`;
}

/** True when `err` is SQLite refusing the live-work unique index (not the primary key). */
function isLiveDuplicate(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    typeof e.message === 'string' &&
    e.message.includes('state_jobs.extension_id')
  );
}

function listJobs(db: Db, q: JobQuery): JobRecord[] {
  const where: string[] = [];
  const args: unknown[] = [];
  if (q.status !== undefined) {
    where.push('status = ?');
    args.push(q.status);
  }
  if (q.extension !== undefined) {
    where.push(`(extension_id = ? OR ${SUFFIX_MATCH('?')})`);
    args.push(q.extension, q.extension, q.extension);
  }
  if (q.node !== undefined) {
    where.push('node_id = ?');
    args.push(q.node);
  }
  const excluded = q.excludeExtensions ?? [];
  if (excluded.length > 0) {
    where.push(`extension_id NOT IN (${excluded.map(() => '?').join(', ')})`);
    args.push(...excluded);
  }
  const sql = `SELECT ${JOB_COLUMNS} FROM state_jobs ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY created_at DESC, rowid DESC`;
  return (cached(db, sql).all(...args) as JobRowOut[]).map(toJobRecord);
}

/** The SQLite job store over one open session (write posture for anything that mutates). */
export function createJobStore(session: StateSession): JobStore {
  const { db } = session;
  const getRow = (id: string): JobRecord | null => {
    const row = cached(db, `SELECT ${JOB_COLUMNS} FROM state_jobs WHERE id = ?`).get(id) as
      JobRowOut | undefined;
    return row === undefined ? null : toJobRecord(row);
  };
  const store: JobStore = {
    transaction: (fn) => session.transaction(fn),
    insert(job: NewJob, content: string) {
      try {
        return session.transaction(() => {
          cached(db, INSERT_CONTENT).run(job.contentHash, content, job.createdAt);
          cached(db, INSERT_JOB).run(...newJobValues(job, job.autoFix ? 1 : 0));
          return 'inserted' as const;
        });
      } catch (err) {
        if (isLiveDuplicate(err)) return 'live-duplicate';
        throw err;
      }
    },
    exists: (id) => cached(db, `SELECT 1 FROM state_jobs WHERE id = ?`, 'pluck').get(id) !== undefined,
    get: getRow,
    nonceOf: (id) =>
      (cached(db, `SELECT nonce FROM state_jobs WHERE id = ?`, 'pluck').get(id) as string | undefined) ??
      null,
    active: (extensionId, nodeId) =>
      (
        cached(
          db,
          `SELECT ${JOB_COLUMNS} FROM state_jobs WHERE extension_id = ? AND node_id = ?
            AND status IN ('queued', 'running') ORDER BY created_at ASC, rowid ASC`,
        ).all(extensionId, nodeId) as JobRowOut[]
      ).map(toJobRecord),
    list: (q) => listJobs(db, q),
    reap: (now, opts) => reapExpired(session, now, opts),
    claim(now, runner, filter): ClaimedRow | null {
      const params = filter === undefined ? { now, runner } : { now, runner, filter };
      const row = cached(db, claimSql(filter !== undefined)).get(params) as
        (JobRowOut & { nonce: string }) | undefined;
      if (row === undefined) return null;
      const { nonce, ...rest } = row;
      return { job: toJobRecord(rest), nonce };
    },
    claimNext(now, runner, filter, opts) {
      // Nothing expired (the common case): the claim alone, one statement.
      if (!hasExpired(session, now))
        return { reaped: { requeued: [], failed: [] }, claimed: store.claim(now, runner, filter) };
      return session.transaction(() => ({
        reaped: reapExpired(session, now, opts),
        claimed: store.claim(now, runner, filter),
      }));
    },
    content: (hash) =>
      (cached(db, `SELECT content FROM state_job_contents WHERE content_hash = ?`, 'pluck').get(hash) as
        string | undefined) ?? null,
    cancelQueuedOf: (extensionId, now) =>
      (
        cached(
          db,
          `UPDATE state_jobs SET status = 'cancelled', finished_at = ? WHERE extension_id = ? AND status = 'queued'
            RETURNING id, created_at`,
        ).all(now, extensionId) as Array<{ id: string; created_at: number }>
      )
        .sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id))
        .map((r) => r.id),
    transition(id, from, to: Transition) {
      const marks = from.map(() => '?').join(', ');
      const res = cached(
        db,
        `UPDATE state_jobs SET status = ?, failure_reason = ?, finished_at = ?
          WHERE id = ? AND status IN (${marks})`,
      ).run(
        to.status,
        to.status === 'failed' ? (to.failureReason ?? null) : null,
        to.finishedAt,
        id,
        ...from,
      );
      return res.changes === 1;
    },
    settle(id, from, to) {
      if (!store.transition(id, from, to)) throw new TransitionLost(id);
    },
    insertExecution: (e) => insertExecution(db, e),
    upsertSummary: (s) => upsertSummary(db, s),
    issuesOfNode: (nodeId, ids) => issuesOfNode(db, session.schemaReady, nodeId, ids),
    prune: (cutoffs) => pruneJobs(session, cutoffs),
  };
  return store;
}
