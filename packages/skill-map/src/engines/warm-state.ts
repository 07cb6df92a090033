import type { WalkResult } from '../adapters/fs/walk-types.js';
import type { PersistIndex } from '../adapters/sqlite/persist-index.js';
import type { FileRecord } from '../kernel/index.js';

/** What the engine remembers about one file between scans. */
export interface CachedFile {
  readonly size: number;
  /** -1 when the mtime was too recent to trust: the next scan re-hashes the file (but reuses on equal hash). */
  readonly mtimeMs: number;
  readonly contentHash: string;
  readonly cacheKey: string;
  /** The parsed record, or null until first needed (cold cache rows are parsed lazily). */
  record: FileRecord | null;
  /** The record as stored, when it came from the database. */
  readonly recordJson?: string;
}

/**
 * In-memory state a long-running process (the watcher, `sm serve`) keeps between scans so a rescan after
 * a one-file change neither reloads the per-file cache nor re-hashes every persisted row. Create one per
 * project with `createScanWarmState` and pass it to every `runScan`; a CLI run simply omits it.
 */
export interface ScanWarmState {
  readonly dbPath: string;
  files: Map<string, CachedFile> | null;
  persistIndex: PersistIndex | undefined;
  /** The last full or refreshed walk, so a watcher's `changedPaths` can skip walking the whole tree. */
  lastWalk: WalkResult | undefined;
}

/** A fresh, empty warm state bound to one database path. */
export function createScanWarmState(dbPath: string): ScanWarmState {
  return { dbPath, files: null, persistIndex: undefined, lastWalk: undefined };
}

/** The record of a cache entry, parsing it on first use. */
export function recordOf(entry: CachedFile): FileRecord {
  if (entry.record === null) entry.record = JSON.parse(entry.recordJson ?? 'null') as FileRecord;
  return entry.record;
}
