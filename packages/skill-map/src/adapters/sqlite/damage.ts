// A database file that cannot be read: truncated, overwritten, or not SQLite at all. Reported as `DB_DAMAGED`
// (never as a bug or a raw SQLite message), with the one command that rebuilds it; that command moves the file
// aside instead of deleting it, since the state zone (jobs, findings, preferences) is not derived data.
import { closeSync, openSync, readSync, renameSync, statSync } from 'node:fs';
import { Database, SqliteError } from './driver.js';
import { AdapterError } from '../errors.js';

const MAGIC = 'SQLite format 3\u0000';
const HEADER_BYTES = 100;

/** True for the SQLite errors that mean "the file is not a readable database" (corrupt, truncated, foreign). */
export function isDamageError(err: unknown): boolean {
  if (!(err instanceof SqliteError)) return false;
  return err.code.startsWith('SQLITE_CORRUPT') || err.code === 'SQLITE_NOTADB';
}

/** Rethrows SQLite's "corrupt" and "not a database" errors as `DB_DAMAGED` of `path`; other errors pass. */
export function throwIfDamaged(path: string, err: unknown): void {
  if (isDamageError(err)) throw damagedError(path, (err as Error).message, err);
}

/** The typed error of a damaged database file. */
export function damagedError(path: string, detail: string, cause?: unknown): AdapterError {
  return new AdapterError(
    'DB_DAMAGED',
    `the skill-map database ${path} is damaged and cannot be read (${detail})`,
    { data: { path }, ...(cause === undefined ? {} : { cause }) },
  );
}

function walSize(path: string): number {
  return statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0;
}

/** One look at the file: its size, its first 100 bytes, and the WAL's size before and after reading them. */
export interface HeaderSnapshot {
  readonly size: number;
  readonly header: Buffer;
  readonly walBefore: number;
  readonly walAfter: number;
}

function snapshot(path: string): HeaderSnapshot {
  const walBefore = walSize(path);
  const size = statSync(path).size;
  const header = Buffer.alloc(Math.min(size, HEADER_BYTES));
  if (size > 0) {
    const fd = openSync(path, 'r');
    try {
      readSync(fd, header, 0, header.length, 0);
    } finally {
      closeSync(fd);
    }
  }
  return { size, header, walBefore, walAfter: walSize(path) };
}

/** The problem one snapshot shows; `truncated` marks the one a concurrent checkpoint can fake for a moment. */
export function snapshotProblem(snap: HeaderSnapshot): { message: string; truncated: boolean } | null {
  const { size, header } = snap;
  if (size === 0) return null;
  if (size < HEADER_BYTES) return { message: `the file is only ${size} bytes`, truncated: false };
  if (header.toString('latin1', 0, 16) !== MAGIC)
    return { message: 'the file is not an SQLite database', truncated: false };
  const raw = header.readUInt16BE(16);
  const pageSize = raw === 1 ? 65536 : raw;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0)
    return { message: 'the header holds an invalid page size', truncated: false };
  const changeCounter = header.readUInt32BE(24);
  const pages = header.readUInt32BE(28);
  const validFor = header.readUInt32BE(92);
  // With WAL content the main file may lag its own header (a checkpoint writes page 1 before the pages that grow the
  // file), so the size is only compared when the WAL was empty both before and after the reads.
  if (
    pages > 0 &&
    validFor === changeCounter &&
    size < pages * pageSize &&
    snap.walBefore + snap.walAfter === 0
  )
    return { message: `the file is truncated: ${size} of ${pages * pageSize} bytes`, truncated: true };
  return null;
}

/** Looks at a suspected truncation this many times in all before calling it damage. */
const TRUNCATION_LOOKS = 3;

/**
 * What is wrong with the file's header, or null when it looks like a whole SQLite database: the magic string, the page
 * size and the in-header page count (trusted only when SQLite marks it valid and no WAL content is pending) against
 * the file's size. An empty file is a fresh database, not a damaged one. A truncation is reported only when every one
 * of a few looks sees it with the same size: another process's checkpoint (eight agents on one queue) can show a
 * grown header over a file still growing for a moment, and calling that damage would stop a healthy agent.
 */
export function headerProblem(
  path: string,
  look: (path: string) => HeaderSnapshot = snapshot,
): string | null {
  let first: HeaderSnapshot | null = null;
  for (let i = 0; i < TRUNCATION_LOOKS; i++) {
    const snap = look(path);
    const problem = snapshotProblem(snap);
    if (problem === null) return null;
    if (!problem.truncated) return problem.message;
    if (first !== null && snap.size !== first.size) return null;
    first ??= snap;
    if (i === TRUNCATION_LOOKS - 1) return problem.message;
  }
  return null;
}

/**
 * What makes an existing file unreadable, or null: its header (one small read), plus the pages themselves (`PRAGMA
 * quick_check` on a fresh read-only connection, ~15-60 ms on a 5,000-node database) when `deep`: the rebuild
 * command, and the server's health once per change of the file.
 */
export function damageOf(path: string, busyTimeoutMs: number, deep: boolean): string | null {
  const header = headerProblem(path);
  if (header !== null || !deep) return header;
  let db: InstanceType<typeof Database> | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    const rows = db.pragma('quick_check(1)') as { quick_check: string }[];
    const verdict = rows[0]?.quick_check ?? 'ok';
    return verdict === 'ok' ? null : verdict;
  } catch (err) {
    if (isDamageError(err)) return (err as Error).message;
    throw err;
  } finally {
    db?.close();
  }
}

/** Throws `DB_DAMAGED` when the file's header says it cannot be a whole database. */
export function assertNotDamaged(path: string): void {
  const problem = headerProblem(path);
  if (problem !== null) throw damagedError(path, problem);
}

/**
 * Moves a damaged database (and its `-wal`/`-shm` companions) aside to `<path>.damaged-<timestamp>`, so the state it
 * held is never deleted; returns the backup path.
 */
export function moveAside(path: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const backup = `${path}.damaged-${stamp}`;
  renameSync(path, backup);
  for (const suffix of ['-wal', '-shm']) {
    try {
      renameSync(`${path}${suffix}`, `${backup}${suffix}`);
    } catch {
      // No companion file.
    }
  }
  return backup;
}
