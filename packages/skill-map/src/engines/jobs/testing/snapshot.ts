import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { openSyncPg } from '../../../adapters/postgres/sync-pg.js';
import type { JobsProject } from './project.js';

/** The state-zone tables a snapshot covers, each with a stable row order in either database. */
const TABLES: Array<[string, string]> = [
  ['state_jobs', 'created_at, id'],
  ['state_job_contents', 'content_hash'],
  ['state_executions', 'finished_at, id'],
  ['state_summaries', 'node_id, summarizer_action_id'],
  ['state_findings', 'id'],
];

/** `?` placeholders as PostgreSQL's `$1, $2, …` (the tests' SQL has no `?` inside literals). */
const numbered = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** Runs `fn` over the project's database: its SQLite file, or one connection to its PostgreSQL database. */
function withDb<T>(
  p: JobsProject,
  readonly: boolean,
  fn: (run: (sql: string, args: unknown[]) => unknown[]) => T,
): T {
  if (p.store.kind === 'postgres') {
    const pg = openSyncPg(p.store.url);
    try {
      return fn((sql, args) => pg.query(numbered(sql), args).rows);
    } finally {
      pg.close();
    }
  }
  const db = new Database(p.dbPath, { readonly });
  try {
    return fn((sql, args) => {
      const st = db.prepare(sql);
      if (st.reader) return st.all(...args);
      st.run(...args);
      return [];
    });
  } finally {
    db.close();
  }
}

/** Every state-zone row and the ops log bytes, to prove a refusal changed nothing (test support only). */
export async function stateSnapshot(p: JobsProject): Promise<string> {
  await p.flush();
  const rows = withDb(p, true, (run) =>
    TABLES.map(([t, order]) => [t, run(`SELECT * FROM ${t} ORDER BY ${order}`, [])]),
  );
  const log = existsSync(p.opsLogPath) ? readFileSync(p.opsLogPath, 'utf8') : '';
  return JSON.stringify({ rows, log });
}

/** Runs raw SQL against the project database (tampering in tests). */
export function execSql(p: JobsProject, sql: string, ...args: unknown[]): void {
  withDb(p, false, (run) => run(sql, args));
}

/** Reads rows with raw SQL. */
export function querySql<T>(p: JobsProject, sql: string, ...args: unknown[]): T[] {
  return withDb(p, true, (run) => run(sql, args) as T[]);
}
