import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../testing/temp-tree.js';
import type { TempTree } from '../testing/temp-tree.js';
import { makeNode, makeScan } from '../testing/scan-fixtures.js';
import { openDatabase } from './open-database.js';
import { openScanStore } from './store.js';
import { createSessionPool } from './session-pool.js';

let tree: TempTree;
let dbPath: string;

function createDb(): void {
  openDatabase({ path: dbPath, posture: 'write', create: true }).close();
}

beforeEach(() => {
  tree = createTempTree('sm-pool-');
  dbPath = join(tree.root, '.skill-map', 'skill-map.db');
  createDb();
});
afterEach(() => tree.remove());

describe('session pool (one write connection kept between calls)', () => {
  it('hands the same connection to sequential calls and separate ones to overlapping calls', () => {
    const pool = createSessionPool(dbPath);
    const a = pool.lease();
    const db = a.db;
    a.close();
    const b = pool.lease();
    expect(b.db).toBe(db);
    const overlapping = pool.lease();
    expect(overlapping.db).not.toBe(db);
    b.close();
    overlapping.close(); // the pool keeps one: the overlapping connection is closed on release
    expect([db.open, overlapping.db.open]).toEqual([true, false]);
    pool.close();
    expect(db.open).toBe(false);
  });

  it('opens afresh when the file was replaced (a rebuilt database is a new inode)', () => {
    const pool = createSessionPool(dbPath);
    const a = pool.lease();
    const db = a.db;
    a.close();
    for (const s of ['', '-wal', '-shm']) rmSync(`${dbPath}${s}`, { force: true });
    createDb();
    const b = pool.lease();
    expect(b.db).not.toBe(db);
    expect(db.open).toBe(false);
    b.close();
    pool.close();
  });

  it('refuses, like a first open, once another build stamped its fingerprint on the file', () => {
    const pool = createSessionPool(dbPath);
    const store = openScanStore({ path: dbPath, posture: 'write' });
    store.persistScan(makeScan([makeNode('a.md')]));
    store.close();
    const a = pool.lease();
    a.db.prepare(`UPDATE scan_meta SET schema_fingerprint = 'other-build' WHERE id = 1`).run();
    a.close();
    expect(() => pool.lease()).toThrow(/fingerprint/);
    pool.close();
  });

  it('a missing database is refused (never created by a lease)', () => {
    const pool = createSessionPool(dbPath);
    for (const s of ['', '-wal', '-shm']) rmSync(`${dbPath}${s}`, { force: true });
    expect(() => pool.lease()).toThrow(/not found/i);
  });
});
