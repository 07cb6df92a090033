// The job zone's port (adapters/sqlite/jobs/port.ts) on PostgreSQL, scoped to one project. Same behaviour as the
// SQLite store, row for row; what differs is how the claim stays atomic with many servers on one database: one
// UPDATE whose sub-select locks the chosen row and skips rows other claimers hold (FOR UPDATE SKIP LOCKED), so
// concurrent claimers never wait on each other and never take the same job.
import type { ClaimedRow, JobQuery, JobRecord, JobStore, NewJob, Transition } from '../sqlite/jobs/port.js';
import { TransitionLost } from '../sqlite/jobs/port.js';
import { spellings } from '../sqlite/jobs/job-side-rows.js';
import type { Issue, Severity } from '@skill-map/spec';
import { newJobValues } from '../sqlite/jobs/job-store.js';
import { JOB_COLUMNS } from '../sqlite/jobs/job-rows.js';
import type { PgSession } from './pg-session.js';
import { JOBS_CHANNEL } from './queue-wake.js';
import { PgError } from './sync-pg.js';
import { SETTLE_LOST } from './job-functions.js';
import { claimNextPg, pruneJobs, reapExpired } from './job-retention.js';
import { executionParams, INSERT_EXECUTION, toRecord } from './job-rows.js';
import type { PgJobRow } from './job-rows.js';
import { ReadAhead } from './read-ahead.js';

/** `extension_id` ends with `/<value>`, compared literally (no LIKE wildcards). */
const SUFFIX_MATCH = (param: string): string => `right(extension_id, length(${param}) + 1) = '/' || ${param}`;

/**
 * The claim: one UPDATE of the best queued job of project $1 (extension $4 when `filtered`), running from $2 by
 * runner $3. Exported for the suite that runs it on many connections at once.
 */
export function claimSql(filtered: boolean): string {
  const match = filtered ? `AND (extension_id = $4 OR ${SUFFIX_MATCH('$4')})` : '';
  // The picked row is locked, so still queued; it is updated by primary key (a status guard here would let the
  // planner look for it through the partial claim index, past every queued row before it).
  return `WITH picked AS (SELECT id AS pick FROM state_jobs WHERE project_id = $1 AND status = 'queued' ${match}
      ORDER BY priority DESC, created_at ASC, seq ASC LIMIT 1 FOR UPDATE SKIP LOCKED)
    UPDATE state_jobs SET status = 'running', claimed_at = $2::bigint, runner = $3::text,
      expires_at = CASE WHEN ttl_seconds IS NULL THEN NULL ELSE $2::bigint + ttl_seconds * 1000 END
    FROM picked WHERE state_jobs.project_id = $1 AND state_jobs.id = picked.pick
    RETURNING nonce, ${JOB_COLUMNS}, (SELECT c.content FROM state_job_contents c
      WHERE c.project_id = state_jobs.project_id AND c.content_hash = state_jobs.content_hash) AS claimed_content`;
}

/** The PostgreSQL job store of `session`'s project. */
export function createPgJobStore(session: PgSession, ahead?: ReadAhead): JobStore {
  const { pg, projectId: p } = session;
  let claimed: { hash: string; content: string } | null = null;
  const rows = (sql: string, params: readonly unknown[]): JobRecord[] =>
    pg.query<PgJobRow>(sql, params).rows.map(toRecord);
  const store: JobStore = {
    transaction(fn) {
      ahead?.clear();
      try {
        return session.transaction(fn);
      } catch (err) {
        if (err instanceof PgError && err.code === SETTLE_LOST) {
          throw new TransitionLost(/job (\S+) is not in/.exec(err.message)?.[1] ?? '');
        }
        throw err;
      }
    },
    insert(job: NewJob, content: string) {
      try {
        return session.transaction(() => {
          pg.batch([
            {
              sql: `INSERT INTO state_job_contents (project_id, content_hash, content, created_at)
                VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
              params: [p, job.contentHash, content, job.createdAt],
            },
            {
              sql: `INSERT INTO state_jobs (project_id, id, extension_id, extension_version, extension_kind, node_id,
                content_hash, prompt_template_hash, nonce, status, priority, ttl_seconds, finding_ids_json, auto_fix,
                submitted_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'queued', $10, $11, $12, $13, $14, $15)`,
              params: [p, ...newJobValues(job, job.autoFix)],
            },
          ]);
          // Delivered at commit to every process listening (queue-wake.ts): parked claims re-attempt at once.
          pg.write(`SELECT pg_notify('${JOBS_CHANNEL}', $1)`, [p]);
          return 'inserted' as const;
        });
      } catch (err) {
        if (err instanceof PgError && err.code === '23505' && err.constraint === 'state_jobs_active_unique') {
          return 'live-duplicate';
        }
        throw err;
      }
    },
    exists: (id) =>
      pg.query('SELECT 1 FROM state_jobs WHERE project_id = $1 AND id = $2', [p, id]).rowCount > 0,
    get(id) {
      // The nonce and the job's node come along (a record reads both next): kept for the session's next read of them.
      const row = pg.query<PgJobRow & { nonce: string; node_json: string | null }>(
        `SELECT ${JOB_COLUMNS}, nonce, (SELECT n.node_json FROM scan_nodes n WHERE n.project_id = j.project_id
          AND n.path = j.node_id) AS node_json FROM state_jobs j WHERE project_id = $1 AND id = $2`,
        [p, id],
      ).rows[0];
      if (row === undefined) return null;
      const { nonce, node_json: nodeJson, ...job } = row;
      ahead?.nonces.set(id, nonce);
      if (job.node_id !== null) ahead?.nodes.set(job.node_id, nodeJson);
      return toRecord(job);
    },
    nonceOf(id) {
      const early = ahead === undefined ? undefined : ReadAhead.take(ahead.nonces, id);
      if (early !== undefined) return early;
      return (
        pg.query<{ nonce: string }>('SELECT nonce FROM state_jobs WHERE project_id = $1 AND id = $2', [p, id])
          .rows[0]?.nonce ?? null
      );
    },
    active: (extensionId, nodeId) =>
      rows(
        `SELECT ${JOB_COLUMNS} FROM state_jobs WHERE project_id = $1 AND extension_id = $2 AND node_id = $3
          AND status IN ('queued', 'running') ORDER BY created_at ASC, seq ASC`,
        [p, extensionId, nodeId],
      ),
    list(q: JobQuery) {
      const where = ['project_id = $1'];
      const params: unknown[] = [p];
      const next = (v: unknown): string => {
        params.push(v);
        return `$${params.length}`;
      };
      if (q.status !== undefined) where.push(`status = ${next(q.status)}`);
      if (q.extension !== undefined) {
        const e = next(q.extension);
        where.push(`(extension_id = ${e} OR ${SUFFIX_MATCH(e)})`);
      }
      if (q.node !== undefined) where.push(`node_id = ${next(q.node)}`);
      const excluded = q.excludeExtensions ?? [];
      if (excluded.length > 0) where.push(`NOT (extension_id = ANY(${next([...excluded])}::text[]))`);
      return rows(
        `SELECT ${JOB_COLUMNS} FROM state_jobs WHERE ${where.join(' AND ')} ORDER BY created_at DESC, seq DESC`,
        params,
      );
    },
    reap: (now, opts) => reapExpired(session, now, opts),
    claimNext(now, runner, filter, opts) {
      ahead?.clear();
      const { content, ...out } = claimNextPg(session, now, runner, filter, opts);
      // The claim brought its job's content along: the caller's next read of it costs no round trip.
      if (out.claimed !== null && content !== null) claimed = { hash: out.claimed.job.contentHash, content };
      return out;
    },
    claim(now, runner, filter): ClaimedRow | null {
      const params: unknown[] = filter === undefined ? [p, now, runner] : [p, now, runner, filter];
      const row = pg.query<PgJobRow & { nonce: string; claimed_content: string | null }>(
        claimSql(filter !== undefined),
        params,
      ).rows[0];
      if (row === undefined) return null;
      const { nonce, claimed_content: claimedContent, ...rest } = row;
      // The claim brought its job's content along: the caller's next read of it costs no round trip.
      if (claimedContent !== null) claimed = { hash: rest.content_hash, content: claimedContent };
      return { job: toRecord(rest), nonce };
    },
    content: (hash) =>
      (claimed?.hash === hash ? claimed.content : null) ??
      pg.query<{ content: string }>(
        'SELECT content FROM state_job_contents WHERE project_id = $1 AND content_hash = $2',
        [p, hash],
      ).rows[0]?.content ??
      null,
    cancelQueuedOf: (extensionId, now) =>
      pg
        .query<{ id: string; created_at: number }>(
          `UPDATE state_jobs SET status = 'cancelled', finished_at = $3
            WHERE project_id = $1 AND extension_id = $2 AND status = 'queued' RETURNING id, created_at`,
          [p, extensionId, now],
        )
        .rows.sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id))
        .map((r) => r.id),
    transition(id, from, to: Transition) {
      const res = pg.query(
        `UPDATE state_jobs SET status = $3, failure_reason = $4, finished_at = $5
          WHERE project_id = $1 AND id = $2 AND status = ANY($6::text[])`,
        [
          p,
          id,
          to.status,
          to.status === 'failed' ? (to.failureReason ?? null) : null,
          to.finishedAt,
          [...from],
        ],
      );
      return res.rowCount === 1;
    },
    settle(id, from, to) {
      // Sent with the transaction's next answered statement (its commit at the latest): a refused guard raises
      // SETTLE_LOST there, which the transaction answers as TransitionLost.
      pg.write('SELECT sm_settle($1, $2, $3, $4, $5, $6)', [
        p,
        id,
        [...from],
        to.status,
        to.status === 'failed' ? (to.failureReason ?? null) : null,
        to.finishedAt,
      ]);
    },
    insertExecution: (e) => pg.write(INSERT_EXECUTION, executionParams(p, e)),
    upsertSummary: (s) =>
      pg.write(
        `INSERT INTO state_summaries (project_id, node_id, summarizer_action_id, summarizer_version,
          body_hash_at_generation, summary_json, generated_at, job_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
          ON CONFLICT (project_id, node_id, summarizer_action_id) DO UPDATE SET
          summarizer_version = excluded.summarizer_version, body_hash_at_generation = excluded.body_hash_at_generation,
          summary_json = excluded.summary_json, generated_at = excluded.generated_at, job_id = excluded.job_id`,
        [p, s.nodeId, s.summarizerId, s.summarizerVersion, s.bodyHash, s.summaryJson, s.generatedAt, s.jobId],
      ),
    issuesOfNode(nodeId, analyzerIds) {
      if (analyzerIds.length === 0) return [];
      return pg
        .query<{ analyzer_id: string; severity: Severity; issue_json: string }>(
          `SELECT analyzer_id, severity, issue_json FROM scan_issues WHERE project_id = $1 AND $2 = ANY(node_ids)
            AND analyzer_id = ANY($3::text[]) ORDER BY ord`,
          [p, nodeId, spellings(analyzerIds)],
        )
        .rows.map((r) => {
          const issue = JSON.parse(r.issue_json) as Issue;
          return {
            analyzerId: r.analyzer_id,
            severity: r.severity,
            message: issue.message,
            detail: issue.detail ?? null,
            data: issue.data ?? null,
          };
        });
    },
    prune: (cutoffs) => pruneJobs(session, cutoffs),
  };
  return store;
}
