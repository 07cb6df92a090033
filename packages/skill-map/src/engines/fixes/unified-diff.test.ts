import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from './unified-diff.js';

const numbered = (n: number): string =>
  Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

describe('unifiedDiff', () => {
  it('equal texts: no diff', () => {
    expect(unifiedDiff('a.md', 'x\n', 'x\n')).toBe('');
  });

  it('one changed line: three lines of context each side, counts in the header', () => {
    const after = numbered(10).replace('line 5\n', 'line five\n');
    expect(unifiedDiff('docs/a.md', numbered(10), after)).toBe(
      [
        '--- a/docs/a.md',
        '+++ b/docs/a.md',
        '@@ -2,7 +2,7 @@',
        ' line 2',
        ' line 3',
        ' line 4',
        '-line 5',
        '+line five',
        ' line 6',
        ' line 7',
        ' line 8',
        '',
      ].join('\n'),
    );
  });

  it('changes more than six lines apart get their own hunks; a missing final newline is marked', () => {
    const before = numbered(20).slice(0, -1);
    const after = before.replace('line 2\n', 'line two\n').replace('line 20', 'line twenty');
    expect(unifiedDiff('a.md', before, after)).toBe(
      [
        '--- a/a.md',
        '+++ b/a.md',
        '@@ -1,5 +1,5 @@',
        ' line 1',
        '-line 2',
        '+line two',
        ' line 3',
        ' line 4',
        ' line 5',
        '@@ -17,4 +17,4 @@',
        ' line 17',
        ' line 18',
        ' line 19',
        '-line 20',
        '\\ No newline at end of file',
        '+line twenty',
        '\\ No newline at end of file',
        '',
      ].join('\n'),
    );
  });

  it('prints what git diff prints for random edits (hunk headers without the function context)', () => {
    const git = spawnSync('git', ['--version']);
    if (git.status !== 0) return;
    const dir = mkdtempSync(join(tmpdir(), 'sm-diff-'));
    let seed = 26;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    try {
      for (let t = 0; t < 60; t++) {
        const lines = Array.from({ length: rnd(30) }, (_, i) => `line ${i} ${rnd(1000)}`);
        const before = lines.join('\n') + (rnd(4) === 0 ? '' : '\n');
        const edited = before.split('\n');
        for (let e = rnd(3); e >= 0; e--) {
          const p = rnd(edited.length);
          const kind = rnd(3);
          if (kind === 0) edited[p] = `changed ${rnd(99)}`;
          else if (kind === 1) edited.splice(p, 0, `added ${rnd(99)}`);
          else edited.splice(p, 1);
        }
        const after = edited.join('\n');
        writeFileSync(join(dir, 'before'), before);
        writeFileSync(join(dir, 'after'), after);
        const out = spawnSync('git', ['diff', '--no-index', '--no-color', '-U3', 'before', 'after'], {
          cwd: dir,
          encoding: 'utf8',
        }).stdout;
        const body = out.split('\n');
        const from = body.findIndex((l) => l.startsWith('--- '));
        const expected =
          from < 0
            ? ''
            : [
                '--- a/f.md',
                '+++ b/f.md',
                ...body.slice(from + 2).map((l) => l.replace(/^(@@ [^@]+ @@).*/, '$1')),
              ].join('\n');
        expect(unifiedDiff('f.md', before, after), JSON.stringify({ before, after })).toBe(expected);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
