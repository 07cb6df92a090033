import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree, permissionsAreBypassed } from '../testing/temp-tree.js';
import type { TempTree } from '../testing/temp-tree.js';
import { NODE_FS } from './fs-port.js';
import type { FsPort } from './fs-port.js';
import { walkProject } from './walk.js';
import type { WalkOptions } from './walk-types.js';

const isCandidate = (p: string): boolean => p.endsWith('.md') || p.endsWith('.sm');

let tree: TempTree;
beforeEach(() => {
  tree = createTempTree();
});
afterEach(() => {
  tree.remove();
});

function walk(extra: Partial<WalkOptions> = {}) {
  return walkProject({ root: tree.root, isCandidate, ...extra });
}
const paths = (extra: Partial<WalkOptions> = {}): string[] => walk(extra).files.map((f) => f.path);

describe('walkProject: ignore layers', () => {
  it('applies the bundled defaults (VCS, dependencies, build dirs, skill-map state, logs)', () => {
    tree.write({
      'README.md': '# r',
      '.git/HEAD.md': 'x',
      'node_modules/pkg/README.md': 'x',
      'dist/a.md': 'x',
      'build/a.md': 'x',
      'out/a.md': 'x',
      '.next/a.md': 'x',
      'coverage/a.md': 'x',
      '.skill-map/a.md': 'x',
      '.claude/skills/sm-process-jobs/SKILL.md': 'x',
      'sm-tutorial/a.md': 'x',
      'debug.log': 'x',
      '.claude/agents/reviewer.md': 'x',
    });
    const result = walk();
    expect(result.files.map((f) => f.path)).toEqual(['.claude/agents/reviewer.md', 'README.md']);
    expect(result.allPaths).not.toContain('debug.log');
    expect(result.dirs).toEqual(['.claude', '.claude/agents', '.claude/skills']);
  });

  it('applies .gitignore (nested too) only when scan.respectGitignore is on', () => {
    tree.write({
      '.gitignore': 'secret.md\n',
      'secret.md': 'x',
      'docs/.gitignore': 'draft-*.md\n',
      'docs/draft-1.md': 'x',
      'docs/final.md': 'x',
      'other/draft-2.md': 'x',
    });
    expect(paths({ respectGitignore: false })).toEqual([
      'docs/draft-1.md',
      'docs/final.md',
      'other/draft-2.md',
      'secret.md',
    ]);
    // The nested rule only governs its own subtree: other/draft-2.md stays.
    expect(paths({ respectGitignore: true })).toEqual(['docs/final.md', 'other/draft-2.md']);
  });

  it('applies config.ignore and .skillmapignore', () => {
    tree.write({ 'a/x.md': 'x', 'b/y.md': 'x', 'c/z.md': 'x', '.skillmapignore': '# comment\nc/\n' });
    expect(paths({ ignorePatterns: ['a/'] })).toEqual(['b/y.md']);
  });

  it('lets a later layer re-include what an earlier one ignored', () => {
    tree.write({
      '.gitignore': 'generated/\n',
      'generated/skill.md': 'x',
      'build/keep.md': 'x',
      'docs/a.md': 'x',
      'docs/b.md': 'x',
      '.skillmapignore': '!generated/\n!build/\n!docs/b.md\n',
    });
    expect(paths({ respectGitignore: true, ignorePatterns: ['docs/*.md'] })).toEqual([
      'build/keep.md',
      'docs/b.md',
      'generated/skill.md',
    ]);
  });

  it('keeps a directory re-included by a later layer fully walkable (no inherited ignore)', () => {
    tree.write({ 'docs/deep/a.md': 'x', '.skillmapignore': '!docs/\n' });
    expect(paths({ ignorePatterns: ['docs/'] })).toEqual(['docs/deep/a.md']);
  });
});

describe('walkProject: limits', () => {
  it('skips files above the size cap and reports them with their size', () => {
    tree.write({ 'big.md': 'x'.repeat(2000), 'small.md': 'ok' });
    const result = walk({ maxFileSizeBytes: 1000 });
    expect(result.files.map((f) => f.path)).toEqual(['small.md']);
    expect(result.oversized).toEqual([{ path: 'big.md', bytes: 2000 }]);
    expect(result.skipped).toContainEqual({ path: 'big.md', reason: 'oversized', bytes: 2000 });
    expect(result.filesSkipped).toBe(1);
  });

  it('admits more than 5,000 files by default', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 6000; i += 1) files[`d${i % 30}/f${i}.md`] = 'x';
    tree.write(files);
    const result = walk();
    expect(result.files).toHaveLength(6000);
    expect(result.truncation).toEqual({ scanTruncated: false, scanCeiling: 50_000, filesNotScanned: 0 });
    expect(result.warnings).toEqual([]);
  });

  it('makes truncation loud: flag, ceiling, count not scanned and a warning', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 25; i += 1) files[`f${String(i).padStart(2, '0')}.md`] = 'x';
    files['notes.txt'] = 'not a candidate';
    tree.write(files);
    const result = walk({ maxScan: 10 });
    expect(result.files).toHaveLength(10);
    expect(result.files[0]?.path).toBe('f00.md');
    expect(result.truncation).toEqual({ scanTruncated: true, scanCeiling: 10, filesNotScanned: 15 });
    expect(result.filesSkipped).toBe(15);
    expect(result.filesWalked).toBe(26);
    expect(result.warnings[0]).toMatch(
      /scan truncated.*scan\.maxScan=10.*15 candidate file\(s\) were NOT scanned/,
    );
  });

  it('skips binary files (a NUL byte in the first 8 KiB)', () => {
    tree.write({
      'bin.md': Buffer.from([0x68, 0x00, 0x69]),
      'text.md': 'hi',
      'late-nul.md': Buffer.concat([Buffer.alloc(9000, 0x61), Buffer.from([0])]),
    });
    const result = walk();
    expect(result.files.map((f) => f.path)).toEqual(['late-nul.md', 'text.md']);
    expect(result.skipped).toEqual([{ path: 'bin.md', reason: 'binary', bytes: 3 }]);
  });
});

describe('walkProject: symlinks', () => {
  it('follows a symlink whose target stays inside the root', () => {
    tree.write({ '.agents/skills/a/SKILL.md': 'x' });
    mkdirSync(tree.abs('.claude'));
    symlinkSync(tree.abs('.agents/skills'), tree.abs('.claude/skills'));
    symlinkSync(tree.abs('.agents/skills/a/SKILL.md'), tree.abs('linked.md'));
    expect(paths()).toEqual(['.agents/skills/a/SKILL.md', '.claude/skills/a/SKILL.md', 'linked.md']);
  });

  it('refuses a symlink that leaves the root unless followExternalSymlinks is set', () => {
    const outside = createTempTree('sm-outside-');
    try {
      outside.write({ 'secret.md': 'x', 'dir/inner.md': 'y' });
      tree.write({ 'in.md': 'x' });
      symlinkSync(outside.abs('secret.md'), tree.abs('ext.md'));
      symlinkSync(outside.abs('dir'), tree.abs('extdir'));
      const result = walk();
      expect(result.files.map((f) => f.path)).toEqual(['in.md']);
      expect(result.skipped).toEqual([
        { path: 'ext.md', reason: 'symlink-outside-root' },
        { path: 'extdir', reason: 'symlink-outside-root' },
      ]);
      expect(paths({ followExternalSymlinks: true })).toEqual(['ext.md', 'extdir/inner.md', 'in.md']);
    } finally {
      outside.remove();
    }
  });

  it('detects loops and broken links without crashing', () => {
    tree.write({ 'a/b/x.md': 'x' });
    symlinkSync(tree.abs('a'), tree.abs('a/b/up'));
    symlinkSync(tree.root, tree.abs('a/root'));
    symlinkSync(tree.abs('nowhere.md'), tree.abs('broken.md'));
    symlinkSync(tree.abs('self1'), tree.abs('self2'));
    symlinkSync(tree.abs('self2'), tree.abs('self1'));
    const result = walk();
    expect(result.files.map((f) => f.path)).toEqual(['a/b/x.md']);
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { path: 'a/b/up', reason: 'symlink-loop' },
        { path: 'a/root', reason: 'symlink-loop' },
        { path: 'broken.md', reason: 'symlink-broken', errorCode: 'ENOENT' },
        { path: 'self1', reason: 'symlink-loop', errorCode: 'ELOOP' },
      ]),
    );
  });
});

describe('walkProject: files that are not regular files', () => {
  it('leaves a FIFO candidate unread, as a not-a-file entry (a read would wait for a writer forever)', () => {
    tree.write({ 'a.md': '# a' });
    execFileSync('mkfifo', [tree.abs('pipe.md')]);
    const result = walk();
    expect(result.files.map((f) => f.path)).toEqual(['a.md']);
    expect(result.skipped).toEqual([{ path: 'pipe.md', reason: 'not-a-file' }]);
    expect(result.filesSkipped).toBe(1);
  });

  it('does not apply a FIFO .gitignore or an .skillmapignore over 1 MiB: each is a warning and an entry', () => {
    tree.write({
      'a.md': '# a',
      'docs/b.md': '# b',
      '.skillmapignore': `a.md\n${'#'.repeat(1024 * 1024)}\n`,
    });
    execFileSync('mkfifo', [tree.abs('docs/.gitignore')]);
    const result = walk({ respectGitignore: true });
    expect(result.files.map((f) => f.path)).toEqual(['a.md', 'docs/b.md']);
    expect(result.ignoreFilesUnread).toEqual([
      { path: '.skillmapignore', reason: 'oversized', bytes: 1024 * 1024 + 6 },
      { path: 'docs/.gitignore', reason: 'not-a-file' },
    ]);
    expect(result.warnings).toEqual([
      expect.stringContaining(`${tree.abs('.skillmapignore')} is larger than the 1048576-byte limit`),
      `${tree.abs('docs/.gitignore')} is not a regular file (a device, FIFO, socket or directory); its ignore rules were not applied`,
    ]);
  });
});

describe('walkProject: failures become skipped entries', () => {
  it('reports a file that vanishes between readdir and read, and completes', () => {
    tree.write({ 'a.md': 'x', 'gone.md': 'y', 'z.md': 'z' });
    const racing: FsPort = {
      ...NODE_FS,
      readFile(abs, max) {
        if (abs.endsWith('gone.md')) unlinkSync(abs);
        return NODE_FS.readFile(abs, max);
      },
    };
    const result = walk({ fs: racing });
    expect(result.files.map((f) => f.path)).toEqual(['a.md', 'z.md']);
    expect(result.skipped).toEqual([{ path: 'gone.md', reason: 'vanished', errorCode: 'ENOENT' }]);
  });

  it('reports injected EACCES on a file and on a directory listing', () => {
    tree.write({ 'ok.md': 'x', 'locked.md': 'y', 'private/a.md': 'z' });
    const denied = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    const fs: FsPort = {
      ...NODE_FS,
      readFile: (abs, max) =>
        abs.endsWith('locked.md')
          ? (() => {
              throw denied;
            })()
          : NODE_FS.readFile(abs, max),
      readdir: (abs) =>
        abs.endsWith('private')
          ? (() => {
              throw denied;
            })()
          : NODE_FS.readdir(abs),
    };
    const result = walk({ fs });
    expect(result.files.map((f) => f.path)).toEqual(['ok.md']);
    expect(result.skipped).toEqual([
      { path: 'locked.md', reason: 'unreadable', errorCode: 'EACCES' },
      { path: 'private', reason: 'unlistable-dir', errorCode: 'EACCES' },
    ]);
    expect(result.warnings).toEqual([expect.stringContaining('could not list directory private')]);
  });

  it.skipIf(permissionsAreBypassed())('reports real chmod 000 files and directories', () => {
    tree.write({ 'ok.md': 'x', 'locked.md': 'y', 'private/a.md': 'z' });
    chmodSync(tree.abs('locked.md'), 0o000);
    chmodSync(tree.abs('private'), 0o000);
    try {
      const result = walk();
      expect(result.files.map((f) => f.path)).toEqual(['ok.md']);
      expect(result.skipped.map((s) => [s.path, s.reason])).toEqual([
        ['locked.md', 'unreadable'],
        ['private', 'unlistable-dir'],
      ]);
    } finally {
      chmodSync(tree.abs('private'), 0o755);
    }
  });
});

describe('walkProject: incremental reads and progress', () => {
  it('does not read a file the cache vouches for, and reports every file to the progress callback', () => {
    tree.write({ 'a.md': 'aaa', 'b.md': 'bbb' });
    const events: string[] = [];
    const result = walk({
      shouldRead: (p) => p !== 'a.md',
      onProgress: (e) => events.push(`${e.type}:${e.path}`),
    });
    const [a, b] = result.files;
    expect(a?.content).toBeUndefined();
    expect(a?.size).toBe(3);
    expect(b?.content?.toString()).toBe('bbb');
    expect(events).toEqual(['file:a.md', 'file:b.md']);
  });

  it('lists non-candidate files in allPaths and walks a root given with a trailing slash', () => {
    writeFileSync(join(tree.root, 'x.json'), '{}');
    tree.write({ 'y.md': '' });
    const result = walkProject({ root: `${tree.root}/`, isCandidate });
    expect(result.allPaths).toEqual(['x.json', 'y.md']);
    expect(result.filesWalked).toBe(2);
  });

  it('throws a typed error when the root is not a directory', () => {
    expect(() => walkProject({ root: join(tree.root, 'missing'), isCandidate })).toThrow(
      expect.objectContaining({ code: 'WALK_ROOT_INVALID' }),
    );
  });
});
