import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import type { Issue } from '@skill-map/spec';
import { runCli } from '../testing/run-cli.js';
import { schemaErrors, tempProject } from '../testing/projects.js';

let tree: TempTree;
beforeEach(() => {
  tree = tempProject({
    '.claude/skills/deploy/SKILL.md':
      '---\nname: deploy-app\ndescription: Deploys\n---\nRead [notes](../../../docs/notes.md).\n',
    'docs/notes.md': '# Notes\nSee [missing](missing.md).\n',
  });
});
afterEach(() => tree.remove());

const sm = (...argv: string[]) => runCli(argv, { cwd: tree.root });

describe('sm check', () => {
  it('--stored without a database: not found (exit 5) and what to do', async () => {
    const run = await sm('check', '--stored');
    expect(run.code).toBe(5);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('sm: no database at .skill-map/skill-map.db — run `sm scan` first\n');
  });

  it('prints every persisted issue and exits 1 when one has severity error', async () => {
    await sm('scan');
    const run = await sm('check', '--stored');
    expect(run.code).toBe(1);
    // Grouped by file, the file with an error first; a one-line summary at the end.
    expect(run.stdout).toMatch(
      /^docs\/notes\.md\n {2}error +reference-broken +Broken references link 'missing\.md': no such file relative to docs\//m,
    );
    expect(run.stdout).toMatch(
      /^\.claude\/skills\/deploy\/SKILL\.md\n {2}warn +name-mismatch +frontmatter name/m,
    );
    expect(run.stdout.indexOf('docs/notes.md')).toBeLessThan(run.stdout.indexOf('.claude/skills/deploy'));
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('2 issue(s) in 2 file(s): 1 error, 1 warn');
  });

  it('--json: counts and schema-valid issues, and nothing else on stdout', async () => {
    await sm('scan');
    const run = await sm('check', '--json');
    const out = run.json<{ counts: unknown; total: number; issues: Issue[] }>();
    expect(out.counts).toEqual({ error: 1, warn: 1, info: 0 });
    expect(out.total).toBe(2);
    expect(schemaErrors('issue', out.issues)).toEqual([]);
  });

  it('--analyzers filters by short or qualified id; exit follows the filtered list', async () => {
    await sm('scan');
    const mismatch = await sm('check', '--analyzers', 'name-mismatch', '--json');
    expect(mismatch.code).toBe(0);
    expect(mismatch.json<{ issues: Issue[] }>().issues.map((i) => i.analyzerId)).toEqual(['name-mismatch']);
    const broken = await sm('check', '--analyzers', 'core/reference-broken,name-mismatch', '--json');
    expect(broken.code).toBe(1);
    expect(broken.json<{ total: number }>().total).toBe(2);
  });

  it('--severity filters; unknown analyzers and severities are usage errors (exit 2)', async () => {
    await sm('scan');
    expect((await sm('check', '--severity', 'warn,info')).code).toBe(0);
    const analyzer = await sm('check', '--analyzers', 'no-such-analyzer');
    expect(analyzer.code).toBe(2);
    expect(analyzer.stderr).toContain("unknown analyzer 'no-such-analyzer' — known analyzers: ");
    const severity = await sm('check', '--severity', 'fatal');
    expect(severity.code).toBe(2);
    expect(severity.stderr).toContain("unknown severity 'fatal' — use error, warn, info");
  });

  it('colours severities on a terminal, never with NO_COLOR, TERM=dumb or --no-color, nor when piped', async () => {
    await sm('scan');
    const red = '\u001b[31m';
    expect((await runCli(['check'], { cwd: tree.root, tty: true })).stdout).toContain(`${red}error`);
    expect(
      (await runCli(['check'], { cwd: tree.root, tty: true, env: { NO_COLOR: '1' } })).stdout,
    ).not.toContain('\u001b[');
    expect(
      (await runCli(['check'], { cwd: tree.root, tty: true, env: { TERM: 'dumb' } })).stdout,
    ).not.toContain('\u001b[');
    expect((await runCli(['check', '--no-color'], { cwd: tree.root, tty: true })).stdout).not.toContain(
      '\u001b[',
    );
    expect((await sm('check')).stdout).not.toContain('\u001b[');
  });

  it('reads the database named by SKILL_MAP_DB (and --db wins over it)', async () => {
    await runCli(['scan', '-q', '--db', 'alt/x.db'], { cwd: tree.root });
    const env = await runCli(['check', '--stored', '--json'], {
      cwd: tree.root,
      env: { SKILL_MAP_DB: 'alt/x.db' },
    });
    expect(env.code).toBe(1);
    expect(env.json<{ total: number }>().total).toBe(2);
    const flag = await runCli(['check', '--stored', '--db', 'nope.db'], {
      cwd: tree.root,
      env: { SKILL_MAP_DB: 'alt/x.db' },
    });
    expect(flag.code).toBe(5);
  });

  it('text: errors first within a file, info hidden unless --severity selects it (JSON keeps it)', async () => {
    tree.write({
      '.claude/skills/deploy/SKILL.md':
        '---\nname: deploy-app\ndescription: Deploys\nowner: ops\n---\nRead [notes](../../../docs/nope.md).\n',
    });
    await sm('scan');
    const text = await sm('check', '--stored');
    const lines = text.stdout.split('\n');
    const at = lines.indexOf('.claude/skills/deploy/SKILL.md');
    expect(lines[at + 1]).toMatch(/^ {2}error +reference-broken/);
    expect(lines[at + 2]).toMatch(/^ {2}warn +name-mismatch/);
    expect(text.stdout).not.toContain('host-field-unknown');
    expect(lines.at(-2)).toBe(
      '3 issue(s) in 2 file(s): 2 error, 1 warn (1 info hidden: --severity info shows them)',
    );
    const info = await sm('check', '--stored', '--severity', 'info');
    expect(info.stdout).toMatch(/^ {2}info +host-field-unknown +line 4 +'owner' is not a documented field/m);
    expect(info.code).toBe(0);
    const json = await sm('check', '--stored', '--json');
    expect(json.json<{ counts: unknown }>().counts).toEqual({ error: 2, warn: 1, info: 1 });
  });

  it('reports "no issues" on a clean graph', async () => {
    tree.write({
      'docs/notes.md': '# Notes\n',
      '.claude/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Deploys\n---\nHi.\n',
    });
    await sm('scan');
    const run = await sm('check');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('no issues\n');
  });
});

describe('sm check --format github', () => {
  it('prints one workflow command per issue on stdout, exits 1 on an error', async () => {
    const run = await sm('check', '--format', 'github');
    expect(run.code).toBe(1);
    expect(run.stdout.trimEnd().split('\n')).toEqual([
      "::warning file=.claude/skills/deploy/SKILL.md,line=1,col=1,title=skill-map name-mismatch::frontmatter name 'deploy app' does not match the dirname 'deploy'",
      "::error file=docs/notes.md,line=2,col=5,title=skill-map reference-broken::Broken references link 'missing.md': no such file relative to docs/ (an explicit link)",
    ]);
    expect(run.stderr).toMatch(/failing: 1 issue\(s\) of severity error/);
  });

  it('--json with --format github is a usage error (stdout would not be JSON)', async () => {
    const run = await sm('check', '--format', 'github', '--json');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--json cannot be combined with --format github/);
  });
});
