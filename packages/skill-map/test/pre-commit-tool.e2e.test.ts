// The repository's .pre-commit-hooks.yaml driven by the pre-commit tool itself (Debian's package; .ci/run installs
// it where missing), as a user adopts it: a hook repository at a commit, a project whose .pre-commit-config.yaml
// names it, `pre-commit install`, then real `git commit`s. A commit that adds a broken link is refused and names it;
// the mended commit goes through; an old broken link elsewhere does not block the changed-files hook, while the
// whole-project hook run with --all-files fails on it.
import { spawnSync } from 'node:child_process';
import type { SpawnSyncReturns } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { BIN, isBuilt } from './support/sm-bin.js';

const REPO = new URL('../../../', import.meta.url).pathname;
const hasPreCommit = spawnSync('pre-commit', ['--version']).status === 0;

const SKILL = (name: string, body: string): string =>
  `---\nname: ${name}\ndescription: Does ${name} work\n---\n# ${name}\n\n${body}\n`;

let work: TempTree;
let project: string;
let env: NodeJS.ProcessEnv;

function inProject(cmd: string, ...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd: project, env, encoding: 'utf8' });
}

describe.skipIf(!hasPreCommit || !isBuilt())('pre-commit: the pre-commit tool runs our hooks', () => {
  beforeAll(() => {
    work = createTempTree('sm-e2e-pre-commit-');
    const bin = work.abs('bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'sm'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(bin, 'sm'), 0o755);
    env = {
      ...process.env,
      PATH: `${bin}:${process.env['PATH'] ?? ''}`,
      PRE_COMMIT_HOME: work.abs('cache'),
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
      NO_COLOR: '1',
    };
    // The hook repository: our .pre-commit-hooks.yaml at a commit, as a user's config pins it.
    const hooks = work.abs('hooks');
    mkdirSync(hooks);
    copyFileSync(join(REPO, '.pre-commit-hooks.yaml'), join(hooks, '.pre-commit-hooks.yaml'));
    const git = (...args: string[]) => spawnSync('git', args, { cwd: hooks, env, encoding: 'utf8' });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'hooks');
    const rev = git('rev-parse', 'HEAD').stdout.trim();
    // The project: an old broken link in docs/notes.md, committed before the hooks were installed.
    project = work.abs('project');
    mkdirSync(project);
    const files: Record<string, string> = {
      '.gitignore': '.skill-map/\n',
      '.claude/skills/deploy/SKILL.md': SKILL('deploy', 'Follow the [runbook](../../../docs/runbook.md).'),
      'docs/runbook.md': '# Runbook\n',
      'docs/notes.md': '# Notes\nSee [missing](missing.md).\n',
      '.pre-commit-config.yaml':
        `repos:\n  - repo: ${hooks}\n    rev: ${rev}\n    hooks:\n` +
        '      - id: skill-map-check-changed\n      - id: skill-map-check\n        stages: [manual]\n',
    };
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(join(project, rel, '..'), { recursive: true });
      writeFileSync(join(project, rel), text);
    }
    inProject('git', 'init', '-q', '-b', 'main');
    inProject('git', 'add', '-A');
    inProject('git', 'commit', '-q', '-m', 'base');
    const install = inProject('pre-commit', 'install');
    expect(install.status, install.stderr).toBe(0);
  });
  afterAll(() => work?.remove());

  it('a commit adding a broken link is refused and names it; the mended commit goes through', () => {
    const head = inProject('git', 'rev-parse', 'HEAD').stdout;
    mkdirSync(join(project, '.claude/skills/release'), { recursive: true });
    const release = join(project, '.claude/skills/release/SKILL.md');
    writeFileSync(release, SKILL('release', 'Tag it, then read the [checklist](../../../docs/checklst.md).'));
    inProject('git', 'add', '-A');
    const refused = inProject('git', 'commit', '-m', 'release skill');
    const said = refused.stdout + refused.stderr;
    expect(refused.status, said).not.toBe(0);
    expect(said).toMatch(/skill-map check \(changed files\)\.+Failed/);
    expect(said).toContain('docs/checklst.md');
    expect(said).not.toContain('missing.md'); // the old broken link is not this commit's
    expect(inProject('git', 'rev-parse', 'HEAD').stdout).toBe(head);

    writeFileSync(release, SKILL('release', 'Tag it, then read the [runbook](../../../docs/runbook.md).'));
    inProject('git', 'add', '-A');
    const passed = inProject('git', 'commit', '-m', 'release skill');
    expect(passed.status, passed.stdout + passed.stderr).toBe(0);
    expect(passed.stdout + passed.stderr).toMatch(/skill-map check \(changed files\)\.+Passed/);
    expect(inProject('git', 'rev-parse', 'HEAD').stdout).not.toBe(head);
  });

  it('the whole-project hook fails on the old broken link (pre-commit run --all-files)', () => {
    const run = inProject('pre-commit', 'run', '--hook-stage', 'manual', 'skill-map-check', '--all-files');
    const said = run.stdout + run.stderr;
    expect(run.status, said).toBe(1);
    expect(said).toMatch(/skill-map check\.+Failed/);
    expect(said).toContain('missing.md');
  });
});
