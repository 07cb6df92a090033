import type { ScanStore } from '../../adapters/sqlite/store.js';
import type { FileRecord } from '../../kernel/index.js';
import type { CachedFile } from './warm-state.js';

function isRecord(v: unknown): v is FileRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as { contentHash?: unknown; cacheKey?: unknown };
  return typeof r.contentHash === 'string' && typeof r.cacheKey === 'string';
}

/** One cache row's record, or null when its text does not parse into a record (the file is then analysed again). */
export function parseCachedRecord(json: string): FileRecord | null {
  let record: unknown;
  try {
    record = JSON.parse(json);
  } catch {
    return null;
  }
  return isRecord(record) ? record : null;
}

/**
 * Loads the persisted per-file cache (one query) and parses every record up front: the graph stage needs all of
 * them anyway. A row that does not parse into a record is left out, so its file is simply analysed again.
 */
export function loadCachedFiles(store: ScanStore): Map<string, CachedFile> {
  const out = new Map<string, CachedFile>();
  store.forEachFileCacheRow((path, size, mtimeMs, recordJson) => {
    const record = parseCachedRecord(recordJson);
    if (record !== null) out.set(path, { size, mtimeMs, record });
  });
  return out;
}
