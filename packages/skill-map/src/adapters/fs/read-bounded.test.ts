import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../testing/temp-tree.js';
import type { TempTree } from '../testing/temp-tree.js';
import { readBounded } from './read-bounded.js';

let tree: TempTree;
beforeEach(() => {
  tree = createTempTree('sm-bounded-');
});
afterEach(() => tree.remove());

describe('readBounded', () => {
  it('reads a regular file whole, and through a symlink to one', () => {
    tree.write({ 'a.json': '{"x":1}' });
    symlinkSync(tree.abs('a.json'), tree.abs('link.json'));
    for (const name of ['a.json', 'link.json']) {
      const read = readBounded(tree.abs(name), 100);
      expect(read.ok && read.bytes.toString('utf8')).toBe('{"x":1}');
    }
  });

  it('refuses a symlink to /dev/zero without reading from it (it would never end)', () => {
    symlinkSync('/dev/zero', tree.abs('settings.json'));
    const read = readBounded(tree.abs('settings.json'), 1024);
    expect(read).toMatchObject({ ok: false, reason: 'not-a-file' });
    expect(!read.ok && read.message).toContain(tree.abs('settings.json'));
  });

  it('refuses a FIFO without waiting for a writer, and a directory', () => {
    execFileSync('mkfifo', [tree.abs('pipe')]);
    mkdirSync(tree.abs('dir'));
    expect(readBounded(tree.abs('pipe'), 1024)).toMatchObject({ ok: false, reason: 'not-a-file' });
    expect(readBounded(tree.abs('dir'), 1024)).toMatchObject({ ok: false, reason: 'not-a-file' });
  });

  it('refuses a file over the cap with its size, and reads one exactly at the cap', () => {
    tree.write({ 'big.txt': 'x'.repeat(101), 'edge.txt': 'y'.repeat(100) });
    expect(readBounded(tree.abs('big.txt'), 100)).toMatchObject({
      ok: false,
      reason: 'oversized',
      bytes: 101,
    });
    const edge = readBounded(tree.abs('edge.txt'), 100);
    expect(edge.ok && edge.bytes.length).toBe(100);
  });

  // A /proc file stats as size 0 but has content: every byte after the first comes from the reads past the stat'ed
  // size (the shared scratch buffer), and what one read returned must survive the next read.
  it.skipIf(process.platform !== 'linux')(
    "reads past the stat'ed size of a file that has more, and keeps each result apart",
    () => {
      const first = readBounded('/proc/self/cmdline', 1024 * 1024);
      const second = readBounded('/proc/self/environ', 1024 * 1024);
      expect(first.ok && first.bytes.equals(readFileSync('/proc/self/cmdline'))).toBe(true);
      expect(second.ok && second.bytes.equals(readFileSync('/proc/self/environ'))).toBe(true);
      expect(readBounded('/proc/self/environ', 2)).toMatchObject({ ok: false, reason: 'oversized' });
    },
  );

  it('tells a missing file from an unreadable one', () => {
    tree.write({ 'file.txt': 'x' });
    expect(readBounded(tree.abs('nope.json'), 10)).toMatchObject({ ok: false, reason: 'missing' });
    expect(readBounded(tree.abs('file.txt/below'), 10)).toMatchObject({ ok: false, reason: 'missing' });
  });
});
