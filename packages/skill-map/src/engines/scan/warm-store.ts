import { fileIdentity } from '../../adapters/fs/file-identity.js';
import { openScanStore, tryOpenScanStoreForRead } from '../../adapters/sqlite/store.js';
import type { ScanStore } from '../../adapters/sqlite/store.js';
import type { ScanOptions } from './scan-types.js';
import type { ScanWarmState } from './warm-state.js';

/** A store lent to one scan; `release` closes it, or hands it back to the warm state for the next scan. */
export interface LentStore {
  readonly store: ScanStore | null;
  release(failed: boolean): void;
}

function openFor(opts: ScanOptions, dbPath: string): ScanStore | null {
  const store =
    opts.persist === false
      ? tryOpenScanStoreForRead(dbPath)
      : openScanStore({
          path: dbPath,
          posture: 'write',
          create: true,
          onDrift: opts.onDrift ?? 'refuse',
          onDamage: opts.onDamage ?? 'refuse',
        });
  return store !== null && opts.wrapStore ? opts.wrapStore(store) : store;
}

/** Closes the write store a warm state keeps between scans (a long-running process calls it on shutdown). */
export function closeWarmStore(warm: ScanWarmState): void {
  const kept = warm.store;
  warm.store = null;
  kept?.store.close();
}

/**
 * The store for one scan. A warm state keeps its write store open between scans (in a busy server, opening
 * it took about 20 ms of a 55 ms watcher rescan on a 10,000-node project), and reuses it only while it is certainly the same database: the
 * same file (a reset or rebuild creates a new one) with the same schema (a migration or a newer skill-map
 * changes the schema cookie or the user version, and the next open runs the drift checks again). A failed scan drops it.
 */
export function lendStore(opts: ScanOptions, dbPath: string): LentStore {
  const warm = opts.warm;
  if (warm === undefined || opts.persist === false || opts.wrapStore !== undefined) {
    const store = openFor(opts, dbPath);
    return { store, release: () => store?.close() };
  }
  const kept = warm.store;
  if (kept !== null && (kept.identity !== fileIdentity(dbPath) || !sameSchema(kept.store, kept.schema)))
    closeWarmStore(warm);
  if (warm.store === null) {
    const store = openFor(opts, dbPath);
    if (store === null) return { store, release: () => undefined };
    warm.store = { store, identity: fileIdentity(dbPath), schema: store.schemaStamp() };
  }
  const lent = warm.store;
  return {
    store: lent?.store ?? null,
    release(failed) {
      if (failed && warm.store === lent) closeWarmStore(warm);
    },
  };
}

function sameSchema(store: ScanStore, schema: string): boolean {
  try {
    return store.schemaStamp() === schema;
  } catch {
    return false;
  }
}
