import { setTimeout as sleep } from 'node:timers/promises';
import type { JobRecord, Reaped } from '../../adapters/sqlite/jobs/port.js';
import type { EngineContext } from '../context.js';
import { EngineError, isEngineError } from '../errors.js';
import type { ClaimInput, ClaimWaitOptions, ClaimedJob } from './api.js';
import { emitJobEvent } from './events.js';
import { externalRunId, newExecutionId, newNonce } from './ids.js';
import { claimWaitSeconds, maxAttempts } from './settings.js';
import { withWriteStore } from './store.js';

/** The longest a waiting claim may park (spec §24 item 2). */
export const MAX_CLAIM_WAIT_SECONDS = 3600;

/** One operations-log line about one job (op `jobs.claim` / `jobs.reap`); never the nonce. */
function logJob(
  ctx: EngineContext,
  op: 'jobs.claim' | 'jobs.reap',
  job: JobRecord,
  outcome: string,
  detail?: string,
): void {
  ctx.opsLog.append({
    op,
    target: job.nodeId ?? '*',
    extension: job.extensionId,
    channel: ctx.channel,
    outcome,
    id: job.id,
    ...(detail === undefined ? {} : { detail }),
  });
}

/**
 * Says each lost claim: `job.requeued` for a job back in the queue, `job.failed` for one out of attempts; each is
 * also one `jobs.reap` line in the operations log (outcome `requeued` / `failed`).
 */
function emitReaped(ctx: EngineContext, reaped: Reaped): void {
  for (const job of reaped.requeued) {
    logJob(ctx, 'jobs.reap', job, 'requeued', 'abandoned');
    emitJobEvent(ctx, 'job.requeued', externalRunId(job.id), job.id, {
      reason: 'abandoned',
      message: 'the claim outlived its TTL; the job is back in the queue',
    });
  }
  for (const job of reaped.failed) {
    logJob(ctx, 'jobs.reap', job, 'failed', 'abandoned');
    emitJobEvent(ctx, 'job.failed', externalRunId(job.id), job.id, {
      reason: 'abandoned',
      message: 'the job outlived its TTL while running, on its last allowed claim (jobs.maxAttempts)',
    });
  }
}

/**
 * One claim (spec §5.3): reap expired running jobs first (back to the queue, or failed on their last allowed claim),
 * then ONE atomic statement hands out the highest-priority oldest queued job (optionally of one extension, exact or
 * bare suffix). A job whose content row is gone is failed as `job-file-missing` (with its execution row); then the
 * claim throws `job-file-missing`, or, with `skipMissingContent` (MCP), goes on to the next claimable job.
 * Null when nothing is claimable. The returned nonce appears nowhere else; each claim, reap and failure is one
 * operations-log line of the context's channel.
 */
export function claimJob(ctx: EngineContext, input: ClaimInput): ClaimedJob | null {
  for (;;) {
    try {
      return claimOnce(ctx, input);
    } catch (err) {
      // Each pass fails the job it took, so the queue shrinks and the loop ends.
      if (input.skipMissingContent !== true || !isEngineError(err, 'job-file-missing')) throw err;
    }
  }
}

function claimOnce(ctx: EngineContext, input: ClaimInput): ClaimedJob | null {
  const now = ctx.now();
  const runner = input.runner ?? 'agent';
  if (runner !== 'agent' && runner !== 'in-process')
    throw new EngineError(
      'invalid-input',
      `runner must be "agent" or "in-process", got "${String(runner)}"`,
      {
        details: { argument: 'runner' },
      },
    );
  const filter = input.filter === undefined || input.filter === '' ? undefined : input.filter;
  const { reaped, claimed, content } = withWriteStore(ctx, (store) => {
    const { reaped, claimed } = store.claimNext(now, runner, filter, {
      executionId: () => newExecutionId(now),
      nonce: newNonce,
      maxAttempts: maxAttempts(ctx.config()),
    });
    if (claimed === null) return { reaped, claimed, content: null };
    const content = store.content(claimed.job.contentHash);
    if (content === null)
      store.transaction(() => {
        if (
          store.transition(claimed.job.id, ['running'], {
            status: 'failed',
            failureReason: 'job-file-missing',
            finishedAt: now,
          })
        )
          store.insertExecution({
            id: newExecutionId(now),
            extensionId: claimed.job.extensionId,
            extensionVersion: claimed.job.extensionVersion,
            nodeIds: claimed.job.nodeId === null ? [] : [claimed.job.nodeId],
            contentHash: claimed.job.contentHash,
            status: 'failed',
            failureReason: 'job-file-missing',
            runner,
            startedAt: now,
            finishedAt: now,
            durationMs: 0,
            tokensIn: null,
            tokensOut: null,
            model: null,
            reportJson: null,
            jobId: claimed.job.id,
          });
      });
    return { reaped, claimed, content };
  });
  emitReaped(ctx, reaped);
  if (claimed === null) return null;
  const job = claimed.job;
  const runId = externalRunId(job.id);
  if (content === null) {
    logJob(ctx, 'jobs.claim', job, 'failed', 'job-file-missing');
    emitJobEvent(ctx, 'job.failed', runId, job.id, { reason: 'job-file-missing' });
    throw new EngineError(
      'job-file-missing',
      `job ${job.id} has no stored content; it was failed and not handed out`,
      {
        details: { jobId: job.id },
      },
    );
  }
  logJob(ctx, 'jobs.claim', job, 'claimed');
  emitJobEvent(ctx, 'run.started', runId, null, { mode: 'external' });
  emitJobEvent(ctx, 'job.claimed', runId, job.id, {
    extensionId: job.extensionId,
    extensionVersion: job.extensionVersion,
    nodeId: job.nodeId,
    ttlSeconds: job.ttlSeconds,
    priority: job.priority,
  });
  return { id: job.id, nonce: claimed.nonce, content };
}

/**
 * The waiting claim (CLI `--wait`, MCP `wait`): re-attempts reap + claim every interval (at once when the context's
 * wake hears that a job was queued on the database, by any process) until a job is
 * claimable, the window (capped at 3600 s) elapses, or `signal` aborts; null then. Every attempt opens and closes
 * its own session, so the sleep between attempts holds no database handle. `onHeartbeat` fires about every
 * `heartbeatSeconds` (15) while parked.
 */
export async function claimJobWaiting(
  ctx: EngineContext,
  input: ClaimInput,
  wait: ClaimWaitOptions,
): Promise<ClaimedJob | null> {
  if (!Number.isFinite(wait.waitSeconds) || wait.waitSeconds < 0)
    throw new EngineError('invalid-input', `wait must be a number of seconds >= 0, got ${wait.waitSeconds}`, {
      details: { argument: 'wait' },
    });
  const windowMs = Math.min(wait.waitSeconds, MAX_CLAIM_WAIT_SECONDS) * 1000;
  const intervalMs = Math.max(1, (wait.intervalSeconds ?? claimWaitSeconds(ctx.config())) * 1000);
  const heartbeatMs = Math.max(1, (wait.heartbeatSeconds ?? 15) * 1000);
  // The window counts from when the claim can be woken (a server database's listener is connected first).
  await ctx.wake?.ready();
  const started = Date.now();
  let nextBeat = started + heartbeatMs;
  for (;;) {
    if (wait.signal?.aborted === true) return null;
    const since = ctx.wake?.seen() ?? 0;
    const job = claimJob(ctx, input);
    if (job !== null) return job;
    const now = Date.now();
    const left = started + windowMs - now;
    if (left <= 0) return null;
    if (now >= nextBeat) {
      nextBeat = now + heartbeatMs;
      await wait.onHeartbeat?.(Math.floor((now - started) / 1000));
    }
    const pause = Math.min(intervalMs, left, Math.max(1, nextBeat - now));
    try {
      if (ctx.wake !== undefined) await ctx.wake.wait(since, pause, wait.signal);
      else await sleep(pause, undefined, { signal: wait.signal });
    } catch {
      return null; // aborted while sleeping: end cleanly, claim nothing
    }
  }
}
