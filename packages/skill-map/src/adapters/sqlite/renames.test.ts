import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../testing/temp-tree.js';
import type { TempTree } from '../testing/temp-tree.js';
import { makeNode, makeScan } from '../testing/scan-fixtures.js';
import { defaultDbPath, openDatabase } from './open-database.js';
import type { DbHandle } from './open-database.js';
import { planRenames } from './renames.js';
import { createScanStore } from './store.js';
import type { ScanStore } from './store.js';

let tree: TempTree;
let h: DbHandle;
let store: ScanStore;
beforeEach(() => {
  tree = createTempTree('sm-rename-');
  h = openDatabase({ path: defaultDbPath(tree.root), posture: 'write', create: true });
  store = createScanStore(h);
});
afterEach(() => {
  store.close();
  tree.remove();
});

function addState(path: string): void {
  h.db
    .prepare(
      `INSERT INTO state_findings (node_id, extension_id, origin, type, severity, message, generated_at)
     VALUES (?, 'core/ai-vagueness-analyzer', 'extension', 'vague', 'warn', 'vague wording', 0)`,
    )
    .run(path);
  h.db.prepare(`INSERT INTO state_node_favorites (node_path, created_at) VALUES (?, 0)`).run(path);
  h.db
    .prepare(
      `INSERT INTO state_activity_seen (node_path, host, last_seen_at, count) VALUES (?, 'claude', 5, 2)`,
    )
    .run(path);
  h.db
    .prepare(
      `INSERT INTO state_executions (id, extension_id, extension_version, node_ids_json, status) VALUES ('e-1', 'core/x', '1', ?, 'completed')`,
    )
    .run(JSON.stringify([path, 'other.md']));
}

function stateOwners(): unknown {
  return {
    findings: h.db.prepare(`SELECT node_id FROM state_findings`).pluck().all(),
    favorites: h.db.prepare(`SELECT node_path FROM state_node_favorites`).pluck().all(),
    lastSeen: h.db.prepare(`SELECT node_path FROM state_activity_seen`).pluck().all(),
    executions: h.db.prepare(`SELECT node_ids_json FROM state_executions`).pluck().all(),
  };
}

const fmNode = (path: string, body: string, fmHash: string) => ({
  ...makeNode(path, body),
  frontmatterHash: fmHash,
});

describe('rename carry-over', () => {
  it('moves state rows silently when exactly one new file has the same body hash', () => {
    store.persistScan(makeScan([makeNode('old.md', 'same body'), makeNode('keep.md')]));
    addState('old.md');
    const report = store.persistScan(makeScan([makeNode('new.md', 'same body'), makeNode('keep.md')]));
    expect(report.renames).toEqual([{ from: 'old.md', to: 'new.md', confidence: 'high' }]);
    expect(stateOwners()).toEqual({
      findings: ['new.md'],
      favorites: ['new.md'],
      lastSeen: ['new.md'],
      executions: ['["new.md","other.md"]'],
    });
    expect(report.result.issues).toEqual([]);
  });

  it('moves state and warns auto-rename-medium when only the frontmatter hash matches', () => {
    store.persistScan(makeScan([fmNode('old.md', 'body one', 'fm-1')]));
    addState('old.md');
    const report = store.persistScan(makeScan([fmNode('new.md', 'body two', 'fm-1')]));
    expect(report.renames).toEqual([{ from: 'old.md', to: 'new.md', confidence: 'medium' }]);
    expect(report.result.issues).toEqual([
      expect.objectContaining({
        analyzerId: 'auto-rename-medium',
        severity: 'warn',
        nodeIds: ['new.md'],
        data: { from: 'old.md', to: 'new.md' },
      }),
    ]);
    expect(store.listIssues({ analyzerId: ['auto-rename-medium'] }).total).toBe(1);
  });

  it('moves nothing and reports auto-rename-ambiguous (plus the orphan) when several files match', () => {
    store.persistScan(makeScan([makeNode('old.md', 'dup body')]));
    addState('old.md');
    const report = store.persistScan(makeScan([makeNode('x.md', 'dup body'), makeNode('y.md', 'dup body')]));
    expect(report.renames).toEqual([]);
    expect(stateOwners()).toMatchObject({ findings: ['old.md'] });
    expect(report.result.issues.map((i) => [i.analyzerId, i.nodeIds])).toEqual([
      ['auto-rename-ambiguous', ['x.md', 'y.md']],
      ['orphan', ['old.md']],
    ]);
  });

  it('does not run for vanished paths without state, and keeps orphans stable across scans', () => {
    store.persistScan(makeScan([makeNode('a.md', 'body'), makeNode('gone.md', 'g')]));
    addState('gone.md');
    const report = store.persistScan(makeScan([makeNode('b.md', 'body')]));
    expect(report.renames).toEqual([]);
    expect(report.result.issues.map((i) => i.analyzerId)).toEqual(['orphan']);
    const again = store.persistScan(makeScan([makeNode('b.md', 'body')]));
    expect(again.issues).toEqual({ inserted: 0, updated: 0, deleted: 0 });
  });
});

describe('planRenames', () => {
  const vanished = (path: string, body: string, fm = 'fm', hasFrontmatter = true) => ({
    path,
    bodyHash: body,
    frontmatterHash: fm,
    hasFrontmatter,
  });

  it('lets a new node be claimed by one vanished path only', () => {
    const added = [{ ...makeNode('n.md'), bodyHash: 'b1', frontmatterHash: 'fm' }];
    const plan = planRenames([vanished('a.md', 'b1'), vanished('b.md', 'zz')], added);
    expect(plan.moves).toEqual([{ from: 'a.md', to: 'n.md', confidence: 'high' }]);
    expect(plan.issues).toEqual([]);
  });

  it('treats two vanished files with the same body as ambiguous', () => {
    const added = [{ ...makeNode('n.md'), bodyHash: 'b1' }];
    const plan = planRenames([vanished('a.md', 'b1'), vanished('b.md', 'b1')], added);
    expect(plan.moves).toEqual([]);
    expect(plan.issues.map((i) => i.analyzerId)).toEqual(['auto-rename-ambiguous', 'auto-rename-ambiguous']);
  });

  it('never matches on an empty frontmatter', () => {
    const added = [{ ...makeNode('n.md'), bodyHash: 'other', frontmatterHash: 'empty', frontmatter: {} }];
    expect(planRenames([vanished('a.md', 'b1', 'empty', false)], added)).toEqual({ moves: [], issues: [] });
  });
});
