import { BUILTIN_ACTIONS } from '../actions/builtin.js';
import type { JobRecord, JobStore } from '../../adapters/sqlite/jobs/port.js';
import { processingAgentInstalled } from '../agent/gate.js';
import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import type { SubmitInput, SubmitOutcome } from './api.js';
import { emitJobEvent } from './events.js';
import { newJobId, newNonce, newRunId } from './ids.js';
import { isRefusal, prepareJob } from './prepare.js';
import type { PreparedJob } from './prepare.js';
import { resolvePriority, resolveTtl } from './settings.js';
import { withWriteStore } from './store.js';

/** Thrown inside the submit transaction to roll it back with an outcome (the unique index said no). */
class Rollback extends Error {
  constructor(readonly outcome: SubmitOutcome) {
    super(outcome.outcome);
  }
}

/** Two finding scopes overlap unless both are explicit and disjoint (null = every open finding). */
function overlaps(a: readonly number[] | null, b: readonly number[] | null): boolean {
  if (a === null || b === null) return true;
  const set = new Set(a);
  return b.some((id) => set.has(id));
}

type Decision = { refuse: SubmitOutcome } | { supersede: JobRecord[] };

/** Duplicate pre-check (skipped by `force`), then the fixer's overlap rules: running → refuse, queued → supersede. */
function decide(active: readonly JobRecord[], job: PreparedJob, force: boolean): Decision {
  const same = (j: JobRecord): boolean =>
    j.extensionVersion === job.ext.version && j.contentHash === job.contentHash;
  if (!force) {
    const dup = active.find(same);
    if (dup !== undefined) return { refuse: { outcome: 'duplicate', existingId: dup.id } };
  }
  if (job.ext.role !== 'fixer') return { supersede: [] };
  const overlapping = active.filter((j) => overlaps(j.findingIds, job.findingIds));
  const running = overlapping.find((j) => j.status === 'running');
  if (running !== undefined)
    return {
      refuse: same(running)
        ? { outcome: 'duplicate', existingId: running.id }
        : { outcome: 'job-running', existingId: running.id },
    };
  return { supersede: overlapping.filter((j) => j.status === 'queued' && j.contentHash !== job.contentHash) };
}

function insertJob(ctx: EngineContext, store: JobStore, job: PreparedJob, input: SubmitInput): SubmitOutcome {
  const now = ctx.now();
  const config = ctx.config();
  return store.transaction(() => {
    const active = store.active(job.ext.id, job.node.path);
    const d = decide(active, job, input.force === true);
    if ('refuse' in d) return d.refuse;
    for (const old of d.supersede)
      store.transition(old.id, ['queued'], { status: 'cancelled', finishedAt: now });
    let id = newJobId(now);
    while (store.exists(id)) id = newJobId(now);
    const nonce = newNonce();
    const inserted = store.insert(
      {
        id,
        extensionId: job.ext.id,
        extensionVersion: job.ext.version,
        extensionKind: job.ext.kind,
        nodeId: job.node.path,
        contentHash: job.contentHash,
        promptTemplateHash: job.promptTemplateHash,
        nonce,
        priority: resolvePriority(config, job.ext, input.priority),
        ttlSeconds: resolveTtl(config, job.ext, input.ttl),
        findingIds: job.findingIds,
        autoFix: input.autoFix === true,
        submittedBy: input.internal === true ? 'auto-fix' : ctx.channel,
        createdAt: now,
      },
      job.content,
    );
    if (inserted === 'live-duplicate') {
      const live = store.active(job.ext.id, job.node.path).find((j) => j.contentHash === job.contentHash);
      throw new Rollback({ outcome: 'duplicate', existingId: live?.id ?? '' });
    }
    return {
      outcome: 'created' as const,
      jobId: id,
      nodePath: job.node.path,
      extensionId: job.ext.id,
      supersededIds: d.supersede.map((j) => j.id),
      nonce,
    };
  });
}

/**
 * A built-in deterministic action (`core/node-set-tags`, or its bare id) is never a job: it runs in-process, on
 * request, through the consent gate. Refused before anything else (the processing agent plays no part in it).
 */
function refuseDeterministicAction(typed: string): void {
  const id = typed.trim().replace(/^action:/, '');
  const hit = BUILTIN_ACTIONS.find(
    ({ action }) => action.id === id || action.id.slice(action.id.indexOf('/') + 1) === id,
  );
  if (hit === undefined) return;
  throw new EngineError(
    'unsupported-extension',
    `${hit.action.id} is a deterministic action: deterministic actions run in-process, not as jobs; ` +
      `run it with \`sm actions run ${hit.action.id} -n <node>\``,
    { details: { extension: hit.action.id, reason: 'deterministic' } },
  );
}

/**
 * Submits one job (spec §5.2): gate (operator submits only), resolve, inject, drift re-read, render, then in
 * ONE transaction the duplicate / job-running / supersede rules and the insert of content + queued row. A
 * refusal writes nothing; a created job logs `jobs.submit` and emits `job.submitted` (+ `job.cancelled` per
 * superseded job).
 */
export async function submitJob(ctx: EngineContext, input: SubmitInput): Promise<SubmitOutcome> {
  await Promise.resolve();
  refuseDeterministicAction(input.extension);
  if (input.internal !== true && !processingAgentInstalled(ctx.scopeRoot))
    throw new EngineError(
      'no-processing-agent',
      'no processing agent is installed: run `sm agent install` so an agent can work the queue, then submit again.',
    );
  // A chained (internal) submit follows a record that has just refreshed the catalog.
  if (input.internal !== true) await ctx.extensions.refresh?.(ctx.config());
  const outcome = withWriteStore(ctx, (store, session) => {
    const prepared = prepareJob(ctx, session, store, input);
    if (isRefusal(prepared)) return prepared;
    try {
      return insertJob(ctx, store, prepared, input);
    } catch (err) {
      if (err instanceof Rollback) return err.outcome;
      throw err;
    }
  });
  if (outcome.outcome === 'created') {
    ctx.opsLog.append({
      op: 'jobs.submit',
      target: outcome.nodePath,
      extension: outcome.extensionId,
      channel: ctx.channel,
      outcome: 'queued',
      id: outcome.jobId,
    });
    const runId = newRunId('queue', ctx.now());
    for (const old of outcome.supersededIds) emitJobEvent(ctx, 'job.cancelled', runId, old, {});
    emitJobEvent(ctx, 'job.submitted', runId, outcome.jobId, {
      nodePath: outcome.nodePath,
      extensionId: outcome.extensionId,
      supersededIds: outcome.supersededIds,
    });
  }
  return outcome;
}
