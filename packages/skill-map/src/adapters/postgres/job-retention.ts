// The job zone's retention on PostgreSQL, as in SQLite's (adapters/sqlite/jobs/job-retention.ts): the reap of claims
// past their TTL, done by the server-side function sm_claim_next (job-functions.ts) for the jobs engine's claim and
// for the port's own `reap` alike, and the prune by retention.
import type { ClaimNext, PruneCutoffs, Reaped, ReapOptions } from '../sqlite/jobs/port.js';
import { toRecord } from './job-rows.js';
import type { PgJobRow } from './job-rows.js';
import type { PgSession } from './pg-session.js';

/** How many expired claims one call of sm_claim_next reaps at most (the next call reaps the rest). */
const REAP_BATCH = 16;

/** One row of sm_claim_next: a job it requeued, failed or claimed, or the 'expired' probe's answer. */
interface ClaimNextRow {
  o_kind: 'requeued' | 'failed' | 'claimed' | 'expired';
  o_nonce: string | null;
  o_content: string | null;
  o_job: PgJobRow | null;
}

/** What one call did, and the claimed job's content when it brought one. */
export type ClaimCall = ClaimNext & { content: string | null };

/**
 * One call of sm_claim_next (migration 5): with `opts`, up to REAP_BATCH expired claims reaped (their execution ids
 * and nonces drawn here), else only a probe that answers whether any expired; then a claim when `claim` is given.
 */
function callClaimNext(
  session: PgSession,
  now: number,
  opts: ReapOptions | null,
  claim: { runner: string; filter: string | undefined } | null,
): ClaimCall & { expired: boolean } {
  const draw = (f: () => string): string[] => (opts === null ? [] : Array.from({ length: REAP_BATCH }, f));
  const rows = session.pg.query<ClaimNextRow>('SELECT * FROM sm_claim_next($1, $2, $3, $4, $5, $6, $7, $8)', [
    session.projectId,
    now,
    claim?.runner ?? 'agent',
    claim?.filter ?? null,
    draw(() => opts!.executionId()),
    draw(() => opts!.nonce()),
    opts?.maxAttempts ?? 0,
    claim !== null,
  ]).rows;
  const out: ClaimCall & { expired: boolean } = {
    reaped: { requeued: [], failed: [] },
    claimed: null,
    content: null,
    expired: false,
  };
  for (const row of rows) {
    if (row.o_kind === 'expired') out.expired = true;
    else if (row.o_job === null) continue;
    else if (row.o_kind === 'requeued') out.reaped.requeued.push(toRecord(row.o_job));
    else if (row.o_kind === 'failed') out.reaped.failed.push(toRecord(row.o_job));
    else {
      out.claimed = { job: toRecord(row.o_job), nonce: row.o_nonce ?? '' };
      out.content = row.o_content;
    }
  }
  return out;
}

/**
 * The jobs engine's claim: the reap of expired claims and the claim in one statement. Nothing expired (the common
 * case): one call, no ids drawn; otherwise a second call that reaps and claims.
 */
export function claimNextPg(
  session: PgSession,
  now: number,
  runner: string,
  filter: string | undefined,
  opts: ReapOptions,
): ClaimCall {
  const probe = callClaimNext(session, now, null, { runner, filter });
  return probe.expired ? callClaimNext(session, now, opts, { runner, filter }) : probe;
}

/** Every running job past its expiry loses its claim (the port's `reap`), REAP_BATCH per call of the function. */
export function reapExpired(session: PgSession, now: number, opts: ReapOptions): Reaped {
  const reaped: Reaped = { requeued: [], failed: [] };
  for (;;) {
    const call = callClaimNext(session, now, opts, null).reaped;
    reaped.requeued.push(...call.requeued);
    reaped.failed.push(...call.failed);
    if (call.requeued.length + call.failed.length < REAP_BATCH) return reaped;
  }
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
