// The labelled set: every issue the analyzers report on the shared corpora and on our fixture projects, read by hand
// and marked real or false (test/labelled/<project>.json). This suite scans each project with the built `sm scan
// --json` (the database in a temp folder, nothing written into the project), matches the reported
// issues to the labels and prints precision and recall per analyzer. It fails when a reported issue has no label (so
// the set stays current; a set may cover only some severities, `labelled`), when a labelled real issue is no longer
// reported at its severity, or when an error-severity issue of a project is not real (precision 100%). Corpus suites
// need SM_CORPORA; fixture suites always run.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Issue, ScanResult } from '@skill-map/spec';
import { afterAll, describe, expect, it } from 'vitest';
import { corporaDir } from '../../src/adapters/testing/corpora.js';
import { DEMO_PROJECT } from '../../src/kernel/testing/demo-project.js';
import { writeFiles } from '../support/project-root.js';
import { isBuilt, listing, runSm } from '../support/sm-bin.js';

interface Label {
  analyzer: string;
  node: string;
  target: string;
  label: 'real' | 'false';
  class: string;
  reason: string;
  /** For real issues: the severity they must keep. */
  severity?: string;
}

interface LabelledSet {
  project: string;
  kind: 'corpus' | 'fixture';
  /** The severities the set labels (every issue of them is labelled); absent = all. */
  labelled?: string[];
  labels: Label[];
}

const HERE = fileURLToPath(new URL('.', import.meta.url));
const CORPORA = corporaDir();
const MIN_ERROR_PRECISION = 1;

const TMP = mkdtempSync(join(tmpdir(), 'sm-labelled-'));
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

/** The demo project fixture, written into the temp folder (never the repository's examples/ folder). */
function demoRoot(): string {
  const root = join(TMP, 'demo-project');
  writeFiles(root, DEMO_PROJECT);
  return root;
}

const corpus = (name: string): { name: string; root: string | undefined } => ({
  name,
  root: CORPORA === undefined ? undefined : join(CORPORA, name),
});

const PROJECTS: { name: string; root: string | undefined }[] = [
  corpus('obra-superpowers'),
  corpus('anthropics-skills'),
  corpus('anthropics-claude-plugins-official'),
  corpus('voltagent-subagents'),
  { name: 'demo-project', root: demoRoot() },
  { name: 'precision-plugin', root: join(HERE, 'fixtures', 'precision-plugin') },
];

/** What an issue is matched on: analyzer, first node, and its target (or name) when it has one. */
function issueKey(i: Issue): string {
  const target = i.data?.['target'] ?? i.data?.['name'] ?? '';
  return `${i.analyzerId}|${i.nodeIds[0] ?? ''}|${typeof target === 'string' ? target : JSON.stringify(target)}`;
}
const labelKey = (l: Label): string => `${l.analyzer}|${l.node}|${l.target}`;

/** `sm scan --json --full` of `root` into a database under the temp folder; the project is left untouched. */
function scanIssues(name: string, root: string): Issue[] {
  const before = listing(root);
  const run = runSm(['scan', '--json', '--full', '--root', root, '--db', join(TMP, `${name}.db`)], {
    cwd: TMP,
  });
  expect([0, 1], run.stderr).toContain(run.code);
  expect(listing(root)).toEqual(before);
  return (JSON.parse(run.stdout) as ScanResult).issues;
}

interface Row {
  analyzer: string;
  reported: number;
  real: number;
  errors: number;
  realErrors: number;
  labelledReal: number;
  found: number;
}

const pct = (n: number, d: number): string =>
  d === 0 ? '   n/a' : `${((100 * n) / d).toFixed(1).padStart(5)}%`;

/** Per-analyzer counts: reported issues, how many are real (all severities and errors only), recall of the real ones. */
function tableOf(issues: readonly Issue[], labels: ReadonlyMap<string, Label>): Row[] {
  const rows = new Map<string, Row>();
  const row = (analyzer: string): Row => {
    let r = rows.get(analyzer);
    if (r === undefined) {
      r = { analyzer, reported: 0, real: 0, errors: 0, realErrors: 0, labelledReal: 0, found: 0 };
      rows.set(analyzer, r);
    }
    return r;
  };
  const reported = new Set(issues.map(issueKey));
  for (const i of issues) {
    const r = row(i.analyzerId);
    const real = labels.get(issueKey(i))?.label === 'real';
    r.reported++;
    if (real) r.real++;
    if (i.severity === 'error') {
      r.errors++;
      if (real) r.realErrors++;
    }
  }
  for (const [key, l] of labels) {
    if (l.label !== 'real') continue;
    const r = row(l.analyzer);
    r.labelledReal++;
    if (reported.has(key)) r.found++;
  }
  return [...rows.values()].sort((a, b) => (a.analyzer < b.analyzer ? -1 : 1));
}

function printTable(project: string, rows: readonly Row[]): void {
  const head =
    'analyzer                 reported  real  precision  errors  real  err-precision  real-labelled  found  recall';
  const lines = rows.map(
    (r) =>
      `${r.analyzer.padEnd(24)} ${String(r.reported).padStart(8)} ${String(r.real).padStart(5)}     ${pct(r.real, r.reported)} ${String(r.errors).padStart(7)} ${String(r.realErrors).padStart(5)}         ${pct(r.realErrors, r.errors)} ${String(r.labelledReal).padStart(14)} ${String(r.found).padStart(6)}  ${pct(r.found, r.labelledReal)}`,
  );
  console.log(`\nlabelled set: ${project}\n${head}\n${lines.join('\n')}`);
}

for (const { name, root } of PROJECTS) {
  const set = JSON.parse(readFileSync(join(HERE, `${name}.json`), 'utf8')) as LabelledSet;
  const title = set.kind === 'corpus' ? `corpus: ${name} (labelled set)` : `labelled set: ${name}`;
  const skip = root === undefined || !isBuilt();
  describe.skipIf(skip)(title, () => {
    const covered = new Set(set.labelled ?? ['error', 'warn', 'info']);
    const issues = skip ? [] : scanIssues(name, root).filter((i) => covered.has(i.severity));
    const labels = new Map(set.labels.map((l) => [labelKey(l), l]));

    it('labels every reported issue (the set is current)', () => {
      expect(labels.size, 'duplicate labels').toBe(set.labels.length);
      // Each unlabelled issue as a stub to read, complete (label, class, reason) and add to <project>.json.
      const stubs = issues
        .filter((i) => !labels.has(issueKey(i)))
        .map((i) => {
          const [analyzer, node, target] = issueKey(i).split('|');
          return { analyzer, node, target, label: '?', class: '?', reason: '?', message: i.message };
        });
      expect(stubs, `unlabelled issues in ${name}.json`).toEqual([]);
    });

    it('still reports every labelled real issue, at its severity', () => {
      const byKey = new Map(issues.map((i) => [issueKey(i), i]));
      const missing = set.labels
        .filter((l) => l.label === 'real')
        .filter((l) => byKey.get(labelKey(l))?.severity !== l.severity)
        .map((l) => `${labelKey(l)} (${l.severity}): ${byKey.get(labelKey(l))?.severity ?? 'not reported'}`);
      expect(missing).toEqual([]);
    });

    it(`keeps error-severity precision at ${MIN_ERROR_PRECISION * 100}% (every error is real)`, () => {
      const rows = tableOf(issues, labels);
      printTable(name, rows);
      const errors = rows.reduce((n, r) => n + r.errors, 0);
      const real = rows.reduce((n, r) => n + r.realErrors, 0);
      expect(errors === 0 ? 1 : real / errors).toBeGreaterThanOrEqual(MIN_ERROR_PRECISION);
    });
  });
}
