import { mkdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../testing/temp-tree.js';
import type { TempTree } from '../testing/temp-tree.js';
import { refreshWalk } from './refresh-walk.js';
import { walkProject } from './walk.js';
import type { WalkOptions } from './walk-types.js';

let tree: TempTree;
let opts: WalkOptions;
beforeEach(() => {
  tree = createTempTree('sm-refresh-');
  tree.write({ 'a/one.md': '1', 'a/two.md': '2', 'b/three.md': '3', '.skillmapignore': 'drafts-*.md\n' });
  opts = { root: tree.root, isCandidate: (p) => p.endsWith('.md'), respectGitignore: true };
});
afterEach(() => tree.remove());

/** What a full walk would say, for comparison. */
const full = () => walkProject(opts);
const shape = (w: ReturnType<typeof full> | null) =>
  w && {
    files: w.files.map((f) => [f.path, f.size]),
    allPaths: w.allPaths,
    filesWalked: w.filesWalked,
    filesSkipped: w.filesSkipped,
    skipped: w.skipped,
  };

describe('refreshWalk', () => {
  it('matches a full walk after edits, additions in known directories and deletions', () => {
    const before = full();
    writeFileSync(tree.abs('a/one.md'), 'one, longer now');
    writeFileSync(tree.abs('b/new.md'), 'new');
    unlinkSync(tree.abs('a/two.md'));
    writeFileSync(tree.abs('a/drafts-x.md'), 'ignored by .skillmapignore');
    const refreshed = refreshWalk(
      before,
      ['a/one.md', tree.abs('b/new.md'), 'a/two.md', 'a/drafts-x.md'],
      opts,
    );
    expect(shape(refreshed)).toEqual(shape(full()));
  });

  it('answers edits to known files in place, sharing the unchanged path lists, and matches a full walk', () => {
    const before = full();
    writeFileSync(tree.abs('a/one.md'), 'one, longer now');
    writeFileSync(tree.abs('b/three.md'), 'three, longer too');
    const refreshed = refreshWalk(before, ['a/one.md', tree.abs('b/three.md')], opts);
    expect(shape(refreshed)).toEqual(shape(full()));
    expect(refreshed?.allPaths).toBe(before.allPaths);
    expect(refreshed?.files).not.toBe(before.files);
    expect(before.files.find((f) => f.path === 'a/one.md')?.size).toBe(1);
  });

  it('reports a refreshed file that became oversized or vanished like the walk does', () => {
    const before = full();
    writeFileSync(tree.abs('a/one.md'), 'x'.repeat(50));
    const refreshed = refreshWalk(before, ['a/one.md'], { ...opts, maxFileSizeBytes: 10 });
    expect(refreshed?.oversized).toEqual([{ path: 'a/one.md', bytes: 50 }]);
    expect(refreshed?.filesSkipped).toBe(1);
  });

  it.each([
    ['a new directory', () => tree.write({ 'c/new.md': 'x' }), ['c/new.md']],
    ['a directory path', () => mkdirSync(tree.abs('a/sub')), ['a/sub']],
    ['an ignore file', () => tree.write({ '.gitignore': 'b/\n' }), ['.gitignore']],
    ['a settings file', () => tree.write({ '.skill-map/settings.json': '{}' }), ['.skill-map/settings.json']],
    ['a symlink', () => symlinkSync(tree.abs('b/three.md'), tree.abs('a/link.md')), ['a/link.md']],
    ['a path outside the root', () => undefined, ['/etc/passwd']],
  ])('falls back to a full walk for %s', (_name, change, paths) => {
    const before = full();
    change();
    expect(refreshWalk(before, paths, opts)).toBeNull();
  });

  it('ignores skill-map state files and falls back after a truncated walk', () => {
    const before = full();
    expect(refreshWalk(before, ['.skill-map/skill-map.db-wal'], opts)?.files).toHaveLength(3);
    const truncated = walkProject({ ...opts, maxScan: 1 });
    expect(refreshWalk(truncated, ['a/one.md'], { ...opts, maxScan: 1 })).toBeNull();
  });
});
