// The state session's stores as the engines use them (findings lifecycle and write-through, the node view,
// last-seen, a transaction over several zones), one sequence run against every session: SQLite always,
// PostgreSQL when a throwaway cluster can be started here (the `postgres: …` suite is skipped otherwise). The
// PostgreSQL run must answer exactly what the SQLite run answers, step by step.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgStateSession } from './postgres/state-session.js';
import { createPgScanZone } from './postgres/scan-zone.js';
import { openPgSession } from './postgres/pg-session.js';
import type { StateSession } from './sqlite/state-session.js';
import { openStateSession } from './sqlite/state-session.js';
import { openScanStore } from './sqlite/store.js';
import { SAFETY_LANE_EXTENSION } from './sqlite/findings/port.js';
import type { FindingProvenance } from './sqlite/findings/port.js';
import { hasPostgres, postgresForSuite } from './testing/postgres.js';
import { makeIssue, makeNode, makeScan } from './testing/scan-fixtures.js';
import { createTempTree } from './testing/temp-tree.js';
import type { ScanResult } from './domain.js';

const LINT = '.claude/skills/lint/SKILL.md';
const DOC = 'docs/notes.md';
const GONE = 'docs/gone.md';
const scan = (): ScanResult =>
  makeScan(
    [
      makeNode(LINT, 'lint body', {
        sidecar: { present: true, status: 'fresh', root: null, annotations: { owner: 'ana' } },
      }),
      makeNode(DOC, 'doc body'),
    ],
    [],
    [makeIssue(LINT, 'x.md', { analyzerId: 'core/reference-broken' }), makeIssue(DOC, 'y.md')],
  );

const P = (bodyHash: string | null): FindingProvenance => ({
  extensionVersion: '1.0.0',
  model: 'm',
  bodyHash,
  generatedAt: 10,
  jobId: 'd-1',
});
const f = (type: string, severity: 'info' | 'warn' | 'error' = 'warn') => ({
  type,
  severity,
  message: `about ${type}`,
  detail: null,
  confidence: 0.5,
});

/** Runs the sequence on `s` and answers everything it saw, step by step. */
function sequence(s: StateSession): unknown[] {
  const seen: unknown[] = [];
  const live = s.nodes.get(LINT)?.bodyHash ?? null;
  const w = s.findingsWriteThrough();
  const life = s.findings();
  s.transaction(() => {
    seen.push(
      w.replaceForExtension(LINT, 'core/lint-finder', [f('vague'), f('vague'), f('long', 'info')], P(live)),
    );
    seen.push(w.replaceForExtension(DOC, 'core/lint-finder', [f('vague')], P(null)));
    seen.push(w.replaceForExtension(GONE, 'core/lint-finder', [f('vague')], P('h')));
    w.replaceSafetyLane(LINT, [f('injection-detected', 'error')], P(live));
  });
  seen.push(life.list({}).map((r) => [r.id, r.nodeId, r.type, r.origin, r.stale]));
  seen.push(life.list({ extension: 'lint-finder', node: LINT }).length);
  seen.push(w.openFindings(LINT, ['core/lint-finder']).map((r) => r.id));
  seen.push(w.openFindings(LINT, ['core/lint-finder'], [2]).map((r) => r.id));
  seen.push(
    life.setResolution(1, 'dismissed', 'human', 'noise', 20),
    life.setResolution(1, 'dismissed', 'human', 'x', 21),
  );
  seen.push(
    life.countDismissedOfClass(LINT, 'core/lint-finder', 'vague'),
    life.countOfClass(LINT, 'core/lint-finder', 'vague', 1),
  );
  seen.push(
    w.stampFixerResolutions(
      LINT,
      'core/lint-fixer',
      ['core/lint-finder'],
      [
        { id: 1, state: 'fixed' },
        { id: 2, state: 'fixed', note: 'done' },
      ],
      30,
    ),
  );
  seen.push(life.get(2), life.get(999));
  // Replacing one extension's rows takes both origins of that extension, nothing else.
  w.replaceForExtension(LINT, SAFETY_LANE_EXTENSION, [], P(live));
  seen.push(life.list({ node: LINT }).map((r) => r.extensionId));
  seen.push(
    life.pruneStale(),
    life.list({}).map((r) => r.nodeId),
  );
  seen.push(life.delete(2), life.delete(2));
  // A transaction over the job zone and the findings: all or nothing.
  expect(() =>
    s.transaction(() => {
      w.replaceForExtension(DOC, 'core/other', [f('z')], P(null));
      s.jobs().cancelQueuedOf('core/none', 1);
      throw new Error('rolled back');
    }),
  ).toThrow('rolled back');
  seen.push(life.list({ extension: 'core/other' }));
  // The node view.
  seen.push(s.nodes.get(DOC)?.path, s.nodes.get('nowhere.md'));
  seen.push(s.nodes.listAnnotated());
  seen.push(s.nodes.refreshAnnotations(DOC, { owner: 'bo' }), s.nodes.refreshAnnotations('nowhere.md', null));
  seen.push(s.nodes.listAnnotated().map((a) => a.path));
  seen.push(s.nodes.deleteSuppressedIssues({ nodePath: LINT, analyzer: 'reference-broken', value: 'x.md' }));
  seen.push(s.nodes.deleteSuppressedIssues({ nodePath: LINT, analyzer: 'reference-broken', value: 'x.md' }));
  // Last seen: counts and the latest time.
  const seenStore = s.lastSeen();
  seenStore.record([
    { path: LINT, host: 'claude', at: 100 },
    { path: LINT, host: 'claude', at: 50 },
    { path: DOC, host: 'codex', at: 70 },
  ]);
  seen.push(seenStore.seenSince(60), seenStore.seenSince(101));
  return seen;
}

const cluster = postgresForSuite({ beforeAll, afterAll });

function sqliteRun(): unknown[] {
  const tree = createTempTree('sm-state-session-');
  try {
    const path = join(tree.root, '.skill-map', 'skill-map.db');
    const store = openScanStore({ path, posture: 'write', create: true });
    store.persistScan(scan());
    store.close();
    const s = openStateSession(path, 'write')!;
    try {
      return sequence(s);
    } finally {
      s.close();
    }
  } finally {
    tree.remove();
  }
}

describe('StateSession (SQLite)', () => {
  it('runs the sequence', () => {
    const seen = sqliteRun();
    // A few anchors, so that the sequence itself is known to do what it says.
    expect(seen[3]).toEqual([
      [1, LINT, 'vague', 'extension', false],
      [2, LINT, 'vague', 'extension', false],
      [3, LINT, 'long', 'extension', false],
      [6, LINT, 'injection-detected', 'kernel', false],
      [5, GONE, 'vague', 'extension', true], // its node is gone
      [4, DOC, 'vague', 'extension', true], // judged without a body hash
    ]);
    expect(seen.at(-2)).toEqual([
      { path: LINT, host: 'claude', lastSeenAt: 100, count: 2 },
      { path: DOC, host: 'codex', lastSeenAt: 70, count: 1 },
    ]);
  });
});

describe.skipIf(!hasPostgres())('postgres: StateSession (PostgreSQL)', () => {
  it('answers the sequence exactly as SQLite does, and sees no other project', (ctx) => {
    const server = cluster.current();
    if (server === null) return ctx.skip();
    const url = server.createDatabase('state_session');
    // Another project in the same database, with the same paths: none of its rows may show.
    const other = openPgSession(url, 'other');
    createPgScanZone(other).persistScan(scan(), 'other');
    other.close();
    const mine = openPgSession(url, 'mine');
    createPgScanZone(mine).persistScan(scan(), 'mine');
    mine.close();
    const s = openPgStateSession(url, 'mine', 'write');
    let seen: unknown[];
    try {
      seen = sequence(s);
    } finally {
      s.close();
    }
    expect(seen).toEqual(sqliteRun());
  });
});
