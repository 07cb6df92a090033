/** Job states. */
export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;

/** A job state. */
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Why a job can fail (`job.schema.json` failureReason). */
export const JOB_FAILURE_REASONS = [
  'runner-error',
  'report-invalid',
  'timeout',
  'abandoned',
  'job-file-missing',
  'user-failed',
] as const;

/** Why a job failed. */
export type JobFailureReason = (typeof JOB_FAILURE_REASONS)[number];

/** Fields shared by every job projection; mirrors `job.schema.json` without the nonce. */
export interface PublicJob {
  id: string;
  extensionId: string;
  extensionVersion: string;
  extensionKind: 'action' | 'analyzer';
  /** Node path; null for nodeless jobs. */
  nodeId: string | null;
  contentHash: string;
  status: JobStatus;
  ttlSeconds: number | null;
  createdAt: number;
  priority?: number;
  findingIds?: number[] | null;
  autoFix?: boolean;
  /** Only non-null when `status` is `failed`. */
  failureReason?: JobFailureReason | null;
  runner?: 'agent' | 'in-process' | null;
  claimedAt?: number | null;
  finishedAt?: number | null;
  expiresAt?: number | null;
  submittedBy?: string | null;
}

/** The job as stored: the public fields plus the optional claim nonce. */
export interface Job extends PublicJob {
  /** Security: the claim credential; never emitted by a read surface. */
  nonce?: string;
}

/** The claim response projection: the nonce is present. */
export interface CredentialedJob extends PublicJob {
  nonce: string;
}

/** Strips the nonce (Security: every list/get surface must emit this projection). */
export function toPublicJob(job: Job): PublicJob {
  const { nonce: _nonce, ...rest } = job;
  return rest;
}
