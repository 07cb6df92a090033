import type { Database as Db } from 'better-sqlite3';
import { AdapterError } from '../errors.js';
import { createNodeStore } from './nodes/node-store.js';
import type { NodeStore } from './nodes/node-store.js';
import { openDatabase, tryOpenForRead } from './open-database.js';
import type { DbPosture, DriftAdvisory } from './open-database.js';

/**
 * One open of the project database for one engine call (every call opens and closes: nothing is held between
 * calls, so a long-poll never holds a lock). The zone stores are built over `db` by their own adapters
 * (`jobs/`, `findings/`); `nodes` is the scan zone's narrow view the operable engines need.
 */
export interface StateSession {
  readonly db: Db;
  readonly posture: DbPosture;
  readonly advisory: DriftAdvisory | null;
  /** False when the file holds no current schema (reads return empty shapes). */
  readonly schemaReady: boolean;
  readonly nodes: NodeStore;
  /** Runs `fn` in one IMMEDIATE transaction (rolled back when it throws). */
  transaction<T>(fn: () => T): T;
  close(): void;
}

/**
 * Opens a session. `write`: the write posture (refuses on fingerprint drift with `DB_SCHEMA_DRIFT`; a missing
 * file is `DB_NOT_FOUND`); `read`: null when the file is absent, an advisory on drift.
 */
export function openStateSession(
  dbPath: string,
  posture: DbPosture,
  busyTimeoutMs = 5000,
): StateSession | null {
  const handle =
    posture === 'write'
      ? openDatabase({ path: dbPath, posture: 'write', onDrift: 'refuse', busyTimeoutMs })
      : tryOpenForRead(dbPath, busyTimeoutMs);
  if (handle === null) return null;
  const { db } = handle;
  return {
    db,
    posture,
    advisory: handle.advisory,
    schemaReady: handle.schemaReady,
    nodes: createNodeStore(db, handle.schemaReady),
    transaction: <T>(fn: () => T): T => {
      if (posture !== 'write')
        throw new AdapterError('DB_QUERY_FAILED', 'a read session cannot open a write transaction');
      return db.transaction(fn).immediate();
    },
    close: () => handle.close(),
  };
}
