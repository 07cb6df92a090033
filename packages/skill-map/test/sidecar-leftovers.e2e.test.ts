// Issue 23 point 7: a sidecar writer killed mid-write (SIGKILL between its temp file and the rename) left
// `docs/.<name>.sm.<hex>.tmp` and `.skill-map/sidecar-locks/*.lock` in `git status` for good. Real `sm issues
// dismiss` processes (the BUILT bin) in a real git repository: one is paused right before its rename (an `--import`
// hook) and SIGKILLed, the next write cleans what it left, and `git status` shows the sidecar alone. A writer that
// is alive keeps its temp and its lock whatever other writes happen meanwhile.
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { projectRoot } from './support/project-root.js';
import { importFlag, runSm, spawnSm } from './support/sm-bin.js';

const FILES: Record<string, string> = {
  'AGENTS.md': '# Agents\nSee [the guide](docs/guide.md) and [the notes](docs/notes.md).\n',
  'docs/guide.md': '# Guide\nRead [missing](missing.md).\n',
  'docs/notes.md': '# Notes\nRead [gone](gone.md).\n',
};

/** Node flags that park the process for good right before it renames a temp file over a `.sm` sidecar. */
const PAUSE_BEFORE_SIDECAR_RENAME = importFlag(
  `import fs from 'node:fs'; import { syncBuiltinESMExports } from 'node:module';
   const real = fs.renameSync;
   fs.renameSync = function (from, to, ...rest) {
     if (String(to).endsWith('.sm')) {
       fs.writeSync(2, 'PAUSED\\n');
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
     }
     return real.call(this, from, to, ...rest);
   };
   syncBuiltinESMExports();`,
);

let roots: string[] = [];
afterEach(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
  roots = [];
});

const git = (root: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd: root,
    encoding: 'utf8',
  });

/** A scanned project committed to a fresh git repository (its `.skill-map/.gitignore` included). */
function repo(): string {
  const root = projectRoot('sm-leftovers-', FILES);
  roots.push(root);
  expect(runSm(['scan'], { cwd: root }).code).not.toBe(2);
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'project');
  return root;
}

/** `sm issues dismiss` paused right before its rename: its temp file is written and its lock is held. */
async function pausedWriter(root: string, node: string, value: string): Promise<() => Promise<void>> {
  const child = spawnSm(['issues', 'dismiss', node, 'reference-broken', value, '--yes'], {
    cwd: root,
    nodeArgs: PAUSE_BEFORE_SIDECAR_RENAME,
  });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((r) => child.on('close', () => r()));
  while (!err.includes('PAUSED')) {
    if (child.exitCode !== null) throw new Error(`the writer exited ${child.exitCode}: ${err}`);
    await sleep(20);
  }
  return async () => {
    child.kill('SIGKILL');
    await exited;
  };
}

const dismiss = (root: string, node: string, value: string): number | null =>
  runSm(['issues', 'dismiss', node, 'reference-broken', value, '--yes'], { cwd: root }).code;

const status = (root: string): string[] =>
  git(root, 'status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean).sort();

describe('what a killed sidecar writer leaves behind', () => {
  it('a SIGKILL mid-write leaves nothing in git status once the next write ran', async () => {
    const root = repo();
    const kill = await pausedWriter(root, 'docs/guide.md', 'missing.md');
    await kill();
    expect(readdirSync(join(root, 'docs')).filter((n) => n.endsWith('.tmp'))).toHaveLength(1);
    expect(dismiss(root, 'docs/guide.md', 'missing.md')).toBe(0);
    expect(status(root)).toEqual(['?? docs/guide.sm']);
  });

  it("a live writer's temp and lock are never touched by other writes", async () => {
    const root = repo();
    const kill = await pausedWriter(root, 'docs/guide.md', 'missing.md');
    try {
      const before = readdirSync(join(root, 'docs')).filter((n) => n.endsWith('.tmp'));
      const locks = readdirSync(join(root, '.skill-map', 'sidecar-locks')).filter((n) => n.endsWith('.lock'));
      expect([before.length, locks.length]).toEqual([1, 1]);
      expect(dismiss(root, 'docs/notes.md', 'gone.md')).toBe(0); // another sidecar in the same folder
      expect(readdirSync(join(root, 'docs')).filter((n) => n.endsWith('.tmp'))).toEqual(before);
      expect(
        readdirSync(join(root, '.skill-map', 'sidecar-locks')).filter((n) => n.endsWith('.lock')),
      ).toEqual(locks);
    } finally {
      await kill();
    }
  });
});
