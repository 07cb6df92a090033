import type { Database as Db } from 'better-sqlite3';
import { cached } from './statements.js';

/**
 * One cached kernel result for a file, keyed by path: the stat facts it was taken under and the serialised
 * record (which carries its own content hash and cache key).
 */
export interface FileCacheEntry {
  readonly path: string;
  readonly size: number;
  /** -1 marks a row whose mtime was too recent to trust (it is re-hashed on the next scan). */
  readonly mtimeMs: number;
  readonly recordJson: string;
}

/** Changes to the per-file cache, applied in the persist transaction. */
export interface FileCacheChanges {
  readonly upserts: readonly FileCacheEntry[];
  readonly deletes: readonly string[];
}

/** Calls `each` for every cache row (one query; records stay JSON text for the caller to parse). */
export function forEachFileCacheRow(db: Db, each: (path: string, size: number, mtimeMs: number, recordJson: string) => void): void {
  const rows = cached(db, `SELECT path, size, mtime_ms, record_json FROM scan_file_cache`, 'raw').all() as Array<[string, number, number, string]>;
  for (const r of rows) each(r[0], r[1], r[2], r[3]);
}

/** Loads the whole per-file cache in one query (records stay as JSON text until the caller needs them). */
export function loadFileCache(db: Db): Map<string, FileCacheEntry> {
  const out = new Map<string, FileCacheEntry>();
  forEachFileCacheRow(db, (path, size, mtimeMs, recordJson) => out.set(path, { path, size, mtimeMs, recordJson }));
  return out;
}

/** Applies cache upserts and deletes (call inside the persist transaction). */
export function writeFileCache(db: Db, changes: FileCacheChanges): void {
  const upsert = cached(
    db,
    `INSERT INTO scan_file_cache (path, size, mtime_ms, record_json) VALUES (?, ?, ?, ?)
     ON CONFLICT (path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms, record_json = excluded.record_json`,
  );
  const del = cached(db, `DELETE FROM scan_file_cache WHERE path = ?`);
  for (const e of changes.upserts) upsert.run(e.path, e.size, e.mtimeMs, e.recordJson);
  for (const p of changes.deletes) del.run(p);
}

/** Empties the per-file cache (a `--full` scan or a cache-key change invalidates everything). */
export function clearFileCache(db: Db): void {
  cached(db, `DELETE FROM scan_file_cache`).run();
}
