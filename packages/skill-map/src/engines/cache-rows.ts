import type { FileCacheEntry } from '../adapters/sqlite/file-cache.js';
import type { CachedFile } from './warm-state.js';

/** Turns persisted cache rows into engine cache entries; records stay JSON text until a file reuses them. */
export function cachedFilesFromRows(rows: ReadonlyMap<string, FileCacheEntry>): Map<string, CachedFile> {
  const out = new Map<string, CachedFile>();
  for (const [path, row] of rows) {
    out.set(path, { size: row.size, mtimeMs: row.mtimeMs, contentHash: row.contentHash, cacheKey: row.cacheKey, record: null, recordJson: row.recordJson });
  }
  return out;
}
