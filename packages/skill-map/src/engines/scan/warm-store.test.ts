import { rmSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultDbPath } from '../../adapters/sqlite/open-database.js';
import { tryOpenScanStoreForRead } from '../../adapters/sqlite/store.js';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runScan } from './scan-engine.js';
import { createScanWarmState } from './warm-state.js';
import type { ScanWarmState } from './warm-state.js';
import { closeWarmStore } from './warm-store.js';

let tree: TempTree;
let warm: ScanWarmState;
beforeEach(() => {
  tree = createTempTree('sm-warm-store-');
  tree.write({ 'docs/a.md': '# A\nSee [b](b.md).\n', 'docs/b.md': '# B\n' });
  warm = createScanWarmState(defaultDbPath(tree.root));
});
afterEach(() => {
  closeWarmStore(warm);
  tree.remove();
});

const scan = (changedPaths?: string[]) =>
  runScan({
    projectRoot: tree.root,
    warm,
    racyWindowMs: -60_000,
    ...(changedPaths === undefined ? {} : { changedPaths }),
  });

/** The node paths a fresh reader finds in the database file at the default path now. */
function persistedPaths(): string[] {
  const store = tryOpenScanStoreForRead(defaultDbPath(tree.root));
  try {
    return store?.nodePaths() ?? [];
  } finally {
    store?.close();
  }
}

describe('the write store a warm state keeps between scans', () => {
  it('is kept open across scans and released by closeWarmStore', async () => {
    await scan();
    const first = warm.store?.store;
    expect(first).toBeDefined();
    tree.write({ 'docs/c.md': '# C\n' });
    await scan(['docs/c.md']);
    expect(warm.store?.store).toBe(first);
    expect(persistedPaths()).toEqual(['docs/a.md', 'docs/b.md', 'docs/c.md']);
    closeWarmStore(warm);
    expect(warm.store).toBeNull();
  });

  it('follows a database that was deleted and recreated instead of writing into the old file', async () => {
    await scan();
    const first = warm.store?.store;
    const db = defaultDbPath(tree.root);
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
    tree.write({ 'docs/c.md': '# C\n' });
    await scan(['docs/c.md']);
    expect(warm.store?.store).not.toBe(first);
    expect(persistedPaths()).toEqual(['docs/a.md', 'docs/b.md', 'docs/c.md']);
  });

  it('reopens, and so re-runs the drift checks, when another process stamps a newer schema', async () => {
    await scan();
    const other = new Database(defaultDbPath(tree.root));
    other.pragma('user_version = 9');
    other.close();
    writeFileSync(`${tree.root}/docs/b.md`, '# B changed\n');
    await expect(scan(['docs/b.md'])).rejects.toMatchObject({ code: 'DB_SCHEMA_NEWER' });
    expect(warm.store).toBeNull();
  });
});
