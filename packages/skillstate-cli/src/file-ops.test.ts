import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupPathFor, missingDirs, removableDirs } from './file-ops.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillstate-ops-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('file operations', () => {
  it('names backups after the time and never reuses a name', () => {
    const file = join(dir, '.mcp.json');
    const now = new Date('2026-01-02T03:04:05.678Z');
    const first = backupPathFor(file, now);
    expect(first).toBe(`${file}.bak.2026-01-02T03-04-05-678Z`);
    writeFileSync(first, 'x');
    expect(backupPathFor(file, now)).toBe(`${first}-1`);
    expect(backupPathFor(file, now, new Set([`${first}-1`]))).toBe(`${first}-2`);
  });

  it('lists the missing ancestors of a file, deepest first, inside the base only', () => {
    mkdirSync(join(dir, 'a'));
    expect(missingDirs(join(dir, 'a', 'b', 'c', 'f.txt'), dir)).toEqual([
      join(dir, 'a', 'b', 'c'),
      join(dir, 'a', 'b'),
    ]);
    expect(missingDirs(join(dir, 'f.txt'), dir)).toEqual([]);
    expect(missingDirs('/elsewhere/x/f.txt', dir)).toEqual([]);
  });

  it('finds directories that will be empty once the deleted files are gone', () => {
    mkdirSync(join(dir, 'a', 'b'), { recursive: true });
    writeFileSync(join(dir, 'a', 'b', 'ours.md'), '');
    writeFileSync(join(dir, 'a', 'theirs.md'), '');
    const dirs = [join(dir, 'a'), join(dir, 'a', 'b')];
    expect(removableDirs(dirs, new Set([join(dir, 'a', 'b', 'ours.md')]))).toEqual([join(dir, 'a', 'b')]);
    const all = new Set([join(dir, 'a', 'b', 'ours.md'), join(dir, 'a', 'theirs.md')]);
    expect(removableDirs(dirs, all)).toEqual([join(dir, 'a', 'b'), join(dir, 'a')]);
  });
});
