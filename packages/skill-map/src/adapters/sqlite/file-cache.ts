import type { Database as Db } from 'better-sqlite3';
import { cached } from './statements.js';

/**
 * One cached kernel result for a file, keyed by path: the stat facts it was taken under and the serialised
 * record (which carries its own content hash and cache key).
 */
export interface FileCacheRow {
  readonly path: string;
  readonly size: number;
  /** -1 marks a row whose mtime was too recent to trust (it is re-hashed on the next scan). */
  readonly mtimeMs: number;
  readonly recordJson: string;
}

/** A cache row as written: with the text of the triggers its record holds (where a renamed node's mentions are sought). */
export interface FileCacheEntry extends FileCacheRow {
  readonly mentions: string;
}

/** Changes to the per-file cache, applied in the persist transaction. */
export interface FileCacheChanges {
  readonly upserts: readonly FileCacheEntry[];
  readonly deletes: readonly string[];
}

/** Calls `each` for every cache row (one query; records stay JSON text for the caller to parse). */
export function forEachFileCacheRow(
  db: Db,
  each: (path: string, size: number, mtimeMs: number, recordJson: string) => void,
): void {
  // Streamed: each row's JSON text can be collected as soon as the caller has parsed it.
  const rows = cached(
    db,
    `SELECT path, size, mtime_ms, record_json FROM scan_file_cache`,
    'raw',
  ).iterate() as IterableIterator<[string, number, number, string]>;
  for (const r of rows) each(r[0], r[1], r[2], r[3]);
}

/** One cache row's stat facts: path, size and mtime (-1: re-hash on the next scan). */
export type FileStatRow = readonly [path: string, size: number, mtimeMs: number];

/**
 * The stat facts of every cache row, keyed by path. Read from the covering index `scan_file_cache_stat` (no record page
 * is touched) in one `all()`, and each row's own array is the map's value: no object per file.
 */
export function fileCacheStats(db: Db): Map<string, FileStatRow> {
  const rows = cached(db, `SELECT path, size, mtime_ms FROM scan_file_cache`, 'raw').all() as FileStatRow[];
  const out = new Map<string, FileStatRow>();
  for (const r of rows) out.set(r[0], r);
  return out;
}

/** The cached record text of one file. */
export function fileRecordJson(db: Db, path: string): string | undefined {
  return cached(db, `SELECT record_json FROM scan_file_cache WHERE path = ?`, 'pluck').get(path) as
    string | undefined;
}

/** Loads the whole per-file cache in one query (records stay as JSON text until the caller needs them). */
export function loadFileCache(db: Db): Map<string, FileCacheRow> {
  const out = new Map<string, FileCacheRow>();
  forEachFileCacheRow(db, (path, size, mtimeMs, recordJson) =>
    out.set(path, { path, size, mtimeMs, recordJson }),
  );
  return out;
}

/** Rows per statement when the cache table is empty (a first scan): plain batched inserts, no conflict handling. */
const BATCH = 64;

function bulkInsert(db: Db, entries: readonly FileCacheEntry[]): void {
  const stmt = cached(
    db,
    `INSERT INTO scan_file_cache (path, size, mtime_ms, record_json, mentions) VALUES ${new Array<string>(BATCH).fill('(?, ?, ?, ?, ?)').join(', ')}`,
  );
  const one = cached(
    db,
    `INSERT INTO scan_file_cache (path, size, mtime_ms, record_json, mentions) VALUES (?, ?, ?, ?, ?)`,
  );
  const buf = new Array<string | number>(BATCH * 5);
  let i = 0;
  for (; i + BATCH <= entries.length; i += BATCH) {
    for (let j = 0; j < BATCH; j += 1) {
      const e = entries[i + j] as FileCacheEntry;
      buf[j * 5] = e.path;
      buf[j * 5 + 1] = e.size;
      buf[j * 5 + 2] = e.mtimeMs;
      buf[j * 5 + 3] = e.recordJson;
      buf[j * 5 + 4] = e.mentions;
    }
    stmt.run(buf);
  }
  for (; i < entries.length; i += 1) {
    const e = entries[i] as FileCacheEntry;
    one.run(e.path, e.size, e.mtimeMs, e.recordJson, e.mentions);
  }
}

/** Applies cache upserts and deletes (call inside the persist transaction). */
export function writeFileCache(db: Db, changes: FileCacheChanges): void {
  if (
    changes.upserts.length >= BATCH &&
    cached(db, `SELECT EXISTS (SELECT 1 FROM scan_file_cache)`, 'pluck').get() === 0
  ) {
    const paths = new Set<string>();
    for (const e of changes.upserts) paths.add(e.path);
    if (paths.size === changes.upserts.length) {
      bulkInsert(db, changes.upserts);
      return;
    }
  }
  const upsert = cached(
    db,
    `INSERT INTO scan_file_cache (path, size, mtime_ms, record_json, mentions) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms,
       record_json = excluded.record_json, mentions = excluded.mentions`,
  );
  const del = cached(db, `DELETE FROM scan_file_cache WHERE path = ?`);
  for (const e of changes.upserts) upsert.run(e.path, e.size, e.mtimeMs, e.recordJson, e.mentions);
  for (const p of changes.deletes) del.run(p);
}

/** Empties the per-file cache (a `--full` scan or a cache-key change invalidates everything). */
export function clearFileCache(db: Db): void {
  cached(db, `DELETE FROM scan_file_cache`).run();
}
