import type { JobFailureReason, JobStatus, PublicJob, Severity } from '@skill-map/spec';

/**
 * The job zone's port (spec §5, §9.2 state rows): what the jobs engine needs from storage, in domain terms
 * only. No driver type crosses it, so a server database can replace SQLite later; `claim` is one method that
 * an implementation must make one atomic statement (or its equivalent).
 */

/** A job as stored, minus the nonce: the public projection (spec §2.5 PublicJob). */
export type JobRecord = PublicJob & {
  extensionKind: 'action' | 'analyzer';
  promptTemplateHash: string | null;
  priority: number;
  findingIds: number[] | null;
  autoFix: boolean;
};

/** What a submit inserts (the nonce travels only here, into the row). */
export interface NewJob {
  id: string;
  extensionId: string;
  extensionVersion: string;
  extensionKind: 'action' | 'analyzer';
  nodeId: string;
  contentHash: string;
  promptTemplateHash: string;
  nonce: string;
  priority: number;
  ttlSeconds: number | null;
  findingIds: number[] | null;
  autoFix: boolean;
  submittedBy: string | null;
  createdAt: number;
}

/** What one reap did: claims given back to the queue, and jobs that lost their last allowed claim. */
export interface Reaped {
  requeued: JobRecord[];
  failed: JobRecord[];
}

/** The reap's id and nonce generators, and how many claims a job may lose to their TTL before it fails. */
export interface ReapOptions {
  executionId: () => string;
  nonce: () => string;
  maxAttempts: number;
}

/** One `state_executions` row (spec §2.6 execution record). */
export interface NewExecution {
  id: string;
  extensionId: string;
  extensionVersion: string;
  nodeIds: string[];
  contentHash: string | null;
  status: 'completed' | 'failed' | 'cancelled';
  failureReason: JobFailureReason | null;
  runner: string | null;
  startedAt: number | null;
  finishedAt: number;
  durationMs: number | null;
  tokensIn: number | null;
  tokensOut: number | null;
  model: string | null;
  reportJson: string | null;
  jobId: string;
}

/** A `state_summaries` upsert. */
export interface SummaryUpsert {
  nodeId: string;
  summarizerId: string;
  summarizerVersion: string;
  bodyHash: string | null;
  summaryJson: string;
  generatedAt: number;
  jobId: string;
}

/** A scan issue as a fixer of a deterministic analyzer sees it (`## Issues to resolve`). */
export interface NodeIssue {
  analyzerId: string;
  severity: Severity;
  message: string;
  detail: string | null;
  data: Record<string, unknown> | null;
}

/** Filters of `list` (newest first). */
export interface JobQuery {
  status?: JobStatus;
  /** Exact extension id, or a bare id matching `%/<id>`. */
  extension?: string;
  node?: string;
  /** Extension ids to leave out (locked system extensions on REST). */
  excludeExtensions?: readonly string[];
}

/** What `claim` hands out: the job (already running) plus its credential. */
export interface ClaimedRow {
  job: JobRecord;
  nonce: string;
}

/** What `claimNext` did: the reap's effect, then the claim (null when nothing was claimable). */
export interface ClaimNext {
  reaped: Reaped;
  claimed: ClaimedRow | null;
}

/**
 * A guarded transition that found the job gone or no longer in `from` (`settle`). A store may find out at the call
 * or only when the enclosing transaction commits; either way the transaction is rolled back and nothing of it stays.
 */
export class TransitionLost extends Error {
  constructor(readonly jobId: string) {
    super(`job ${jobId} changed state under this transaction`);
    this.name = 'TransitionLost';
  }
}

/** A guarded state change: applies only while the job is in one of `from`. */
export interface Transition {
  status: 'running' | 'completed' | 'failed' | 'cancelled';
  failureReason?: JobFailureReason | null;
  finishedAt: number;
}

/** Per-status retention cutoffs of a prune: rows finished before `before` go (null: that status is kept). */
export type PruneCutoffs = Partial<Record<'completed' | 'failed' | 'cancelled', number | null>>;

/** The job zone store built over one open session. */
export interface JobStore {
  /** Runs `fn` in one write transaction (rolled back when it throws). */
  transaction<T>(fn: () => T): T;
  /**
   * Inserts the content (kept when its hash is already stored) and the queued job. Returns `live-duplicate`
   * when the live-work unique key (extension, node, content hash among queued/running) refuses the row.
   */
  insert(job: NewJob, content: string): 'inserted' | 'live-duplicate';
  /** True when a job of that id exists (ids are re-drawn on a clash). */
  exists(id: string): boolean;
  get(id: string): JobRecord | null;
  /** The stored nonce (record's credential check); null when the job is unknown. */
  nonceOf(id: string): string | null;
  /** The queued/running jobs of (extension, node), oldest first. */
  active(extensionId: string, nodeId: string): JobRecord[];
  list(query: JobQuery): JobRecord[];
  /**
   * Every running job with `expiresAt < now` loses its claim (an `abandoned` execution row): back to the queue with a
   * new nonce, or failed as `abandoned` on its `maxAttempts`-th lost claim. One transaction.
   */
  reap(now: number, opts: ReapOptions): Reaped;
  /**
   * ONE atomic statement: the highest-priority, oldest queued job (optionally of extension `filter`, exact or
   * `%/<filter>`) becomes running with `claimedAt`, `runner` and `expiresAt`. Null when nothing is claimable.
   */
  claim(now: number, runner: 'agent' | 'in-process', filter?: string): ClaimedRow | null;
  /**
   * The claim of the jobs engine: `reap` and then `claim`, in one transaction (a claim may take a job the reap just
   * gave back). A store may reap at most a bounded number of expired claims per call; the next call reaps the rest.
   */
  claimNext(
    now: number,
    runner: 'agent' | 'in-process',
    filter: string | undefined,
    opts: ReapOptions,
  ): ClaimNext;
  /** The rendered content of a hash, null when the row is gone. */
  content(contentHash: string): string | null;
  /** Cancels every QUEUED job of one extension (the disable cascade); returns their ids, oldest first. */
  cancelQueuedOf(extensionId: string, now: number): string[];
  /** Guarded transition; false when the job is gone or not in `from`. */
  transition(id: string, from: readonly JobStatus[], to: Transition): boolean;
  /**
   * `transition` inside the caller's transaction, for a caller that must not go on when it is refused: throws
   * {@link TransitionLost} (at the call, or from the transaction's commit) instead of answering false.
   */
  settle(id: string, from: readonly JobStatus[], to: Transition): void;
  insertExecution(e: NewExecution): void;
  upsertSummary(s: SummaryUpsert): void;
  /** Scan issues of one node whose analyzer is one of `analyzerIds` (qualified or short ids match). */
  issuesOfNode(nodeId: string, analyzerIds: readonly string[]): NodeIssue[];
  /** Deletes terminal jobs past their retention and then every content row no job references; one transaction. */
  prune(cutoffs: PruneCutoffs): { jobs: number; contents: number };
}
