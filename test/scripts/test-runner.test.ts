// scripts/test.mjs, the README's test command's closing line, run as a child process over fixture suites.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const REPO = new URL('../../', import.meta.url).pathname;
const dirs: string[] = [];

/** A throwaway project holding the given test files, with the repository's node_modules linked in. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'test-runner-'));
  dirs.push(dir);
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  writeFileSync(join(dir, 'vitest.config.mjs'), "export default { test: { include: ['*.test.mjs'] } };\n");
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

function runScript(dir: string, env: NodeJS.ProcessEnv = {}): { code: number | null; lines: string[] } {
  const run = spawnSync(process.execPath, [join(REPO, 'scripts/test.mjs')], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, SM_CORPORA: '', ...env },
  });
  return { code: run.status, lines: run.stdout.trim().split('\n') };
}

const PASSING = "import { it, expect } from 'vitest';\nit('ok', () => expect(1).toBe(1));\n";

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('scripts/test.mjs closing line', () => {
  it('counts every test of a suite that failed to load, and of one whose beforeAll threw', () => {
    const dir = project({
      'ok.test.mjs': PASSING,
      'no-load.test.mjs': [
        "import { describe, it, expect } from 'vitest';",
        "import { readFileSync } from 'node:fs';",
        "const fixture = readFileSync('/no/such/corpus/file');",
        "describe('needs a file', () => {",
        ...Array.from({ length: 11 }, (_, i) => `  it('case ${i}', () => expect(fixture).toBeTruthy());`),
        '});',
      ].join('\n'),
      'hook.test.mjs': [
        "import { beforeAll, describe, it, expect } from 'vitest';",
        "describe('hook', () => {",
        "  beforeAll(() => { throw new Error('setup failed'); });",
        "  it('a', () => expect(1).toBe(1));",
        "  it('b', () => expect(1).toBe(1));",
        "  it('c', () => expect(1).toBe(1));",
        '});',
      ].join('\n'),
    });
    const run = runScript(dir);
    expect(run.lines.at(-1)).toBe('1 passed, 14 failed');
    expect(run.code).toBe(1);
  });

  it('names the corpus suites it did not run, in one line, and passes', () => {
    const dir = project({
      'ok.test.mjs': PASSING,
      'corpus.test.mjs': [
        "import { describe, it, expect } from 'vitest';",
        "describe.skipIf(!process.env.SM_CORPORA)('corpus: real repositories', () => {",
        "  it('scans', () => expect(1).toBe(1));",
        '});',
      ].join('\n'),
    });
    const skipped = runScript(dir);
    expect(skipped.code).toBe(0);
    expect(skipped.lines.at(-1)).toBe('1 passed, 0 failed');
    const notRun = skipped.lines.filter((line) => line.startsWith('not run:'));
    expect(notRun).toEqual([
      expect.stringMatching(/^not run: 1 corpus suite: .*To run them, set SM_CORPORA/),
    ]);
    expect(notRun[0]).toContain('corpus.test.mjs › corpus: real repositories');

    const ran = runScript(dir, { SM_CORPORA: dir });
    expect(ran.lines.at(-1)).toBe('2 passed, 0 failed');
    expect(ran.lines.some((line) => line.startsWith('not run:'))).toBe(false);
  });
});
