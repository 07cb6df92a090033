/**
 * The jobs engine's API as every channel calls it (CLI `sm jobs *` / `sm record`, REST job routes, MCP queue
 * tools). Contract of the foundation commit: the jobs-engine work implements these in this folder (one file per
 * operation) and re-exports them from `engines/jobs/index.ts`; channel code imports only from there.
 *
 * Refusals the contract models as outcomes are RETURNED; failures of the request are thrown as EngineError
 * (engines/errors.ts): unknown node → `not-found`, unknown extension → `not-found`, bare id matching two kinds →
 * `ambiguous-extension`, deterministic/locked/disabled/nodeless → `unsupported-extension`, virtual node / bad
 * ttl / bad priority / findingIds on a non-fixer → `invalid-input`, gate → `no-processing-agent`, no database →
 * `db-missing`, a write on a drifted schema → AdapterError `DB_SCHEMA_DRIFT` (mapped to db-drift / exit 2).
 */
import type { CredentialedJob, JobFailureReason, JobStatus, PublicJob } from '@skill-map/spec';

/** `submit_job` input (MCP field names; the CLI and REST build the same object). */
export interface SubmitInput {
  /** Node path as stored (scope-relative). */
  node: string;
  /** Qualified id, bare suffix, or `action:`/`analyzer:` prefixed. */
  extension: string;
  autoFix?: boolean;
  /** Fixers only: narrow to these open findings (positive integers). */
  findingIds?: number[];
  /** Skip the duplicate pre-check (the unique index still forbids a second live job). */
  force?: boolean;
  /** Seconds; 0 disarms the TTL. Precedence: this > jobs.perExtensionTtl.<id> > jobs.ttlSeconds > none. */
  ttl?: number;
  /** Precedence: this > jobs.perExtensionPriority.<id> > manifest defaultPriority > 0. */
  priority?: number;
  /** Internal auto-fix submits bypass the processing-agent gate; operators never set this. */
  internal?: boolean;
}

/** What a submit did. */
export type SubmitOutcome =
  | {
      outcome: 'created';
      jobId: string;
      nodePath: string;
      extensionId: string;
      supersededIds: string[];
      /** Only `sm jobs submit --json` shows it (spec §5.3); every other channel drops it. */
      nonce: string;
    }
  | { outcome: 'duplicate'; existingId: string }
  | { outcome: 'job-running'; existingId: string }
  | { outcome: 'drift'; detail: string }
  | { outcome: 'unreadable'; detail: string }
  | { outcome: 'no-findings' };

/** What `sm jobs preview` shows: the rendered content and hashes, nothing written. */
export interface PreviewResult {
  extensionId: string;
  nodePath: string;
  contentHash: string;
  promptTemplateHash: string;
  content: string;
}

/** `claim_job` input. */
export interface ClaimInput {
  runner?: 'agent' | 'in-process';
  /** Extension id, exact or a bare suffix (`%/<id>`). */
  filter?: string;
  /**
   * A job whose content row is gone is failed either way; true goes on to the next claimable job (the MCP contract),
   * false throws `job-file-missing` (the CLI's exit 2).
   */
  skipMissingContent?: boolean;
}

/** The one projection that carries the nonce. */
export interface ClaimedJob {
  id: string;
  nonce: string;
  content: string;
}

/** Options of the waiting claim (CLI `--wait`, MCP `wait`). */
export interface ClaimWaitOptions {
  /** Give up after this many seconds (capped at 3600); null result then. */
  waitSeconds: number;
  /** Seconds between attempts (default jobs.claimWaitSeconds, 2). */
  intervalSeconds?: number;
  /** Called about every `heartbeatSeconds` (default 15) while parked, with elapsed seconds. */
  onHeartbeat?: (elapsedSeconds: number) => void | Promise<void>;
  heartbeatSeconds?: number;
  /** Ends the wait early (client cancelled or disconnected): resolves null, claims nothing. */
  signal?: AbortSignal;
}

/** `record_job` input. */
export interface RecordInput {
  id: string;
  nonce: string;
  status: 'completed' | 'failed';
  /** The report as JSON text (required for completed). */
  report?: string;
  failureReason?: JobFailureReason;
  tokensIn?: number;
  tokensOut?: number;
  durationMs?: number;
  model?: string;
}

/** What a record did; only `completed` mutated anything besides a `report-invalid` failure. */
export type RecordOutcome =
  | { outcome: 'completed'; executionId: string; status: 'completed' | 'failed' }
  | { outcome: 'report-invalid'; detail: string; executionId: string }
  | { outcome: 'schema-unresolved'; detail: string }
  | { outcome: 'nonce-mismatch' }
  | { outcome: 'not-running'; status: JobStatus }
  | { outcome: 'not-found' };

/** Filters of the job list (newest first). */
export interface JobListFilter {
  status?: JobStatus;
  /** Exact id or bare suffix. */
  extension?: string;
  node?: string;
  /** Hide locked system extensions (REST does). */
  hideLocked?: boolean;
}

/** `cancel` / `fail`. */
export type TerminateOutcome =
  | { outcome: 'cancelled' | 'failed' }
  | { outcome: 'already-terminal'; status: JobStatus }
  | { outcome: 'not-found' };

/** What a prune removed. */
export interface PruneResult {
  jobs: number;
  contents: number;
}

export type { CredentialedJob, PublicJob };

/**
 * The operations (implemented in this folder, each taking the channel's EngineContext first):
 *
 *   submitJob(ctx, input: SubmitInput): Promise<SubmitOutcome>
 *   previewJob(ctx, input: SubmitInput): Promise<PreviewResult>
 *   claimJob(ctx, input: ClaimInput): ClaimedJob | null               // reap first, one atomic statement
 *   claimJobWaiting(ctx, input: ClaimInput, wait: ClaimWaitOptions): Promise<ClaimedJob | null>
 *   recordJob(ctx, input: RecordInput): Promise<RecordOutcome>
 *   cancelJob(ctx, id: string): TerminateOutcome
 *   failJob(ctx, id: string): TerminateOutcome
 *   listJobs(ctx, filter: JobListFilter): PublicJob[]                 // nonce never present
 *   getJob(ctx, id: string): PublicJob | null
 *   pruneJobs(ctx, opts?: { status?: 'completed' | 'failed' | 'cancelled' }): PruneResult
 *   cancelQueuedJobsOf(ctx, extensionId: string): string[]          // the disable cascade (added by the jobs work)
 */
export const JOBS_API_VERSION = 1;
