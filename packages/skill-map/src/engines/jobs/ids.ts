import { randomBytes } from 'node:crypto';

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** `YYYYMMDD-HHMMSS` of an epoch-ms instant, in UTC. */
export function utcStamp(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

const hex4 = (): string => randomBytes(2).toString('hex');

/** A job id `d-YYYYMMDD-HHMMSS-xxxx` (UTC, 4 hex); the caller re-draws on the rare clash. */
export function newJobId(ms: number): string {
  return `d-${utcStamp(ms)}-${hex4()}`;
}

/**
 * An execution id `e-YYYYMMDD-HHMMSS-xxxxxxxxxxxx` (12 hex). Executions are written by many agents at once and
 * inside transactions that cannot re-draw, so they carry 48 random bits instead of the job id's 16.
 */
export function newExecutionId(ms: number): string {
  return `e-${utcStamp(ms)}-${randomBytes(6).toString('hex')}`;
}

/** The run mode of an event's `runId` (spec §5.2 ids). */
export type RunMode = 'queue' | 'ext';

/** A run id `r-<mode>-YYYYMMDD-HHMMSS-xxxx`. */
export function newRunId(mode: RunMode, ms: number): string {
  return `r-${mode}-${utcStamp(ms)}-${hex4()}`;
}

/**
 * The run id of a job's external run (its claim and its record): derived from the job id, so the claim's
 * events and the record's events share one run without any state between the two calls.
 */
export function externalRunId(jobId: string): string {
  return `r-ext-${jobId.replace(/^d-/, '')}`;
}

/** The claim credential: 16 random bytes as 32 hex characters. */
export function newNonce(): string {
  return randomBytes(16).toString('hex');
}
