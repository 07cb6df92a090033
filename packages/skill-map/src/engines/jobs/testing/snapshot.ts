import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { JobsProject } from './project.js';

const TABLES = ['state_jobs', 'state_job_contents', 'state_executions', 'state_summaries', 'state_findings'];

/** Every state-zone row and the ops log bytes, to prove a refusal changed nothing (test support only). */
export async function stateSnapshot(p: JobsProject): Promise<string> {
  await p.flush();
  const db = new Database(p.dbPath, { readonly: true });
  try {
    const rows = TABLES.map((t) => [t, db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()]);
    const log = existsSync(p.opsLogPath) ? readFileSync(p.opsLogPath, 'utf8') : '';
    return JSON.stringify({ rows, log });
  } finally {
    db.close();
  }
}

/** Runs raw SQL against the project database (tampering in tests). */
export function execSql(p: JobsProject, sql: string, ...args: unknown[]): void {
  const db = new Database(p.dbPath);
  try {
    db.prepare(sql).run(...args);
  } finally {
    db.close();
  }
}

/** Reads rows with raw SQL. */
export function querySql<T>(p: JobsProject, sql: string, ...args: unknown[]): T[] {
  const db = new Database(p.dbPath, { readonly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}
