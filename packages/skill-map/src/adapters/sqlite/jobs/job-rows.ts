import type { JobFailureReason, JobStatus } from '@skill-map/spec';
import type { JobRecord } from './port.js';

/** Every public column of `state_jobs`: the nonce is deliberately NOT here (it is read only by `nonceOf`/`claim`). */
export const JOB_COLUMNS = `id, extension_id, extension_version, extension_kind, node_id, content_hash,
  prompt_template_hash, status, failure_reason, priority, ttl_seconds, finding_ids_json, auto_fix, runner,
  submitted_by, created_at, claimed_at, finished_at, expires_at`;

/** A `state_jobs` row as read with {@link JOB_COLUMNS}. */
export interface JobRowOut {
  id: string;
  extension_id: string;
  extension_version: string;
  extension_kind: 'action' | 'analyzer';
  node_id: string;
  content_hash: string;
  prompt_template_hash: string | null;
  status: JobStatus;
  failure_reason: JobFailureReason | null;
  priority: number;
  ttl_seconds: number | null;
  finding_ids_json: string | null;
  auto_fix: number;
  runner: 'agent' | 'in-process' | null;
  submitted_by: string | null;
  created_at: number;
  claimed_at: number | null;
  finished_at: number | null;
  expires_at: number | null;
}

/** Builds the public job from its row (no nonce can appear: the column was never selected). */
export function toJobRecord(r: JobRowOut): JobRecord {
  return {
    id: r.id,
    extensionId: r.extension_id,
    extensionVersion: r.extension_version,
    extensionKind: r.extension_kind,
    nodeId: r.node_id,
    contentHash: r.content_hash,
    promptTemplateHash: r.prompt_template_hash,
    status: r.status,
    failureReason: r.status === 'failed' ? r.failure_reason : null,
    priority: r.priority,
    ttlSeconds: r.ttl_seconds,
    findingIds: r.finding_ids_json === null ? null : (JSON.parse(r.finding_ids_json) as number[]),
    autoFix: r.auto_fix === 1,
    runner: r.runner,
    submittedBy: r.submitted_by,
    createdAt: r.created_at,
    claimedAt: r.claimed_at,
    finishedAt: r.finished_at,
    expiresAt: r.expires_at,
  };
}
