import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../testing/temp-tree.js';
import type { TempTree } from '../testing/temp-tree.js';
import { headerProblem, snapshotProblem } from './damage.js';
import type { HeaderSnapshot } from './damage.js';

let tree: TempTree;
beforeEach(() => {
  tree = createTempTree();
});
afterEach(() => tree.remove());

/** A real database of a few pages, checkpointed (no WAL content), and its size. */
function database(): { path: string; size: number } {
  const path = tree.abs('skill-map.db');
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (v TEXT)');
  const insert = db.prepare('INSERT INTO t VALUES (?)');
  for (let i = 0; i < 200; i++) insert.run('x'.repeat(200));
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { path, size: readFileSync(path).length };
}

describe('headerProblem: a truncated database file', () => {
  it('reports a file cut short with no WAL content, naming the sizes', () => {
    const { path, size } = database();
    truncateSync(path, size - 8192);
    expect(headerProblem(path)).toBe(`the file is truncated: ${size - 8192} of ${size} bytes`);
  });

  it('a whole file, or a fresh empty one, is no problem', () => {
    const { path } = database();
    expect(headerProblem(path)).toBeNull();
    writeFileSync(path, '');
    expect(headerProblem(path)).toBeNull();
  });
});

describe('headerProblem: another process checkpointing (eight agents on one queue)', () => {
  it('a grown header over a file still growing is no damage while the WAL held content at the first look', () => {
    const { path, size } = database();
    const header = readFileSync(path).subarray(0, 100);
    // The checkpoint wrote page 1 (the new page count) before the pages that grow the file, then emptied the WAL
    // between the reads: the WAL size after the reads alone would call this truncated.
    const mid: HeaderSnapshot = { size: size - 8192, header, walBefore: 32_992, walAfter: 0 };
    expect(snapshotProblem(mid)).toBeNull();
    expect(snapshotProblem({ ...mid, walBefore: 0 })?.truncated).toBe(true);
  });

  it('a truncation is reported only when every look sees it with the same size', () => {
    const { path, size } = database();
    const header = readFileSync(path).subarray(0, 100);
    const at = (n: number): HeaderSnapshot => ({ size: n, header, walBefore: 0, walAfter: 0 });
    const looks = [at(size - 8192), at(size - 4096), at(size)];
    expect(headerProblem(path, () => looks.shift()!)).toBeNull();
    const stable = [at(size - 8192), at(size - 8192), at(size - 8192)];
    expect(headerProblem(path, () => stable.shift()!)).toMatch(/the file is truncated/);
  });
});
