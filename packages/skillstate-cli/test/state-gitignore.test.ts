// Issue 23, point 12 (folder side): `.skillstate/` had no `.gitignore`, so the state (and everything else the
// server keeps there) showed up for `git add`. The real `skillstate init` now writes one when it is missing, never
// over a user's own; real git decides what is ignored.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const CLI_BIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'skillstate.js');

let root: string;
let project: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'skillstate-cli-gitignore-'));
  project = join(root, 'project');
  mkdirSync(join(root, 'home'));
  mkdirSync(project);
  git('init', '-q');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function git(...args: string[]): string {
  const r = spawnSync('git', args, {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, HOME: join(root, 'home') },
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

function init(): void {
  const r = spawnSync(process.execPath, [CLI_BIN, 'init', '--host', 'claude', '--command', 'node'], {
    cwd: project,
    env: { ...process.env, HOME: join(root, 'home') },
    encoding: 'utf8',
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
}

/** What `git add -A` would pick up under `.skillstate/`. */
function addable(): string[] {
  return git('status', '--porcelain', '--untracked-files=all')
    .split('\n')
    .map((line) => line.slice(3))
    .filter((path) => path.startsWith('.skillstate/'));
}

describe('.skillstate/.gitignore', () => {
  it('is written by init, so the state, sidecars, locks and manifest are not committed', () => {
    init();
    // What the server leaves there while it works, as plain files.
    for (const name of [
      '.session-meta.json',
      '.diff-baseline.json',
      'skillstate.json.lock',
      'checkpoints/1-a.json',
    ]) {
      mkdirSync(dirname(join(project, '.skillstate', name)), { recursive: true });
      writeFileSync(join(project, '.skillstate', name), '{}');
    }
    expect(addable()).toEqual(['.skillstate/.gitignore']);
    expect(readFileSync(join(project, '.skillstate', '.gitignore'), 'utf8')).toContain('!.gitignore');
  });

  it("never replaces a user's own .gitignore there, and a re-run changes nothing", () => {
    mkdirSync(join(project, '.skillstate'));
    const mine = '# we commit the state on purpose\nskillstate.json.lock\n';
    writeFileSync(join(project, '.skillstate', '.gitignore'), mine);
    init();
    init();
    expect(readFileSync(join(project, '.skillstate', '.gitignore'), 'utf8')).toBe(mine);
    expect(addable()).toContain('.skillstate/skillstate.json');
  });
});
