import type { OpsChannel, OpsLog } from '../adapters/ops-log.js';
import type { StateSession } from '../adapters/sqlite/state-session.js';
import type { ExtensionCatalog } from './extensions/types.js';

/** A job event (spec §5.6): `{type, timestamp (ms), runId, jobId|null, data}`; the broadcaster's envelope. */
export interface JobEvent {
  type: string;
  timestamp: number;
  runId: string;
  jobId: string | null;
  data: Record<string, unknown>;
}

/** Where the engines publish job events: the broadcaster in `sm serve`, the push leg to a running server in the CLI. */
export interface JobEventSink {
  emit(event: JobEvent): void;
}

/**
 * Where a parked claim learns that a job may have been queued, from any process on the same database (PostgreSQL:
 * LISTEN/NOTIFY). Without one, a parked claim re-attempts on its interval only.
 */
export interface QueueWake {
  /** Resolves once the wake listens (a notification sent earlier is not heard). */
  ready(): Promise<void>;
  /** How many notifications arrived so far: a wait started with an older count resolves at once. */
  seen(): number;
  /** Resolves on a notification after `since` (a `seen()` value), after `ms`, or when `signal` aborts. */
  wait(since: number, ms: number, signal?: AbortSignal): Promise<void>;
  close(): void;
}

/** A sink that drops everything (tests, and CLI runs with no server to tell). */
export const NO_EVENTS: JobEventSink = { emit: () => {} };

/**
 * What every operable engine (jobs, findings, sidecars, issue suppressions, extensions, agent) is given: one per
 * channel, built by that channel's composition root with `createEngineContext` (engines/operable). Engines never
 * open files, databases or config themselves except through this.
 */
export interface EngineContext {
  /** Absolute project (scope) root. */
  readonly scopeRoot: string;
  /** Absolute path of the project database. */
  readonly dbPath: string;
  /** The operations-log channel of every mutation made through this context. */
  readonly channel: OpsChannel;
  readonly opsLog: OpsLog;
  readonly events: JobEventSink;
  /** The probabilistic extensions this build ships, with the live enable state applied per call. */
  readonly extensions: ExtensionCatalog;
  /** The deep-merged layered configuration, re-read on every call (mid-session toggles apply). */
  config(): Readonly<Record<string, unknown>>;
  /** Epoch milliseconds (a clock tests can move). */
  now(): number;
  /**
   * Opens the project database for one call. `write` is the write posture: it refuses on schema drift
   * (`DB_SCHEMA_DRIFT`) and throws EngineError `db-missing` when there is no database. `read` returns null when
   * the file is absent (callers degrade to empty shapes) and only advises on drift. Close it when done.
   */
  openSession(posture: 'read' | 'write'): StateSession | null;
  /** Persists a project-local setting through the official writer (the `always` consent path). */
  setLocalSetting(key: string, value: unknown): void;
  /** Releases what the context keeps between calls (a pooled connection); a no-op for one-shot contexts. */
  close?(): void;
  /** Wakes parked claims when a job is queued elsewhere (absent: they poll on their interval). */
  readonly wake?: QueueWake;
}
