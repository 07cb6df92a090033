// One project's view of a PostgreSQL database: its connection, its project id, and transactions that nest
// (an inner one is a savepoint, so a refused insert inside an outer transaction does not abort the outer one).
import { migratePg } from './migrate.js';
import { openSyncPg } from './sync-pg.js';
import type { SyncPg } from './sync-pg.js';

/** A connection scoped to one project. */
export interface PgSession {
  readonly pg: SyncPg;
  readonly projectId: string;
  /** Runs `fn` in a transaction (a savepoint when one is open); rolled back when it throws. */
  transaction<T>(fn: () => T): T;
  close(): void;
}

/** Wraps an open connection (migrated by the caller) as `projectId`'s session. */
export function pgSession(pg: SyncPg, projectId: string): PgSession {
  let depth = 0;
  return {
    pg,
    projectId,
    transaction<T>(fn: () => T): T {
      const savepoint = `sm_${depth}`;
      pg.query(depth === 0 ? 'BEGIN' : `SAVEPOINT ${savepoint}`);
      depth += 1;
      try {
        const value = fn();
        depth -= 1;
        pg.query(depth === 0 ? 'COMMIT' : `RELEASE SAVEPOINT ${savepoint}`);
        return value;
      } catch (err) {
        depth -= 1;
        pg.query(depth === 0 ? 'ROLLBACK' : `ROLLBACK TO SAVEPOINT ${savepoint}`);
        throw err;
      }
    },
    close: () => pg.close(),
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
