import { statSync } from 'node:fs';
import { LATEST_SCHEMA_VERSION, schemaFingerprint } from './migrations/index.js';
import { cached } from './statements.js';
import { openStateSession } from './state-session.js';
import type { SqliteStateSession as StateSession } from './state-session.js';

/** An idle pooled connection and what it was opened against. */
interface Idle {
  readonly session: StateSession;
  readonly dev: number;
  readonly ino: number;
  readonly schemaVersion: number;
}

/** Keeps one write session open between the calls of a long-lived process (`sm serve`, `sm mcp`). */
export interface SessionPool {
  /** A write session: the idle one when it still fits the file, else a fresh open (same posture checks). */
  lease(): StateSession;
  /** Closes the idle connection (server shutdown). */
  close(): void;
}

function schemaVersionOf(session: StateSession): number {
  return cached(session.db, 'PRAGMA schema_version', 'pluck').get() as number;
}

/**
 * The write posture's drift axes on a connection that already passed a full open: the version stamp and the
 * scan's fingerprint (the ledger cannot change without DDL, which moves `schema_version`). Prepared once.
 */
function stillCurrent(session: StateSession): boolean {
  const version = cached(session.db, 'PRAGMA user_version', 'pluck').get() as number;
  if (version !== LATEST_SCHEMA_VERSION) return false;
  const meta = cached(session.db, `SELECT schema_fingerprint FROM scan_meta WHERE id = 1`, 'pluck').get() as
    string | null | undefined;
  return meta === undefined || meta === null || meta === schemaFingerprint();
}

/**
 * A one-connection pool for the write posture. Opening SQLite, checking the schema and closing again costs about
 * 1 ms, more than the transaction of most engine calls; a long-lived server keeps the connection between calls.
 * It never holds a lock between calls (no transaction is left open: WAL readers and writers lock per
 * transaction). A leased connection is reused only while it is still the same file (device and inode: a rebuilt
 * or replaced database is a new file) with the same schema (`PRAGMA schema_version` moves on any DDL) and the
 * write posture's fingerprint check still passes; otherwise it is closed and the call opens afresh, with every
 * check of a first open (drift refusal, damage). Calls that overlap get their own connection.
 */
export function createSessionPool(dbPath: string): SessionPool {
  let idle: Idle | null = null;

  const fits = (entry: Idle): boolean => {
    const st = statSync(dbPath, { throwIfNoEntry: false });
    if (st === undefined || st.dev !== entry.dev || st.ino !== entry.ino) return false;
    try {
      if (!entry.session.db.open || schemaVersionOf(entry.session) !== entry.schemaVersion) return false;
      // The drift axes of the write posture, re-checked every call (another build may have stamped the file).
      return stillCurrent(entry.session);
    } catch {
      return false;
    }
  };

  const lend = (entry: Idle): StateSession => {
    let released = false;
    return {
      ...entry.session,
      close: () => {
        if (released) return;
        released = true;
        if (idle === null && entry.session.db.open && !entry.session.db.inTransaction) idle = entry;
        else entry.session.close();
      },
    };
  };

  return {
    lease() {
      const entry = idle;
      idle = null;
      if (entry !== null) {
        if (fits(entry)) return lend(entry);
        entry.session.close();
      }
      // A write open throws (drift, missing file, damage) rather than returning null.
      const session = openStateSession(dbPath, 'write') as StateSession;
      const st = statSync(dbPath);
      return lend({ session, dev: st.dev, ino: st.ino, schemaVersion: schemaVersionOf(session) });
    },
    close() {
      idle?.session.close();
      idle = null;
    },
  };
}
