import { existsSync, readFileSync } from 'node:fs';
import { runSql, withSql } from '../../../adapters/testing/store-sql.js';
import type { TestDatabase } from '../../../adapters/testing/store-sql.js';
import type { JobsProject } from './project.js';

/** The state-zone tables a snapshot covers, each with a stable row order in either database. */
const TABLES: Array<[string, string]> = [
  ['state_jobs', 'created_at, id'],
  ['state_job_contents', 'content_hash'],
  ['state_executions', 'finished_at, id'],
  ['state_summaries', 'node_id, summarizer_action_id'],
  ['state_findings', 'id'],
];

/** The project's database as the SQL helpers take it. */
const databaseOf = (p: JobsProject): TestDatabase =>
  p.store.kind === 'postgres' ? { kind: 'postgres', url: p.store.url } : { kind: 'sqlite', path: p.dbPath };

/** Every state-zone row and the ops log bytes, to prove a refusal changed nothing (test support only). */
export async function stateSnapshot(p: JobsProject): Promise<string> {
  await p.flush();
  const rows = withSql(databaseOf(p), (run) =>
    TABLES.map(([t, order]) => [t, run(`SELECT * FROM ${t} ORDER BY ${order}`)]),
  );
  const log = existsSync(p.opsLogPath) ? readFileSync(p.opsLogPath, 'utf8') : '';
  return JSON.stringify({ rows, log });
}

/** Runs raw SQL against the project database (tampering in tests). */
export function execSql(p: JobsProject, sql: string, ...args: unknown[]): void {
  runSql(databaseOf(p), sql, ...args);
}

/** Reads rows with raw SQL. */
export function querySql<T>(p: JobsProject, sql: string, ...args: unknown[]): T[] {
  return runSql(databaseOf(p), sql, ...args) as T[];
}
