// The job zone's rows as PostgreSQL answers and takes them, shared by the job store and its retention.
import type { JobRecord, NewExecution } from '../sqlite/jobs/port.js';
import { executionValues } from '../sqlite/jobs/job-side-rows.js';
import { toJobRecord } from '../sqlite/jobs/job-rows.js';
import type { JobRowOut } from '../sqlite/jobs/job-rows.js';

/** node-postgres answers BOOLEAN as a boolean; the shared row type holds SQLite's 0/1. */
export type PgJobRow = Omit<JobRowOut, 'auto_fix'> & { auto_fix: boolean | number };
export const toRecord = (r: PgJobRow): JobRecord =>
  toJobRecord({ ...r, auto_fix: r.auto_fix === true || r.auto_fix === 1 ? 1 : 0 });

export const INSERT_EXECUTION = `INSERT INTO state_executions (project_id, id, kind, extension_id, extension_version,
  node_ids_json, content_hash, status, failure_reason, exit_code, runner, started_at, finished_at, duration_ms,
  tokens_in, tokens_out, model, report_path, report_json, job_id)
  VALUES ($1, $2, 'action', $3, $4, $5, $6, $7, $8, NULL, $9, $10, $11, $12, $13, $14, $15, NULL, $16, $17)`;

export const executionParams = (projectId: string, e: NewExecution): unknown[] => [
  projectId,
  ...executionValues(e),
];
