// Mutation testing (issue 14), one module at a time: `npm run test:mutation [module...]` (scripts/mutation/run.mjs)
// sets MUTATION_MODULE; the module table is scripts/mutation/modules.mjs. Equivalent mutants are disabled where
// they are, with a `// Stryker disable next-line <mutator>: <reason>` comment, so they never count.
import { MODULES } from './scripts/mutation/modules.mjs';

const name = process.env.MUTATION_MODULE ?? 'skillstate-core';
const mod = MODULES[name];
if (mod === undefined)
  throw new Error(`unknown mutation module "${name}": ${Object.keys(MODULES).join(', ')}`);
const out = `reports/mutation/${name}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  checkers: ['typescript'],
  tsconfigFile: mod.tsconfig,
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: mod.mutate,
  coverageAnalysis: 'perTest',
  // Static mutants (module-level values: REDACTED, the redaction patterns, limits) are not counted: with the
  // vitest runner of Stryker 9.6.1 they come back Survived even when the tests fail on them (checked by hand on
  // redact.ts's PEM pattern mutated to an empty one: 8 tests fail, Stryker said Survived). The values are pinned
  // by ordinary tests instead (redact.test.ts, validate.test.ts, persistence.test.ts assert them literally).
  ignoreStatic: true,
  // A shared two-core machine: one or two workers, never more (MUTATION_CONCURRENCY).
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  incremental: true,
  incrementalFile: `${out}/incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${out}/index.html` },
  jsonReporter: { fileName: `${out}/mutation.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 90, low: 85, break: null },
  timeoutMS: 10_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // The sandbox copies the repository: leave out what no guarded test reads.
  ignorePatterns: [
    'reports',
    'bench',
    'docs',
    'examples',
    '**/dist/ui',
    'test-artifacts',
    '.bench-tmp',
    '*.log',
    // Another module's sandbox, when one is running beside this one.
    '.stryker-tmp*',
  ],
};
