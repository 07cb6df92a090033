// One project's view of a PostgreSQL database: its connection, its project id, and transactions that nest
// (an inner one is a savepoint, so a refused insert inside an outer transaction does not abort the outer one).
//
// Inside a transaction, a statement whose answer nobody reads (BEGIN, a savepoint, an INSERT of an execution row)
// is held and sent with the next statement that needs an answer, COMMIT at the latest: one round trip instead of
// several. Its error, if any, surfaces there, still inside the transaction, which then rolls back whole. Outside a
// transaction every statement goes at once.
import { migratePg } from './migrate.js';
import { openSyncPg } from './sync-pg.js';
import type { QueryResult, Statement, SyncPg } from './sync-pg.js';

/** The connection as the stores use it: `write` for statements whose answer they do not read. */
export interface PgWriter extends SyncPg {
  write(sql: string, params?: readonly unknown[]): void;
}

/** A connection scoped to one project. */
export interface PgSession {
  readonly pg: PgWriter;
  readonly projectId: string;
  /** Runs `fn` in a transaction (a savepoint when one is open); rolled back when it throws. */
  transaction<T>(fn: () => T): T;
  close(): void;
}

/** Wraps an open connection (migrated by the caller) as `projectId`'s session. */
export function pgSession(conn: SyncPg, projectId: string): PgSession {
  let depth = 0;
  let held: Statement[] = [];
  const batch = (statements: readonly Statement[]): QueryResult<Record<string, unknown>>[] => {
    const pending = held;
    held = [];
    if (pending.length === 0) return conn.batch(statements);
    return conn.batch([...pending, ...statements]).slice(pending.length);
  };
  const pg: PgWriter = {
    query: <T>(sql: string, params?: readonly unknown[]) =>
      batch([{ sql, ...(params === undefined ? {} : { params }) }])[0] as unknown as QueryResult<T>,
    batch,
    write(sql, params) {
      const s = { sql, ...(params === undefined ? {} : { params }) };
      if (depth > 0) held.push(s);
      else conn.batch([s]);
    },
    close: () => conn.close(),
  };
  /** Undoes down to `savepoint` (null: the whole transaction), sending nothing the server never saw. */
  const rollback = (savepoint: string | null): void => {
    const marker = savepoint === null ? 'BEGIN' : `SAVEPOINT ${savepoint}`;
    let at = held.length - 1;
    while (at >= 0 && held[at]?.sql !== marker) at -= 1;
    if (at >= 0) {
      held = held.slice(0, at); // the server never saw the transaction (or the savepoint): nothing to undo there
      return;
    }
    held = [];
    conn.batch([{ sql: savepoint === null ? 'ROLLBACK' : `ROLLBACK TO SAVEPOINT ${savepoint}` }]);
  };
  return {
    pg,
    projectId,
    transaction<T>(fn: () => T): T {
      const savepoint = depth === 0 ? null : `sm_${depth}`;
      depth += 1;
      pg.write(savepoint === null ? 'BEGIN' : `SAVEPOINT ${savepoint}`);
      try {
        const value = fn();
        if (savepoint === null) pg.query('COMMIT');
        else pg.write(`RELEASE SAVEPOINT ${savepoint}`);
        depth -= 1;
        return value;
      } catch (err) {
        depth -= 1;
        rollback(savepoint);
        throw err;
      }
    },
    close: () => conn.close(),
  };
}

/** Connects to `url`, brings its schema up to date and answers `projectId`'s session. */
export function openPgSession(url: string, projectId: string): PgSession {
  const pg = openSyncPg(url);
  try {
    migratePg(pg);
  } catch (err) {
    pg.close();
    throw err;
  }
  return pgSession(pg, projectId);
}
