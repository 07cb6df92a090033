// Raw SQL on a test's database, whichever store holds it (test support only): tampering and reading rows beside the
// ports. The statements use `?` placeholders (none inside literals); on PostgreSQL they become `$1, $2, …`.
import Database from 'better-sqlite3';
import { openSyncPg } from '../postgres/sync-pg.js';

/** A test's database: a SQLite file, or a PostgreSQL database. */
export type TestDatabase = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

/** Runs statements and answers the rows of each query. */
export type RunSql = (text: string, args?: readonly unknown[]) => Array<Record<string, unknown>>;

/** Runs `fn` over one connection to `db`. */
export function withSql<T>(db: TestDatabase, fn: (run: RunSql) => T): T {
  if (db.kind === 'postgres') {
    const pg = openSyncPg(db.url);
    try {
      return fn((text, args = []) => {
        let n = 0;
        return pg.query<Record<string, unknown>>(
          text.replace(/\?/g, () => `$${++n}`),
          args,
        ).rows;
      });
    } finally {
      pg.close();
    }
  }
  const sqlite = new Database(db.path);
  try {
    return fn((text, args = []) => {
      const st = sqlite.prepare(text);
      if (st.reader) return st.all(...args) as Array<Record<string, unknown>>;
      st.run(...args);
      return [];
    });
  } finally {
    sqlite.close();
  }
}

/** One statement on `db`; the rows when it is a query. */
export function runSql(db: TestDatabase, text: string, ...args: unknown[]): Array<Record<string, unknown>> {
  return withSql(db, (run) => run(text, args));
}
