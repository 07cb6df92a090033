import type { WalkResult } from '../../adapters/fs/walk-types.js';
import type { PersistIndex } from '../../adapters/sqlite/persist-index.js';
import type { ScanStore } from '../../adapters/sqlite/store.js';
import type { FileRecord, GraphState } from '../../kernel/index.js';
import type { LensDecision } from './kernel-port.js';

/** What the engine remembers about one file between scans: the stat facts and the kernel record (its content hash and cache key inside). */
export interface CachedFile {
  readonly size: number;
  /** -1 when the mtime was too recent to trust: the next scan re-hashes the file (but reuses on equal hash). */
  readonly mtimeMs: number;
  readonly record: FileRecord;
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
  /** The kernel's incremental graph state of the last scan (consumed by the next one). */
  graph: GraphState | null;
  /** The last lens decision and what it was decided from (the same path lists and settings give the same lens). */
  lens: { readonly key: readonly unknown[]; readonly lens: LensDecision } | null;
  /**
   * True while the records in `files` are exactly the per-file cache in the database: loaded from it, and every
   * persist since diffed against this process's own previous one. Once another writer got in between, the rows
   * may have been written from records older than the cache's, so no graph digest is stored any more.
   */
  inSync: boolean;
  /** The last graph digest and what it was computed from (the same path list object and inputs give the same one). */
  digest: { readonly key: readonly unknown[]; readonly value: string } | null;
  /** The write store kept open between scans, with the file identity and schema stamp it was opened on. */
  store: { readonly store: ScanStore; readonly identity: string | null; readonly schema: string } | null;
}

/** A fresh, empty warm state bound to one database path. */
export function createScanWarmState(dbPath: string): ScanWarmState {
  return {
    dbPath,
    files: null,
    persistIndex: undefined,
    lastWalk: undefined,
    graph: null,
    lens: null,
    inSync: false,
    digest: null,
    store: null,
  };
}
