import { timingSafeEqual } from 'node:crypto';
import { JOB_FAILURE_REASONS } from '@skill-map/spec';
import type { JobFailureReason } from '@skill-map/spec';
import type { JobRecord, JobStore, NewExecution } from '../../adapters/sqlite/jobs/port.js';
import { TransitionLost } from '../../adapters/sqlite/jobs/port.js';
import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import type { RecordInput, RecordOutcome } from './api.js';
import { runAutoFixChain } from './auto-fix.js';
import { emitJobEvent } from './events.js';
import { externalRunId, newExecutionId } from './ids.js';
import { checkJobText } from './limits.js';
import { applyReport } from './record-writes.js';
import type { WriteThroughResult } from './record-writes.js';
import { checkReport } from './report-check.js';
import { withWriteStore } from './store.js';

/** Every reason of the job contract may be recorded (the MCP tool and `sm record` advertise them all). */
const AGENT_FAILURE_REASONS: readonly JobFailureReason[] = JOB_FAILURE_REASONS;

function checkInput(input: RecordInput): void {
  if (input.status !== 'completed' && input.status !== 'failed')
    throw new EngineError(
      'invalid-input',
      `status must be "completed" or "failed", got "${String(input.status)}"`,
      {
        details: { argument: 'status' },
      },
    );
  if (input.status === 'completed' && typeof input.report !== 'string')
    throw new EngineError('invalid-input', 'report is required (JSON text) when status is "completed"', {
      details: { argument: 'report' },
    });
  if (input.failureReason !== undefined && !AGENT_FAILURE_REASONS.includes(input.failureReason))
    throw new EngineError(
      'invalid-input',
      `failureReason must be one of ${AGENT_FAILURE_REASONS.join(', ')}, got "${String(input.failureReason)}"`,
      { details: { argument: 'failureReason' } },
    );
  for (const key of ['id', 'nonce', 'report', 'model'] as const) checkJobText(key, input[key]);
  for (const key of ['tokensIn', 'tokensOut', 'durationMs'] as const) {
    const v = input[key];
    if (v !== undefined && (!Number.isInteger(v) || v < 0))
      throw new EngineError('invalid-input', `${key} must be a whole number >= 0, got ${v}`, {
        details: { argument: key },
      });
  }
}

/** Constant-time nonce comparison (lengths compared first; a length leak says nothing of the value). */
function nonceMatches(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

interface Landed {
  job: JobRecord;
  executionId: string;
  status: 'completed' | 'failed';
  reason: JobFailureReason | null;
  durationMs: number | null;
  detail?: string;
  writes?: WriteThroughResult;
}

function execution(job: JobRecord, input: RecordInput, now: number, e: Partial<NewExecution>): NewExecution {
  const durationMs = input.durationMs ?? (job.claimedAt == null ? null : now - job.claimedAt);
  return {
    id: newExecutionId(now),
    extensionId: job.extensionId,
    extensionVersion: job.extensionVersion,
    nodeIds: job.nodeId === null ? [] : [job.nodeId],
    contentHash: job.contentHash,
    status: 'completed',
    failureReason: null,
    runner: job.runner ?? null,
    startedAt: job.claimedAt ?? null,
    finishedAt: now,
    durationMs,
    tokensIn: input.tokensIn ?? null,
    tokensOut: input.tokensOut ?? null,
    model: input.model ?? null,
    reportJson: null,
    jobId: job.id,
    ...e,
  };
}

/** The one guarded transaction: transition running → status, execution row, and (completed) the write-throughs. */
function land(
  ctx: EngineContext,
  store: JobStore,
  job: JobRecord,
  input: RecordInput,
  e: Partial<NewExecution>,
  writes?: () => WriteThroughResult,
): Landed {
  const now = ctx.now();
  const row = execution(job, input, now, e);
  return store.transaction(() => {
    // A lost race (the job reaped, cancelled or recorded meanwhile) throws TransitionLost: nothing of this stays.
    store.settle(job.id, ['running'], {
      status: row.status === 'completed' ? 'completed' : 'failed',
      failureReason: row.failureReason,
      finishedAt: now,
    });
    store.insertExecution(row);
    const result: Landed = {
      job,
      executionId: row.id,
      status: row.status === 'completed' ? 'completed' : 'failed',
      reason: row.failureReason,
      durationMs: row.durationMs,
    };
    if (writes !== undefined) result.writes = writes();
    return result;
  });
}

type Step = { done: RecordOutcome } | { landed: Landed };

function recordInSession(ctx: EngineContext, input: RecordInput): Step {
  return withWriteStore(ctx, (store, session): Step => {
    const job = store.get(input.id);
    const stored = store.nonceOf(input.id);
    if (job === null || stored === null) return { done: { outcome: 'not-found' } };
    if (!nonceMatches(stored, input.nonce)) return { done: { outcome: 'nonce-mismatch' } };
    if (job.status !== 'running') return { done: { outcome: 'not-running', status: job.status } };
    try {
      if (input.status === 'failed')
        return {
          landed: land(ctx, store, job, input, {
            status: 'failed',
            failureReason: input.failureReason ?? 'runner-error',
          }),
        };
      const ext = ctx.extensions.get(job.extensionId);
      if (ext === undefined || ext.version !== job.extensionVersion)
        return {
          done: {
            outcome: 'schema-unresolved',
            detail: `no report schema for ${job.extensionId}@${job.extensionVersion} in this build${ext === undefined ? '' : ` (it ships ${ext.version})`}`,
          },
        };
      const check = checkReport(ext, input.report ?? '');
      if (!check.ok && check.kind === 'schema-unresolved')
        return { done: { outcome: 'schema-unresolved', detail: check.detail } };
      if (!check.ok) {
        const landed = land(ctx, store, job, input, { status: 'failed', failureReason: 'report-invalid' });
        return { landed: { ...landed, detail: check.detail } };
      }
      const node = job.nodeId === null ? null : session.nodes.get(job.nodeId);
      const landed = land(ctx, store, job, input, { reportJson: JSON.stringify(check.report) }, () =>
        applyReport(ctx, session, store, ext, node, check.report, {
          extensionVersion: ext.version,
          model: input.model ?? null,
          bodyHash: node?.bodyHash ?? null,
          generatedAt: ctx.now(),
          jobId: job.id,
        }),
      );
      return { landed };
    } catch (err) {
      if (err instanceof TransitionLost)
        return { done: { outcome: 'not-running', status: store.get(job.id)?.status ?? job.status } };
      throw err;
    }
  });
}

function announce(ctx: EngineContext, l: Landed, input: RecordInput): void {
  const { job } = l;
  const runId = externalRunId(job.id);
  emitJobEvent(ctx, 'job.callback.received', runId, job.id, {
    status: input.status,
    model: input.model ?? null,
    executionId: l.executionId,
  });
  if (l.status === 'completed') {
    const data: Record<string, unknown> = {
      extensionId: job.extensionId,
      extensionKind: job.extensionKind,
      nodeId: job.nodeId,
      durationMs: l.durationMs,
      tokensIn: input.tokensIn ?? null,
      tokensOut: input.tokensOut ?? null,
      model: input.model ?? null,
      executionId: l.executionId,
    };
    if (l.writes?.tagsProposed !== undefined) data['tagsProposed'] = l.writes.tagsProposed;
    emitJobEvent(ctx, 'job.completed', runId, job.id, data);
  } else {
    const data: Record<string, unknown> = { reason: l.reason, durationMs: l.durationMs };
    if (l.detail !== undefined) data['message'] = l.detail;
    emitJobEvent(ctx, 'job.failed', runId, job.id, data);
  }
  emitJobEvent(ctx, 'run.summary', runId, null, {
    jobsAttempted: 1,
    jobsCompleted: l.status === 'completed' ? 1 : 0,
    jobsFailed: l.status === 'failed' ? 1 : 0,
    totalDurationMs: l.durationMs ?? 0,
    totalTokensIn: input.tokensIn ?? 0,
    totalTokensOut: input.tokensOut ?? 0,
  });
}

/**
 * Records a claimed job's result (spec §5.4, in this order): load → constant-time nonce compare → running gate
 * → report parse + schema validation (invalid: the job fails `report-invalid` with its execution row) → ONE
 * transaction guarded on `running` (execution + transition + write-throughs) → ops log → auto-fix chain and
 * events after the commit. `nonce-mismatch`, `not-running`, `not-found` and `schema-unresolved` change nothing.
 */
export async function recordJob(ctx: EngineContext, input: RecordInput): Promise<RecordOutcome> {
  checkInput(input);
  await ctx.extensions.refresh?.(ctx.config());
  const step = recordInSession(ctx, input);
  if ('done' in step) return step.done;
  const l = step.landed;
  ctx.opsLog.append({
    op: 'jobs.record',
    target: l.job.nodeId ?? '*',
    extension: l.job.extensionId,
    channel: ctx.channel,
    outcome: l.status,
    id: l.job.id,
    ...(l.reason === 'report-invalid' ? { detail: 'report-invalid' } : {}),
  });
  announce(ctx, l, input);
  if (l.status === 'completed' && l.job.autoFix) await runAutoFixChain(ctx, l.job);
  if (l.reason === 'report-invalid')
    return { outcome: 'report-invalid', detail: l.detail ?? 'report-invalid', executionId: l.executionId };
  return { outcome: 'completed', executionId: l.executionId, status: l.status };
}
