// Issue 26, safe fixes through the BUILT bin on a temp git repository: `sm check --fix --dry-run` prints exactly the
// diff of every certain fix (a link to a file `git mv` renamed, a link to the one file with that name, a skill's
// name: that disagrees with its folder, a tool name off only in case), changes no byte, and the diff applies with
// `git apply`; `sm check --fix` writes the same result, rescans and reports only what is left (a link two files could
// mean: a suggestion, never applied); SARIF carries every fix and validates against the SARIF 2.1.0 schema.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Issue } from '@skill-map/spec';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import { applyFixPlans, planProjectFixes } from '../src/engines/fixes/index.js';
import { runScan } from '../src/engines/index.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm } from './support/sm-bin.js';

const require = createRequire(import.meta.url);
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validateSarif = ajv.compile(
  JSON.parse(
    readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
  ) as Record<string, unknown>,
);

const SKILL = '.claude/skills/pdf/SKILL.md';
const AGENT = '.claude/agents/reviewer.md';
const FILES: Record<string, string> = {
  [SKILL]:
    "---\nname: 'pdf-tools'\ndescription: Fills PDF forms.\n---\n# PDF\n\n" +
    '1. Read [setup](../../../docs/setup.md) first.\n2. Then the [guide](guide.md).\n',
  'docs/setup.md': '# Setup\n',
  'docs/guide.md': '# Guide\n',
  [AGENT]:
    '---\nname: reviewer\ndescription: Reviews changes.\ntools: Read, grep, Bash(grep:*)\n---\nReview.\n',
  'README.md': '# Project\n\nSee [notes](notes.md).\n',
  'a/notes.md': '# A\n',
  'b/notes.md': '# B\n',
};

const DIFF = [
  `--- a/${SKILL}`,
  `+++ b/${SKILL}`,
  '@@ -1,8 +1,8 @@',
  ' ---',
  "-name: 'pdf-tools'",
  "+name: 'pdf'",
  ' description: Fills PDF forms.',
  ' ---',
  ' # PDF',
  ' ',
  '-1. Read [setup](../../../docs/setup.md) first.',
  '-2. Then the [guide](guide.md).',
  '+1. Read [setup](../../../docs/install.md) first.',
  '+2. Then the [guide](../../../docs/guide.md).',
  `--- a/${AGENT}`,
  `+++ b/${AGENT}`,
  '@@ -1,6 +1,6 @@',
  ' ---',
  ' name: reviewer',
  ' description: Reviews changes.',
  '-tools: Read, grep, Bash(grep:*)',
  '+tools: Read, Grep, Bash(grep:*)',
  ' ---',
  ' Review.',
  '',
].join('\n');

let tree: TempTree;
const git = (...args: string[]): string => {
  const r = spawnSync('git', args, { cwd: tree.root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};
const sm = (...argv: string[]) => runSm(argv, { cwd: tree.root });
const read = (rel: string): string => readFileSync(tree.abs(rel), 'utf8');
/** sha256 of every tracked file (the scan's own .skill-map/ folder is not the project's). */
const hashes = (): Record<string, string> =>
  Object.fromEntries(
    git('ls-files')
      .split('\n')
      .filter((p) => p !== '')
      .map((p) => [
        p,
        createHash('sha256')
          .update(readFileSync(tree.abs(p)))
          .digest('hex'),
      ]),
  );

beforeEach(() => {
  tree = createTempTree('sm-fixes-e2e-');
  tree.write(FILES);
  git('init', '-q');
  git('config', 'user.email', 'fix@example.com');
  git('config', 'user.name', 'fix');
  git('config', 'commit.gpgsign', 'false');
  git('add', '.');
  git('commit', '-qm', 'project');
  git('mv', 'docs/setup.md', 'docs/install.md');
  git('commit', '-qm', 'rename setup to install');
});
afterEach(() => tree.remove());

interface FixJson {
  analyzerId: string;
  path: string;
  title: string;
  certain: boolean;
  basis: string;
  sha256: string;
  reason?: string;
}
interface CheckJson {
  issues: Issue[];
  failing: string | null;
  fixes: { dryRun: boolean; applied: FixJson[]; skipped: FixJson[]; suggestions: FixJson[]; diff?: string };
}

describe.skipIf(!isBuilt())('sm check --fix (built bin, temp git repository)', () => {
  it('--dry-run prints exactly the diff of the certain fixes, changes no byte, and the diff applies', () => {
    const before = hashes();
    const run = sm('check', '--fix', '--dry-run');
    expect(run.stdout).toBe(DIFF);
    expect(hashes()).toEqual(before);
    // Nothing changed, so the report is about the files as they are: the errors still fail.
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "would fix .claude/skills/pdf/SKILL.md: Write '../../../docs/install.md' instead of '../../../docs/setup.md'",
    );
    expect(run.stderr).toContain("suggestion README.md: Write 'a/notes.md' instead of 'notes.md'");
    expect(run.stderr).toContain('would fix 4 issue(s) in 2 file(s) (dry run: no file changed)');

    const json = sm('check', '--fix', '--dry-run', '--format', 'json');
    const report = JSON.parse(json.stdout) as CheckJson;
    expect(report.fixes.dryRun).toBe(true);
    expect(report.fixes.diff).toBe(DIFF);
    expect(hashes()).toEqual(before);

    const applied = spawnSync('git', ['apply', '-'], { cwd: tree.root, input: run.stdout, encoding: 'utf8' });
    expect(applied.status, applied.stderr).toBe(0);
    expect(read(SKILL)).toContain('[setup](../../../docs/install.md)');
  });

  it('--fix writes the certain fixes, rescans, and reports only what is left; suggestions are never applied', () => {
    const run = sm('check', '--fix', '--format', 'json');
    const report = JSON.parse(run.stdout) as CheckJson;
    expect(report.fixes.applied.map((f) => [f.analyzerId, f.path, f.basis])).toEqual([
      ['name-mismatch', SKILL, 'folder-name'],
      ['reference-broken', SKILL, 'file-name'],
      ['reference-broken', SKILL, 'git-rename'],
      ['tool-unknown', AGENT, 'tool-case'],
    ]);
    expect(report.fixes.skipped).toEqual([]);
    expect(report.fixes.suggestions.map((f) => [f.path, f.title, f.certain])).toEqual([
      ['README.md', "Write 'a/notes.md' instead of 'notes.md'", false],
      ['README.md', "Write 'b/notes.md' instead of 'notes.md'", false],
    ]);
    expect(report.fixes.diff).toBeUndefined();
    // What is left: the link two files could mean (an error), so the exit code is still 1.
    expect(report.issues.map((i) => [i.analyzerId, i.nodeIds[0]])).toEqual([
      ['reference-broken', 'README.md'],
    ]);
    expect(run.code).toBe(1);
    expect(read('README.md')).toBe(FILES['README.md']);
    expect(read(SKILL)).toBe(
      "---\nname: 'pdf'\ndescription: Fills PDF forms.\n---\n# PDF\n\n" +
        '1. Read [setup](../../../docs/install.md) first.\n2. Then the [guide](../../../docs/guide.md).\n',
    );
    expect(read(AGENT)).toContain('tools: Read, Grep, Bash(grep:*)\n');

    // A fresh check agrees, and a second --fix has nothing certain left to do.
    const again = sm('check', '--fix');
    expect(again.stderr).toContain('fixed 0 issue(s) in 0 file(s)');
    expect(again.stdout).toMatch(/^README\.md\n {2}error +reference-broken /m);
    expect(again.code).toBe(1);
  });

  it('SARIF carries every fix (certain or a suggestion) and validates against the SARIF 2.1.0 schema', () => {
    const run = sm('check', '--format', 'sarif');
    const sarif = JSON.parse(run.stdout) as {
      runs: {
        results: { ruleId: string; fixes?: { description: { text: string }; properties: object }[] }[];
      }[];
    };
    expect(validateSarif(sarif), JSON.stringify(validateSarif.errors)).toBe(true);
    const fixes = sarif.runs[0]!.results.flatMap((r) =>
      (r.fixes ?? []).map((f) => [r.ruleId, f.description.text, f.properties]),
    );
    expect(fixes).toEqual(
      expect.arrayContaining([
        [
          'tool-unknown',
          "Write tool 'Grep' instead of 'grep' in tools:",
          { certain: true, basis: 'tool-case' },
        ],
        [
          'reference-broken',
          "Write 'b/notes.md' instead of 'notes.md'",
          { certain: false, basis: 'file-name' },
        ],
      ]),
    );
    expect(fixes).toHaveLength(6);
  });

  it('a file edited between the scan and the apply is left untouched and said so; the other files are fixed', async () => {
    // What `sm check --fix` does, with an editor's save between planning and applying: the real scan engine, git.
    const { result } = await runScan({ projectRoot: tree.root, mode: 'incremental', persist: false });
    const nodes = new Set(result.nodes.filter((n) => n.virtual !== true).map((n) => n.path));
    const planned = planProjectFixes({
      projectRoot: tree.root,
      issues: result.issues,
      links: result.links,
      paths: nodes,
    });
    const saved = `${FILES[SKILL]!}3. Saved in the editor meanwhile.\n`;
    tree.write({ [SKILL]: saved });
    const applied = applyFixPlans(planned.plans, planned.files);
    expect(read(SKILL)).toBe(saved);
    expect(applied.skipped.map((s) => [s.plan.path, s.reason, s.message])).toEqual(
      Array.from({ length: 3 }, () => [
        SKILL,
        'changed',
        `${SKILL} changed since it was scanned: left untouched`,
      ]),
    );
    expect(applied.applied.map((p) => p.path)).toEqual([AGENT]);
    expect(read(AGENT)).toContain('tools: Read, Grep, Bash(grep:*)\n');
  });

  it("a file whose bytes are not the scan's (same size and mtime, so the scan reused its record) is left untouched", () => {
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(tree.abs(SKILL), old, old);
    expect(sm('scan').code).not.toBe(2);
    const saved = FILES[SKILL]!.replace('first.', 'FIRST.');
    tree.write({ [SKILL]: saved });
    utimesSync(tree.abs(SKILL), old, old);
    const run = sm('check', '--fix');
    expect(read(SKILL)).toBe(saved);
    expect(run.stderr.match(/^not fixed .*$/gm)).toEqual([
      `not fixed ${SKILL}: ${SKILL} changed since it was scanned: left untouched`,
    ]);
    expect(run.stderr).toContain(`fixed ${AGENT}: Write tool 'Grep' instead of 'grep' in tools:`);
    expect(run.code).toBe(1);
  });

  it('--dry-run without --fix, and --fix with --stored, are usage errors that change nothing', () => {
    const before = hashes();
    expect(sm('check', '--dry-run').code).toBe(2);
    const stored = sm('check', '--fix', '--stored');
    expect(stored.code).toBe(2);
    expect(stored.stderr).toContain('--fix and --stored exclude each other');
    expect(hashes()).toEqual(before);
  });
});
