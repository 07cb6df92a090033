import type { Database as Db } from 'better-sqlite3';
import { cached } from '../../sqlite/statements.js';

/** One cached kernel result for a file, keyed by path. `recordJson` is the serialised FileRecord. */
export interface FileCacheEntry {
  readonly path: string;
  readonly size: number;
  /** -1 marks a row whose mtime was too recent to trust (it is re-hashed on the next scan). */
  readonly mtimeMs: number;
  readonly contentHash: string;
  readonly cacheKey: string;
  readonly recordJson: string;
}

/** Changes to the per-file cache, applied in the persist transaction. */
export interface FileCacheChanges {
  readonly upserts: readonly FileCacheEntry[];
  readonly deletes: readonly string[];
}

/** Loads the whole per-file cache in one query (records stay as JSON text until the caller needs them). */
export function loadFileCache(db: Db): Map<string, FileCacheEntry> {
  const out = new Map<string, FileCacheEntry>();
  const rows = cached(
    db,
    `SELECT path, size, mtime_ms, content_hash, cache_key, record_json FROM scan_file_cache`,
    'raw',
  ).all() as Array<[string, number, number, string, string, string]>;
  for (const [path, size, mtimeMs, contentHash, cacheKey, recordJson] of rows) {
    out.set(path, { path, size, mtimeMs, contentHash, cacheKey, recordJson });
  }
  return out;
}

/** Applies cache upserts and deletes (call inside the persist transaction). */
export function writeFileCache(db: Db, changes: FileCacheChanges): void {
  const upsert = cached(
    db,
    `INSERT INTO scan_file_cache (path, size, mtime_ms, content_hash, cache_key, record_json)
     VALUES (@path, @size, @mtimeMs, @contentHash, @cacheKey, @recordJson)
     ON CONFLICT (path) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms,
       content_hash = excluded.content_hash, cache_key = excluded.cache_key, record_json = excluded.record_json`,
  );
  const del = cached(db, `DELETE FROM scan_file_cache WHERE path = ?`);
  for (const e of changes.upserts) upsert.run(e);
  for (const p of changes.deletes) del.run(p);
}

/** Empties the per-file cache (a `--full` scan or a cache-key change invalidates everything). */
export function clearFileCache(db: Db): void {
  cached(db, `DELETE FROM scan_file_cache`).run();
}
