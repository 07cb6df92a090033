// The CI wrappers at the repository root, driven through the BUILT bin: action.yml's `sm check` step run by bash the
// way a composite action runs it (inputs as environment variables, `sm` on PATH, GITHUB_OUTPUT), and the entries of
// .pre-commit-hooks.yaml run as pre-commit would run them (entry plus args, no file names) in a temp git repository.
// Both name only flags `sm check` has. The pre-commit tool itself drives the hooks in pre-commit-tool.e2e.test.ts.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { GLOBAL_OPTIONS } from '../src/cli/verbs.js';
import { CHECK_VERBS } from '../src/cli/verbs-check.js';
import { BIN, isBuilt, runSm } from './support/sm-bin.js';

const REPO = new URL('../../../', import.meta.url).pathname;

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
}
const action = load(readFileSync(join(REPO, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  runs: { using: string; steps: Step[] };
};
const hooks = load(readFileSync(join(REPO, '.pre-commit-hooks.yaml'), 'utf8')) as {
  id: string;
  entry: string;
  language: string;
  pass_filenames: boolean;
}[];

const CHECK_FLAGS = new Set([
  ...Object.keys(CHECK_VERBS.find((v) => v.name === 'check')!.options),
  ...Object.keys(GLOBAL_OPTIONS),
]);
/** The `--flags` that follow `sm check` on a line of a script, or that the script collects into its `args`. */
const checkFlags = (script: string): string[] =>
  [...script.matchAll(/(?:\bsm check\b|\bargs\+=\()([^\n]*)/g)].flatMap((m) =>
    [...m[1]!.matchAll(/--([a-z][a-z-]*)/g)].map((f) => f[1]!),
  );

const PROJECT: Record<string, string> = {
  '.claude/skills/deploy/SKILL.md':
    '---\nname: deploy\ndescription: Deploys\n---\nRead the [runbook](../../../docs/runbook.md).\n',
  'docs/notes.md': '# Notes\nSee [missing](missing.md).\n',
};

describe('the wrappers name only what sm check has', () => {
  it('action.yml is a composite action whose scripts read inputs from the environment only', () => {
    expect(action.runs.using).toBe('composite');
    for (const step of action.runs.steps.filter((s) => s.run !== undefined))
      expect({ step: step.name, spliced: step.run!.includes('${{') }).toEqual({
        step: step.name,
        spliced: false,
      });
    const scripts = action.runs.steps.map((s) => s.run ?? '').join('\n');
    expect(new Set(checkFlags(scripts))).toEqual(
      new Set(['baseline', 'changed', 'max-warnings', 'format', 'stored']),
    );
    for (const flag of checkFlags(scripts)) expect(CHECK_FLAGS, flag).toContain(flag);
    expect(
      action.runs.steps.some((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@') === true),
    ).toBe(true);
  });

  it('.pre-commit-hooks.yaml: system hooks running sm check without file names', () => {
    expect(hooks.map((h) => h.id)).toEqual(['skill-map-check', 'skill-map-check-changed']);
    for (const h of hooks) {
      expect(h).toMatchObject({ language: 'system', pass_filenames: false });
      expect(h.entry).toMatch(/^sm check\b/);
      for (const flag of checkFlags(h.entry)) expect(CHECK_FLAGS, flag).toContain(flag);
    }
  });
});

describe.skipIf(!isBuilt())('the wrappers run (built bin)', () => {
  let tree: TempTree;
  let pathDir: string;
  beforeAll(() => {
    tree = createTempTree('sm-e2e-ci-');
    tree.write(PROJECT);
    pathDir = join(tree.root, '..', `${tree.root.split('/').at(-1)!}-bin`);
    mkdirSync(pathDir, { recursive: true });
    writeFileSync(join(pathDir, 'sm'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(pathDir, 'sm'), 0o755);
  });
  afterAll(() => {
    tree?.remove();
    if (pathDir !== undefined) spawnSync('rm', ['-rf', pathDir]);
  });

  /** The action's `check` step as a composite action runs it: bash -eo pipefail, inputs as env, sm on PATH. */
  function runCheckStep(inputs: Record<string, string>): {
    code: number | null;
    stdout: string;
    output: string;
  } {
    const step = action.runs.steps.find((s) => s.id === 'check')!;
    const outFile = join(tree.root, '..', `${tree.root.split('/').at(-1)!}-output`);
    writeFileSync(outFile, '');
    const env: Record<string, string> = {};
    for (const [name, expr] of Object.entries(step.env ?? {})) {
      const input = /inputs\.([a-z-]+)/.exec(expr)?.[1] ?? '';
      env[name] = inputs[input] ?? action.inputs[input]?.default ?? '';
    }
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run!], {
      cwd: tree.root,
      encoding: 'utf8',
      env: {
        ...process.env,
        ...env,
        NO_COLOR: '1',
        PATH: `${pathDir}:${process.env['PATH'] ?? ''}`,
        GITHUB_OUTPUT: outFile,
      },
    });
    return { code: r.status, stdout: r.stdout, output: readFileSync(outFile, 'utf8') };
  }

  it("action.yml's check step: SARIF written, annotations printed, exit-code 1; with a baseline, exit-code 0", () => {
    const first = runCheckStep({});
    expect(first.code).toBe(0);
    expect(first.output).toBe('exit-code=1\n');
    const sarif = JSON.parse(readFileSync(join(tree.root, 'skill-map.sarif'), 'utf8')) as {
      runs: { results: { ruleId: string }[] }[];
    };
    expect(sarif.runs[0]!.results.map((r) => r.ruleId)).toEqual(['reference-broken', 'reference-broken']);
    expect(first.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        /^::error file=\.claude\/skills\/deploy\/SKILL\.md,line=5,col=\d+,title=skill-map reference-broken::/,
      ),
      expect.stringMatching(/^::error file=docs\/notes\.md,line=2,col=5,title=skill-map reference-broken::/),
    ]);
    expect(runSm(['baseline', 'create', 'ci-baseline.json'], { cwd: tree.root }).code).toBe(0);
    const second = runCheckStep({ baseline: 'ci-baseline.json', 'max-warnings': '0' });
    expect({ code: second.code, output: second.output, stdout: second.stdout }).toEqual({
      code: 0,
      output: 'exit-code=0\n',
      stdout: '',
    });
    const bad = runCheckStep({ baseline: 'nope.json' });
    expect(bad.output).toBe('exit-code=2\n');
  });

  it('the pre-commit entries: the whole project fails on its errors; the changed-files hook only on a new one', () => {
    const git = (...args: string[]) =>
      spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: tree.root });
    writeFileSync(join(tree.root, '.gitignore'), '.skill-map/\n*.sarif\n');
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
    const entry = (id: string) =>
      hooks
        .find((h) => h.id === id)!
        .entry.split(' ')
        .slice(1);
    expect(runSm(entry('skill-map-check'), { cwd: tree.root }).code).toBe(1);
    expect(runSm(entry('skill-map-check-changed'), { cwd: tree.root }).code).toBe(0);
    writeFileSync(join(tree.root, 'docs/new.md'), '# New\nSee [gone](gone.md).\n');
    git('add', 'docs/new.md');
    const changed = runSm(entry('skill-map-check-changed'), { cwd: tree.root });
    expect(changed.code).toBe(1);
    expect(changed.stdout).toMatch(/^docs\/new\.md\n/);
    expect(changed.stdout).not.toMatch(/notes\.md|deploy/);
  });
});
