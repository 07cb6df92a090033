#!/usr/bin/env node
// Runs the whole Vitest suite and ends with one closing line, `N passed, N failed`, for people and CI alike.
//
// The count is of tests, and a suite that could not run counts all of its tests as failed: a file whose
// `beforeAll` threw reports its tests as skipped, and a file that failed to load reports none at all (its tests
// are then counted from its source, at least one). Suites that need something outside the clone (a folder of
// real corpora, a Chromium binary, the pre-commit tool, PostgreSQL) are skipped without it, and one line before the closing one names them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** Top-level suite title prefixes of the suites that need something outside the clone, and how to supply it. */
const NEEDS = {
  corpus: 'set SM_CORPORA to a folder of agent-harness corpora (.ci/run uses ../shared/corpora)',
  browser: 'install Chromium (Debian: apt-get install chromium) or set CHROMIUM_PATH',
  'pre-commit': 'install the pre-commit tool (Debian: apt-get install pre-commit)',
  postgres:
    'install PostgreSQL (Debian: apt-get install postgresql; the suites start their own throwaway clusters)',
};

const dir = mkdtempSync(join(tmpdir(), 'vitest-report-'));
const report = join(dir, 'report.json');
const run = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

/** Tests a file that failed to load would have run, counted from its source; at least one. */
function countDeclaredTests(file) {
  try {
    const source = readFileSync(file, 'utf8');
    return Math.max(1, (source.match(/^\s*(?:it|test)(?:\.\w+)*\s*\(/gm) ?? []).length);
  } catch {
    return 1;
  }
}

let passed = 0;
let failed = 0;
const notRun = new Map();
try {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  for (const file of results.testResults) {
    const tests = file.assertionResults;
    passed += tests.filter((t) => t.status === 'passed').length;
    const failedTests = tests.filter((t) => t.status === 'failed').length;
    if (file.status === 'failed' && failedTests === 0) {
      // The suite itself failed (a hook threw, or the file did not load): none of its tests ran.
      failed +=
        tests.length > 0
          ? tests.filter((t) => t.status !== 'passed').length || 1
          : countDeclaredTests(file.name);
    } else {
      failed += failedTests;
    }
    // A suite needing something was not run when none of its tests ran (a test it skips on purpose, such as a
    // SQLite-only case in a suite run on PostgreSQL, does not make it "not run").
    const ran = new Set(
      tests
        .filter((t) => t.status === 'passed' || t.status === 'failed')
        .map((t) => t.ancestorTitles[0] ?? ''),
    );
    for (const t of tests) {
      const top = t.ancestorTitles[0] ?? '';
      const need = Object.keys(NEEDS).find((prefix) => top.startsWith(`${prefix}:`));
      if (need === undefined || ran.has(top) || (t.status !== 'skipped' && t.status !== 'pending')) continue;
      const suites = notRun.get(need) ?? new Set();
      suites.add(`${relative(process.cwd(), file.name)} › ${top}`);
      notRun.set(need, suites);
    }
  }
  if (passed + failed === 0 && run.status !== 0) failed = 1;
} catch {
  failed = Math.max(failed, 1);
}
rmSync(dir, { recursive: true, force: true });
for (const [need, suites] of notRun) {
  const noun = suites.size === 1 ? 'suite' : 'suites';
  console.log(
    `not run: ${suites.size} ${need} ${noun}: ${[...suites].join('; ')}. To run them, ${NEEDS[need]}.`,
  );
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
