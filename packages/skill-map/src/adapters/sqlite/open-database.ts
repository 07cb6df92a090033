import { existsSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Database } from './driver.js';
import type { Database as Db } from 'better-sqlite3';
import { AdapterError } from '../errors.js';
import { ensureStateDir, SKILL_MAP_GITIGNORE } from '../fs/state-dir.js';
import { assertNotDamaged, damagedError, damageOf, moveAside, throwIfDamaged } from './damage.js';
import { inspectSchema, migrate } from './migrate.js';
import type { SchemaInspection } from './migrate.js';
import { LATEST_SCHEMA_VERSION } from './migrations/index.js';

/** Where the project database lives relative to the project root. */
export const DEFAULT_DB_RELATIVE_PATH = join('.skill-map', 'skill-map.db');

/** The default database path for a project root (`<cwd>/.skill-map/skill-map.db`). */
export function defaultDbPath(projectRoot: string): string {
  return resolve(projectRoot, DEFAULT_DB_RELATIVE_PATH);
}

/** `read` degrades with an advisory on drift; `write` refuses (or rebuilds when the opener owns drift). */
export type DbPosture = 'read' | 'write';

/** Why a read-posture open is degraded. */
export interface DriftAdvisory {
  readonly kind: 'newer-schema' | 'older-schema' | 'fingerprint-mismatch';
  readonly dbVersion: number;
  readonly knownVersion: number;
  readonly message: string;
}

/** An open database with the posture it was opened under. */
export interface DbHandle {
  readonly db: Db;
  readonly path: string;
  readonly posture: DbPosture;
  /** Present on read opens of a drifted database: show it once, then keep serving what can be read. */
  readonly advisory: DriftAdvisory | null;
  /** False when the file holds no skill-map schema yet, or an older one (reads return empty shapes). */
  readonly schemaReady: boolean;
  /** Where a damaged database was moved before this open created a fresh one (`onDamage: 'move-aside'`), else null. */
  readonly movedAside: string | null;
  /**
   * A database this open created starts in rollback-journal mode, so its first (bulk) write goes to the file
   * once instead of through the WAL and a checkpoint; this switches it to WAL (after that write, or at close).
   * No-op otherwise.
   */
  enableWal(): void;
  close(): void;
}

/** Options of `openDatabase`. */
export interface OpenDatabaseOptions {
  readonly path: string;
  readonly posture: DbPosture;
  /** Write opens only: create the file (and `.skill-map/`) when missing. Default false. */
  readonly create?: boolean;
  /**
   * Write opens only: what to do on fingerprint drift. `rebuild` is for drift-owning opens (`sm scan`,
   * the watcher) after the user agreed: the file is deleted and recreated. A NEWER schema always refuses.
   */
  readonly onDrift?: 'refuse' | 'rebuild';
  /**
   * Write opens only: what to do with a damaged file (truncated, overwritten, not SQLite). `refuse` (default) throws
   * `DB_DAMAGED`; `move-aside` is for the rebuild command: the file is checked (`PRAGMA quick_check`), and a damaged
   * one is renamed to `<path>.damaged-<timestamp>` (never deleted: it holds the state zone) and recreated.
   */
  readonly onDamage?: 'refuse' | 'move-aside';
  /** Milliseconds SQLite waits on a locked database before failing. Default 5000. */
  readonly busyTimeoutMs?: number;
}

function newerMessage(path: string, v: number): string {
  return (
    `this database was written by a newer skill-map (schema ${v}, this build knows ${LATEST_SCHEMA_VERSION}); ` +
    `upgrade skill-map, or delete ${path} and run \`sm scan\` to rebuild it (jobs, findings and other state are lost)`
  );
}

function driftMessage(path: string, v: number): string {
  return (
    `this database's schema (version ${v}) was created by a different build of skill-map (schema fingerprint mismatch); ` +
    `run \`sm scan\` to rebuild ${path} (jobs, findings and other state are lost) or use the skill-map build that wrote it`
  );
}

function advisoryFor(path: string, s: SchemaInspection): DriftAdvisory | null {
  const base = { dbVersion: s.version, knownVersion: LATEST_SCHEMA_VERSION };
  if (s.version > LATEST_SCHEMA_VERSION)
    return {
      ...base,
      kind: 'newer-schema',
      message: `${newerMessage(path, s.version)}; showing what this build can read`,
    };
  if (s.fingerprintMismatch)
    return {
      ...base,
      kind: 'fingerprint-mismatch',
      message: `${driftMessage(path, s.version)}; showing what this build can read`,
    };
  if (s.version > 0 && s.version < LATEST_SCHEMA_VERSION) {
    return {
      ...base,
      kind: 'older-schema',
      message: `this database uses schema ${s.version} (this build writes ${LATEST_SCHEMA_VERSION}); run \`sm scan\` to upgrade it`,
    };
  }
  return null;
}

/**
 * No memory-mapped I/O: a mapped file that shrinks under a connection (truncated, replaced by a partial copy) kills
 * the process with SIGBUS, which cannot be caught; with read() SQLite reports SQLITE_CORRUPT instead, which becomes
 * `DB_DAMAGED`. Measured on a 5,000-node project: no difference in `sm scan` or `sm list` beyond run-to-run noise.
 */
const MMAP_SIZE = 0;

function openRaw(path: string, readonly: boolean, busyTimeoutMs: number, wal = true): Db {
  try {
    const db = new Database(path, { readonly, fileMustExist: readonly });
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    db.pragma(`mmap_size = ${MMAP_SIZE}`);
    if (!readonly) {
      if (wal) db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
    }
    return db;
  } catch (err) {
    throwIfDamaged(path, err);
    throw new AdapterError(
      'DB_OPEN_FAILED',
      `could not open the skill-map database ${path}: ${(err as Error).message}`,
      { cause: err, data: { path } },
    );
  }
}

export { SKILL_MAP_GITIGNORE };

function removeDbFiles(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

function handle(
  db: Db,
  path: string,
  posture: DbPosture,
  advisory: DriftAdvisory | null,
  schemaReady: boolean,
  walDeferred = false,
  movedAside: string | null = null,
): DbHandle {
  let deferred = walDeferred;
  const enableWal = (): void => {
    if (!deferred || !db.open) return;
    deferred = false;
    try {
      db.pragma('journal_mode = WAL');
    } catch {
      // Another connection has the file open: the next write open switches it.
    }
  };
  return {
    db,
    path,
    posture,
    advisory,
    schemaReady,
    movedAside,
    enableWal,
    close: () => {
      enableWal();
      db.close();
    },
  };
}

/**
 * Read posture: null when the file does not exist (callers degrade to empty shapes). Never migrates or
 * writes; a drifted database opens with an advisory instead of failing.
 */
export function tryOpenForRead(path: string, busyTimeoutMs = 5000): DbHandle | null {
  if (!existsSync(path)) return null;
  assertNotDamaged(path);
  const db = openRaw(path, true, busyTimeoutMs);
  try {
    const s = inspectSchema(db);
    // An older schema's scan zone has another layout: read it as "no scan yet" (plus the advisory) until a write open migrates it.
    return handle(db, path, 'read', advisoryFor(path, s), s.version >= LATEST_SCHEMA_VERSION);
  } catch (err) {
    db.close();
    throwIfDamaged(path, err);
    throw err;
  }
}

function openForWrite(opts: OpenDatabaseOptions): DbHandle {
  const path = opts.path;
  const busy = opts.busyTimeoutMs ?? 5000;
  let created = false;
  if (!existsSync(path)) {
    created = true;
    if (!opts.create) {
      throw new AdapterError(
        'DB_NOT_FOUND',
        `Project database not found at ${path}; run \`sm scan\` first to create it.`,
        { data: { path } },
      );
    }
    ensureStateDir(dirname(path));
  }
  let movedAside: string | null = null;
  if (!created) {
    const problem = damageOf(path, busy, opts.onDamage === 'move-aside');
    if (problem !== null && opts.onDamage !== 'move-aside') throw damagedError(path, problem);
    if (problem !== null) {
      movedAside = moveAside(path);
      created = true;
    }
  }
  let db = openRaw(path, false, busy, !created);
  try {
    const s = inspectSchema(db);
    if (s.version > LATEST_SCHEMA_VERSION) {
      throw new AdapterError('DB_SCHEMA_NEWER', newerMessage(path, s.version), {
        data: { path, dbVersion: s.version, knownVersion: LATEST_SCHEMA_VERSION },
      });
    }
    if (s.fingerprintMismatch) {
      if (opts.onDrift !== 'rebuild') {
        throw new AdapterError('DB_SCHEMA_DRIFT', driftMessage(path, s.version), {
          data: { path, dbVersion: s.version },
        });
      }
      db.close();
      removeDbFiles(path);
      created = true;
      db = openRaw(path, false, busy, false);
    }
    // 8 KiB pages for a new file: a bulk load builds fewer, fuller pages (each table and index page holds twice the rows).
    if (created) db.pragma('page_size = 8192');
    migrate(db, path);
    return handle(db, path, 'write', null, true, created, movedAside);
  } catch (err) {
    if (db.open) db.close();
    throwIfDamaged(path, err);
    throw err;
  }
}

/** Opens the project database under a posture (see `DbPosture`); read opens of a missing file throw `DB_NOT_FOUND`. */
export function openDatabase(opts: OpenDatabaseOptions): DbHandle {
  if (opts.posture === 'write') return openForWrite(opts);
  const h = tryOpenForRead(opts.path, opts.busyTimeoutMs);
  if (h === null)
    throw new AdapterError(
      'DB_NOT_FOUND',
      `Project database not found at ${opts.path}; run \`sm scan\` first.`,
      { data: { path: opts.path } },
    );
  return h;
}
