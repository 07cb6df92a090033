import type { JobRecord } from '../../adapters/sqlite/jobs/port.js';
import type { EngineContext } from '../context.js';
import { EngineError } from '../errors.js';
import type { JobListFilter, PublicJob } from './api.js';
import { JOB_STATUSES } from '@skill-map/spec';
import { withReadStore } from './store.js';

/** The public projection, built field by field: the store never selected a nonce, and none is added here. */
function toPublic(j: JobRecord): PublicJob {
  const out: PublicJob = {
    id: j.id,
    extensionId: j.extensionId,
    extensionVersion: j.extensionVersion,
    extensionKind: j.extensionKind,
    nodeId: j.nodeId,
    contentHash: j.contentHash,
    status: j.status,
    ttlSeconds: j.ttlSeconds,
    createdAt: j.createdAt,
    priority: j.priority,
    findingIds: j.findingIds,
    autoFix: j.autoFix,
    runner: j.runner ?? null,
    claimedAt: j.claimedAt ?? null,
    finishedAt: j.finishedAt ?? null,
    expiresAt: j.expiresAt ?? null,
    submittedBy: j.submittedBy ?? null,
  };
  if (j.status === 'failed') out.failureReason = j.failureReason ?? null;
  return out;
}

/** The live queue, newest first (read posture; no database → empty). Nonces are never present. */
export function listJobs(ctx: EngineContext, filter: JobListFilter): PublicJob[] {
  if (filter.status !== undefined && !(JOB_STATUSES as readonly string[]).includes(filter.status))
    throw new EngineError(
      'invalid-input',
      `status must be one of ${JOB_STATUSES.join(', ')}, got "${String(filter.status)}"`,
      { details: { argument: 'status' } },
    );
  const locked =
    filter.hideLocked === true
      ? ctx.extensions
          .all()
          .filter((e) => e.locked === true)
          .map((e) => e.id)
      : [];
  return withReadStore(ctx, [] as PublicJob[], (store) =>
    store
      .list({
        ...(filter.status !== undefined ? { status: filter.status } : {}),
        ...(filter.extension !== undefined ? { extension: filter.extension } : {}),
        ...(filter.node !== undefined ? { node: filter.node } : {}),
        excludeExtensions: locked,
      })
      .map(toPublic),
  );
}

/** One job, or null when unknown (channels map null to not-found). */
export function getJob(ctx: EngineContext, id: string): PublicJob | null {
  return withReadStore(ctx, null as PublicJob | null, (store) => {
    const job = store.get(id);
    return job === null ? null : toPublic(job);
  });
}

/** A job's stored content, as its claim would hand it out. */
export interface JobContent {
  job: PublicJob;
  /** Null when the content row is gone (the claim would fail the job as `job-file-missing`). */
  content: string | null;
}

/** The stored content of job `id`, or of the newest job when `id` is null; null when there is no such job. */
export function getJobContent(ctx: EngineContext, id: string | null): JobContent | null {
  return withReadStore(ctx, null as JobContent | null, (store) => {
    const job = id === null ? (store.list({ excludeExtensions: [] })[0] ?? null) : store.get(id);
    return job === null ? null : { job: toPublic(job), content: store.content(job.contentHash) };
  });
}
