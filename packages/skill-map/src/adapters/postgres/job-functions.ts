// The job zone's two server-side functions (migration 5). A claim and a record are the queue's hot path: run as
// separate statements they cost a round trip each, and an agent spends most of its time waiting on them. Each
// function does on the server what would otherwise take several trips, in the caller's transaction.
//
// sm_claim_next: the TTL reap and the claim in one transaction (one statement). Running jobs past their expiry, at
// most as many as the caller sent execution ids for (skipping rows another server holds), each get an `abandoned`
// execution row and go back to the queue with the caller's new nonce, or fail on their max_attempts-th lost claim;
// then the best queued job (a requeued one included) becomes running. One row per job touched: 'requeued',
// 'failed', then 'claimed' with its nonce and content. The same rules as the SQLite reap (adapters/sqlite/jobs). A
// call with no ids answers one 'expired' row when some claim expired (and claims nothing): the caller draws ids and
// calls again, so the common case costs no random draws. With a_claim false it only reaps (the port's `reap`).
//
// sm_settle: a guarded transition that raises SQLSTATE SMJ01 when the job is gone or not in `from`, so a caller can
// send it without waiting for its answer and learn of a lost race when the transaction commits.

/** The SQLSTATE `sm_settle` raises when its guard fails. */
export const SETTLE_LOST = 'SMJ01';

/**
 * sm_claim_next as of migration 6 (migration 5 created it; 6 replaces it). The claim picks its row and locks it, then
 * updates it by primary key: one UPDATE whose WHERE named both the sub-select and status = 'queued' let the planner
 * find the picked row through the partial claim index, reading every queued row before it (2 ms a claim at 16,000).
 */
const CLAIM_NEXT_SQL = `
CREATE OR REPLACE FUNCTION sm_claim_next(a_project TEXT, a_now BIGINT, a_runner TEXT, a_filter TEXT, a_execution_ids TEXT[],
    a_nonces TEXT[], a_max_attempts INTEGER, a_claim BOOLEAN)
  RETURNS TABLE (o_kind TEXT, o_nonce TEXT, o_content TEXT, o_job JSONB)
  LANGUAGE plpgsql AS $fn$
DECLARE
  r state_jobs%ROWTYPE;
  i INTEGER := 0;
  lost INTEGER;
  requeued BOOLEAN := FALSE;
  picked TEXT;
BEGIN
  -- Sent no ids (the caller draws them only when needed): say whether any claim expired, and claim nothing.
  IF cardinality(a_execution_ids) = 0 AND EXISTS (SELECT 1 FROM state_jobs j WHERE j.project_id = a_project
      AND j.status = 'running' AND j.expires_at IS NOT NULL AND j.expires_at < a_now) THEN
    o_kind := 'expired';
    RETURN NEXT;
    RETURN;
  END IF;
  FOR r IN SELECT * FROM state_jobs j WHERE j.project_id = a_project AND j.status = 'running'
      AND j.expires_at IS NOT NULL AND j.expires_at < a_now
      ORDER BY j.created_at, j.seq LIMIT cardinality(a_execution_ids) FOR UPDATE SKIP LOCKED LOOP
    i := i + 1;
    INSERT INTO state_executions (project_id, id, kind, extension_id, extension_version, node_ids_json, content_hash,
        status, failure_reason, runner, started_at, finished_at, duration_ms, job_id)
      VALUES (a_project, a_execution_ids[i], 'action', r.extension_id, r.extension_version,
        CASE WHEN r.node_id IS NULL THEN '[]' ELSE json_build_array(r.node_id)::text END, r.content_hash,
        'failed', 'abandoned', r.runner, r.claimed_at, a_now, a_now - r.claimed_at, r.id);
    SELECT COUNT(*) INTO lost FROM state_executions e
      WHERE e.project_id = a_project AND e.job_id = r.id AND e.failure_reason = 'abandoned';
    IF lost < a_max_attempts THEN
      UPDATE state_jobs j SET status = 'queued', claimed_at = NULL, expires_at = NULL, runner = NULL,
          nonce = a_nonces[i]
        WHERE j.project_id = a_project AND j.id = r.id RETURNING * INTO r;
      requeued := TRUE;
      o_kind := 'requeued';
    ELSE
      UPDATE state_jobs j SET status = 'failed', failure_reason = 'abandoned', finished_at = a_now
        WHERE j.project_id = a_project AND j.id = r.id RETURNING * INTO r;
      o_kind := 'failed';
    END IF;
    o_nonce := NULL;
    o_content := NULL;
    o_job := to_jsonb(r) - 'nonce' - 'project_id';
    RETURN NEXT;
  END LOOP;
  IF requeued THEN
    PERFORM pg_notify('sm_jobs', a_project);
  END IF;
  IF NOT a_claim THEN
    RETURN;
  END IF;
  -- The lock is held from here: the picked row is still queued when it is updated.
  SELECT q.id INTO picked FROM state_jobs q WHERE q.project_id = a_project AND q.status = 'queued'
    AND (a_filter IS NULL OR q.extension_id = a_filter
      OR right(q.extension_id, length(a_filter) + 1) = '/' || a_filter)
    ORDER BY q.priority DESC, q.created_at ASC, q.seq ASC LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF picked IS NULL THEN
    RETURN;
  END IF;
  UPDATE state_jobs j SET status = 'running', claimed_at = a_now, runner = a_runner,
      expires_at = CASE WHEN j.ttl_seconds IS NULL THEN NULL ELSE a_now + j.ttl_seconds * 1000 END
    WHERE j.project_id = a_project AND j.id = picked
    RETURNING * INTO r;
  IF FOUND THEN
    o_kind := 'claimed';
    o_nonce := r.nonce;
    SELECT c.content INTO o_content FROM state_job_contents c
      WHERE c.project_id = a_project AND c.content_hash = r.content_hash;
    o_job := to_jsonb(r) - 'nonce' - 'project_id';
    RETURN NEXT;
  END IF;
END
$fn$;`;

/** Migration 5: both functions. */
export const JOB_FUNCTIONS_SQL = `${CLAIM_NEXT_SQL}

CREATE FUNCTION sm_settle(a_project TEXT, a_job TEXT, a_from TEXT[], a_status TEXT, a_reason TEXT, a_at BIGINT)
  RETURNS VOID LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE state_jobs j SET status = a_status, failure_reason = a_reason, finished_at = a_at
    WHERE j.project_id = a_project AND j.id = a_job AND j.status = ANY(a_from);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'job % is not in %', a_job, a_from USING ERRCODE = '${SETTLE_LOST}';
  END IF;
END
$fn$;`;

/** Migration 6: the claim updates the row it picked by primary key. */
export const CLAIM_BY_KEY_SQL = CLAIM_NEXT_SQL;
