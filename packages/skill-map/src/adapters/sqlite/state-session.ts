import type { Database as Db } from 'better-sqlite3';
import { AdapterError } from '../errors.js';
import type { LastSeenStore } from '../../engines/activity/last-seen-port.js';
import { createLastSeenStore } from './activity/last-seen-store.js';
import { createFindingsLifecycle } from './findings/lifecycle.js';
import type { FindingsLifecycle, FindingsWriteThrough } from './findings/port.js';
import { createFindingsWriteThrough } from './findings/write-through.js';
import { createJobStore } from './jobs/job-store.js';
import type { JobStore } from './jobs/port.js';
import { createNodeStore } from './nodes/node-store.js';
import type { NodeStore } from './nodes/node-store.js';
import { openDatabase, tryOpenForRead } from './open-database.js';
import type { DbPosture, DriftAdvisory } from './open-database.js';

/**
 * One open of the project database for one engine call (every call opens and closes: nothing is held between
 * calls, so a long-poll never holds a lock). The engines reach the zones only through the stores it hands out (no
 * driver crosses it, so another database can stand behind it: adapters/postgres); `nodes` is the scan zone's narrow
 * view the operable engines need.
 */
export interface StateSession {
  readonly posture: DbPosture;
  readonly advisory: DriftAdvisory | null;
  /** False when the file holds no current schema (reads return empty shapes). */
  readonly schemaReady: boolean;
  readonly nodes: NodeStore;
  /** The job zone (queue, contents, executions, summaries). */
  jobs(): JobStore;
  /** The findings' lifecycle reads and flips. */
  findings(): FindingsLifecycle;
  /** The findings writes a job's record makes, and the read a fixer's submit makes. */
  findingsWriteThrough(): FindingsWriteThrough;
  /** The activity capture's last-seen record. */
  lastSeen(): LastSeenStore;
  /** Runs `fn` in one write transaction (rolled back when it throws). */
  transaction<T>(fn: () => T): T;
  close(): void;
}

/** The SQLite session: the same, plus the open database for the SQLite adapters and their tests. */
export interface SqliteStateSession extends StateSession {
  readonly db: Db;
}

/**
 * Opens a session. `write`: the write posture (refuses on fingerprint drift with `DB_SCHEMA_DRIFT`; a missing
 * file is `DB_NOT_FOUND`); `read`: null when the file is absent, an advisory on drift.
 */
export function openStateSession(
  dbPath: string,
  posture: DbPosture,
  busyTimeoutMs = 5000,
): SqliteStateSession | null {
  const handle =
    posture === 'write'
      ? openDatabase({ path: dbPath, posture: 'write', onDrift: 'refuse', busyTimeoutMs })
      : tryOpenForRead(dbPath, busyTimeoutMs);
  if (handle === null) return null;
  const { db } = handle;
  const session: SqliteStateSession = {
    db,
    posture,
    advisory: handle.advisory,
    schemaReady: handle.schemaReady,
    nodes: createNodeStore(db, handle.schemaReady),
    jobs: () => createJobStore(session),
    findings: () => createFindingsLifecycle(db, handle.schemaReady),
    findingsWriteThrough: () => createFindingsWriteThrough(db),
    lastSeen: () => createLastSeenStore(db, handle.schemaReady),
    transaction: <T>(fn: () => T): T => {
      if (posture !== 'write')
        throw new AdapterError('DB_QUERY_FAILED', 'a read session cannot open a write transaction');
      return db.transaction(fn).immediate();
    },
    close: () => handle.close(),
  };
  return session;
}
