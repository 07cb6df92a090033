// `sm check --changed <ref>` over a real temp git repository: only the issues of files changed since the ref
// (modified, untracked, renamed), and of links to a file the change deleted, reported at the file that holds the
// link; the scan still sees the whole project. Not a repository, or an unknown ref: exit 2 with what to do.
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Issue } from '@skill-map/spec';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { tempProject } from '../testing/projects.js';
import { runCli } from '../testing/run-cli.js';

const PROJECT: Record<string, string> = {
  '.claude/skills/deploy/SKILL.md':
    '---\nname: deploy\ndescription: Deploys\n---\nRead the [runbook](../../../docs/runbook.md).\n',
  '.claude/commands/release.md': '---\ndescription: Release\n---\nSee [the guide](../../docs/guide.md).\n',
  'docs/runbook.md': '# Runbook\nSee [old](old-broken.md).\n',
  'docs/guide.md': '# Guide\nStart at [the runbook](runbook.md).\n',
  'docs/faq.md': '# FAQ\nNothing here.\n',
};

let tree: TempTree;
const git = (...args: string[]): string => {
  const r = spawnSync('git', args, {
    cwd: tree.root,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
      GIT_CONFIG_NOSYSTEM: '1',
    },
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};

beforeEach(() => {
  tree = tempProject(PROJECT);
  writeFileSync(join(tree.root, '.gitignore'), '.skill-map/\n');
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  git('tag', 'base');
});
afterEach(() => tree.remove());

const sm = (...argv: string[]) => runCli(argv, { cwd: tree.root });
const broken = (issues: Issue[]): string[][] =>
  issues
    .filter((i) => i.analyzerId === 'reference-broken')
    .map((i) => [i.nodeIds[0] ?? '', String(i.data?.target)])
    .sort();

describe('sm check --changed <ref>', () => {
  it('nothing changed: the old broken link of an untouched file is not reported (exit 0)', async () => {
    expect((await sm('check')).code).toBe(1);
    const run = await sm('check', '--changed', 'base', '--json');
    expect(run.code).toBe(0);
    expect(run.json<{ issues: Issue[]; changed: unknown }>()).toMatchObject({
      issues: [],
      changed: { ref: 'base', files: 0 },
    });
  });

  it('reports the issues of modified, untracked and renamed files, and of a link a deletion broke', async () => {
    // modified (unstaged), with a new broken link
    writeFileSync(
      join(tree.root, '.claude/skills/deploy/SKILL.md'),
      PROJECT['.claude/skills/deploy/SKILL.md']! + 'And [x](../../../docs/x.md).\n',
    );
    // untracked, with a broken link
    writeFileSync(join(tree.root, 'docs/new.md'), '# New\nSee [y](y.md).\n');
    // renamed (staged): its old broken link now belongs to a changed file
    git('mv', 'docs/runbook.md', 'docs/handbook.md');
    // deleted: release.md (untouched) links to it, and the guide (untouched) linked to the renamed runbook
    rmSync(join(tree.root, 'docs/guide.md'));
    const run = await sm('check', '--changed', 'base', '--json');
    expect(run.code).toBe(1);
    const out = run.json<{ issues: Issue[]; changed: { files: number } }>();
    expect(broken(out.issues)).toEqual([
      ['.claude/commands/release.md', 'docs/guide.md'],
      ['.claude/skills/deploy/SKILL.md', 'docs/runbook.md'],
      ['.claude/skills/deploy/SKILL.md', 'docs/x.md'],
      ['docs/handbook.md', 'docs/old-broken.md'],
      ['docs/new.md', 'docs/y.md'],
    ]);
    expect(out.changed.files).toBe(5);
    // The whole project was scanned: the same issues without --changed, plus none hidden here by mistake.
    const whole = (await sm('check', '--json')).json<{ issues: Issue[] }>();
    expect(broken(whole.issues)).toEqual(broken(out.issues));
  });

  it('a committed change since the ref counts as well as the working tree', async () => {
    writeFileSync(join(tree.root, 'docs/faq.md'), '# FAQ\nSee [z](z.md).\n');
    git('commit', '-q', '-am', 'faq');
    renameSync(join(tree.root, 'docs/faq.md'), join(tree.root, 'docs/faq-2.md'));
    const out = (await sm('check', '--changed', 'base', '--json')).json<{ issues: Issue[] }>();
    expect(broken(out.issues)).toEqual([['docs/faq-2.md', 'docs/z.md']]);
    const head = (await sm('check', '--changed', 'HEAD', '--json')).json<{ issues: Issue[] }>();
    expect(broken(head.issues)).toEqual([['docs/faq-2.md', 'docs/z.md']]);
  });

  it('a project in a folder of the repository: paths relative to the project, files outside it ignored', async () => {
    const sub = join(tree.root, 'sub');
    mkdirSync(join(sub, 'docs'), { recursive: true });
    writeFileSync(join(sub, 'docs/a.md'), '# A\nSee [b](b.md).\n');
    writeFileSync(join(sub, 'docs/c.md'), '# C\nSee [d](d.md).\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'sub');
    writeFileSync(join(sub, 'docs/c.md'), '# C\n\nSee [d](d.md) and [e](e.md).\n');
    writeFileSync(join(tree.root, 'docs/faq.md'), '# FAQ\nSee [f](f.md).\n');
    const run = await runCli(['check', '--root', 'sub', '--changed', 'HEAD', '--json'], { cwd: tree.root });
    expect(run.code).toBe(1);
    const out = run.json<{ issues: Issue[]; changed: { files: number } }>();
    expect(broken(out.issues)).toEqual([
      ['docs/c.md', 'docs/d.md'],
      ['docs/c.md', 'docs/e.md'],
    ]);
    expect(out.changed.files).toBe(1);
  });

  it('an unknown ref is exit 2 naming it, with what to do', async () => {
    const run = await sm('check', '--changed', 'no-such-branch');
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^sm: git ref 'no-such-branch' does not exist in this repository — name a branch/,
    );
    expect((await sm('check', '--changed', '--output=x')).code).toBe(2);
  });

  it('outside a git repository: exit 2, saying so', async () => {
    rmSync(join(tree.root, '.git'), { recursive: true, force: true });
    const run = await sm('check', '--changed', 'main');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is not inside a git repository — --changed needs a git checkout/);
  });
});
