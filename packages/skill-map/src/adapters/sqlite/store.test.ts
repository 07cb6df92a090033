import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScanResult } from '../domain.js';
import { createTempTree } from '../testing/temp-tree.js';
import type { TempTree } from '../testing/temp-tree.js';
import { makeIssue, makeLargeScan, makeLink, makeNode, makeScan } from '../testing/scan-fixtures.js';
import { defaultDbPath, openDatabase } from './open-database.js';
import { openScanStore, tryOpenScanStoreForRead } from './store.js';
import type { ScanStore } from './store.js';

let tree: TempTree;
let store: ScanStore;
beforeEach(() => {
  tree = createTempTree('sm-store-');
  store = openScanStore({ path: defaultDbPath(tree.root), posture: 'write', create: true });
});
afterEach(() => {
  store.close();
  tree.remove();
});

function rowCounts(): Record<string, number> {
  const h = openDatabase({ path: store.path, posture: 'read' });
  const count = (t: string): number => h.db.prepare(`SELECT COUNT(*) FROM ${t}`).pluck().get() as number;
  const out = {
    nodes: count('scan_nodes'),
    links: count('scan_links'),
    issues: count('scan_issues'),
    members: count('scan_issue_nodes'),
  };
  h.close();
  return out;
}

function sampleScan(): ScanResult {
  const nodes = [makeNode('b.md'), makeNode('a.md'), makeNode('c.md')];
  const links = [
    makeLink('a.md', 'b.md'),
    makeLink('a.md', 'gone.md', { resolvedTarget: null }),
    makeLink('c.md', '/deploy', {
      kind: 'invokes',
      resolvedTarget: 'b.md',
      trigger: { originalTrigger: '/deploy', normalizedTrigger: '/deploy' },
    }),
  ];
  const issues = [
    makeIssue('a.md', 'gone.md', { linkIndices: [1] }),
    { analyzerId: 'name-collision', severity: 'warn' as const, nodeIds: ['a.md', 'c.md'], message: 'dup' },
  ];
  return makeScan(nodes, links, issues);
}

describe('ScanStore: round trip', () => {
  it('loads back what it persisted (nodes by path, links in order, linkIndices intact, meta)', () => {
    const scan = sampleScan();
    store.persistScan(scan, { extras: { filesNotScanned: 7 } });
    const loaded = store.loadScan();
    expect(loaded.nodes.map((n) => n.path)).toEqual(['a.md', 'b.md', 'c.md']);
    expect(loaded.nodes.find((n) => n.path === 'b.md')).toEqual(scan.nodes[0]);
    expect(loaded.links).toEqual(scan.links);
    expect(loaded.issues).toEqual(scan.issues);
    expect(loaded.stats).toEqual(scan.stats);
    expect(loaded.scanCeiling).toBe(50_000);
    expect(store.readMeta()?.filesNotScanned).toBe(7);
  });

  it('re-points linkIndices after links are removed elsewhere', () => {
    const scan = sampleScan();
    store.persistScan(scan);
    const next = sampleScan();
    next.links.shift();
    next.issues[0] = makeIssue('a.md', 'gone.md', { linkIndices: [0] });
    store.persistScan(next);
    const loaded = store.loadScan();
    expect(loaded.links[loaded.issues[0]?.linkIndices?.[0] ?? -1]?.target).toBe('gone.md');
  });

  it('returns the empty shape before the first scan and from a missing database', () => {
    expect(store.loadScan()).toMatchObject({
      schemaVersion: 1,
      roots: ['.'],
      nodes: [],
      maxRenderNodes: 256,
    });
    expect(tryOpenScanStoreForRead(`${tree.root}/nope.db`)).toBeNull();
  });
});

describe('ScanStore: diff persistence', () => {
  it('writes nothing on a no-change rescan, cold (new process) or warm (index handed back)', () => {
    const scan = makeLargeScan(500);
    const first = store.persistScan(scan);
    expect(first.nodes.inserted).toBe(500);
    const before = rowCounts();
    const cold = store.persistScan(makeLargeScan(500));
    expect([cold.nodes, cold.links, cold.issues]).toEqual([
      { inserted: 0, updated: 0, deleted: 0 },
      { inserted: 0, updated: 0, deleted: 0 },
      { inserted: 0, updated: 0, deleted: 0 },
    ]);
    const warm = store.persistScan(makeLargeScan(500), { index: cold.index });
    expect(warm.nodes).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    expect(warm.links).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    expect(rowCounts()).toEqual(before);
  });

  it('keeps issue row ids stable across rescans (rows are not regenerated)', () => {
    const ids = (): unknown[] => {
      const h = openDatabase({ path: store.path, posture: 'read' });
      const out = h.db.prepare(`SELECT id FROM scan_issues ORDER BY id`).pluck().all();
      h.close();
      return out;
    };
    store.persistScan(sampleScan());
    const before = ids();
    store.persistScan(sampleScan());
    expect(ids()).toEqual(before);
    expect(before).toHaveLength(2);
  });

  function editOne(): { scan: ScanResult; path: string } {
    const scan = makeLargeScan(500);
    const target = scan.nodes[42];
    if (!target) throw new Error('fixture');
    scan.nodes[42] = { ...target, bodyHash: 'f'.repeat(64) };
    return { scan, path: target.path };
  }

  it('writes exactly one row after a one-file edit (cold: index loaded from the DB)', () => {
    store.persistScan(makeLargeScan(500));
    const { scan, path } = editOne();
    const report = store.persistScan(scan);
    expect([report.nodes, report.links, report.issues]).toEqual([
      { inserted: 0, updated: 1, deleted: 0 },
      { inserted: 0, updated: 0, deleted: 0 },
      { inserted: 0, updated: 0, deleted: 0 },
    ]);
    expect(store.findNode(path)?.item.bodyHash).toBe('f'.repeat(64));
  });

  it('writes exactly one row after a one-file edit (warm: index handed back)', () => {
    const first = store.persistScan(makeLargeScan(500));
    const { scan } = editOne();
    const report = store.persistScan(scan, { index: first.index });
    expect([report.nodes, report.links, report.issues]).toEqual([
      { inserted: 0, updated: 1, deleted: 0 },
      { inserted: 0, updated: 0, deleted: 0 },
      { inserted: 0, updated: 0, deleted: 0 },
    ]);
  });

  it('updates an issue in place when only its detail changes, and not when its link moved position', () => {
    const first = store.persistScan(sampleScan());
    const next = sampleScan();
    next.links.unshift(makeLink('c.md', 'a.md'));
    next.issues[0] = makeIssue('a.md', 'gone.md', { linkIndices: [2] });
    const moved = store.persistScan(next, { index: first.index });
    expect(moved.issues).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    next.issues[0] = { ...next.issues[0], detail: 'more context' };
    for (const index of [moved.index, undefined]) {
      const report = store.persistScan(next, index ? { index } : {});
      if (index) expect(report.issues).toEqual({ inserted: 0, updated: 1, deleted: 0 });
      else expect(report.issues).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    }
    const loaded = store.loadScan();
    const issue = loaded.issues.find((i) => i.detail === 'more context');
    expect(loaded.links[issue?.linkIndices?.[0] ?? -1]?.target).toBe('gone.md');
  });

  it('detects an out-of-process write and reloads a stale warm index', () => {
    const first = store.persistScan(sampleScan());
    const other = openScanStore({ path: store.path, posture: 'write' });
    other.persistScan(makeScan([makeNode('z.md')]));
    other.close();
    const report = store.persistScan(sampleScan(), { index: first.index });
    expect(report.nodes).toEqual({ inserted: 3, updated: 0, deleted: 1 });
    expect(store.loadScan().nodes.map((n) => n.path)).toEqual(['a.md', 'b.md', 'c.md']);
  });

  it('updates links whose resolution changed and deletes vanished ones', () => {
    const first = store.persistScan(sampleScan());
    const next = sampleScan();
    next.links[2] = {
      ...(next.links[2] as NonNullable<(typeof next.links)[number]>),
      resolvedTarget: 'a.md',
    };
    next.links.splice(0, 1);
    next.issues = [makeIssue('a.md', 'gone.md', { linkIndices: [0] }), ...next.issues.slice(1)];
    const report = store.persistScan(next, { index: first.index });
    expect(report.links).toEqual({ inserted: 0, updated: 1, deleted: 1 });
    expect(store.listLinks({ to: 'a.md' }).items.map((l) => l.target)).toEqual(['/deploy']);
  });
});

describe('ScanStore: indexed reads', () => {
  beforeEach(() => {
    store.persistScan(sampleScan());
  });

  it('finds one node bundle: outgoing, incoming by raw or resolved target, and its issues', () => {
    const bundle = store.findNode('b.md');
    expect(bundle?.item.path).toBe('b.md');
    expect(bundle?.links.outgoing).toEqual([]);
    expect(bundle?.links.incoming.map((l) => l.source)).toEqual(['a.md', 'c.md']);
    expect(store.findNode('a.md')?.issues.map((i) => i.analyzerId)).toEqual([
      'reference-broken',
      'name-collision',
    ]);
    expect(store.findNode('a.md')?.issues[0]?.linkIndices).toEqual([1]);
    expect(store.findNode('nope.md')).toBeNull();
  });

  it('lists issues with SQL filters, a total and pagination', () => {
    expect(store.listIssues({ severity: ['error'] }).total).toBe(1);
    expect(
      store.listIssues({ analyzerId: ['core/reference-broken'] }).items.map((i) => i.analyzerId),
    ).toEqual(['reference-broken']);
    expect(store.listIssues({ analyzerId: ['collision'] }).total).toBe(0);
    expect(store.listIssues({ node: ['c.md'] }).items.map((i) => i.analyzerId)).toEqual(['name-collision']);
    const page = store.listIssues({ limit: 1, offset: 1 });
    expect(page).toMatchObject({ total: 2, items: [{ analyzerId: 'name-collision' }] });
    expect(store.listIssues({ limit: 0 }).items).toHaveLength(1);
  });

  it('lists nodes by kind, has-issues and anchored globs', () => {
    expect(store.listNodes({ hasIssues: true }).items.map((n) => n.path)).toEqual(['a.md', 'c.md']);
    expect(store.listNodes({ kind: ['agent'] }).total).toBe(0);
    expect(store.listNodes({ pathGlobs: ['*.md'], limit: 2 })).toMatchObject({
      total: 3,
      items: [{ path: 'a.md' }, { path: 'b.md' }],
    });
    expect(store.listNodeSummaries().map((s) => s.path)).toEqual(['a.md', 'b.md', 'c.md']);
  });

  it('closes a node set over links (raw or resolved target) and issues, in SQL', () => {
    expect(store.nodePaths()).toEqual(['a.md', 'b.md', 'c.md']);
    expect(store.counts()).toEqual({ nodes: 3, links: 3, issues: 2 });
    expect(store.nodesByPaths(['c.md', 'a.md', 'zz.md']).map((n) => n.path)).toEqual(['a.md', 'c.md']);
    const raw = store.closeOver(['b.md', 'c.md'], 'raw');
    expect(raw.links).toEqual([]);
    expect(raw.issues.map((i) => i.analyzerId)).toEqual(['name-collision']);
    const resolved = store.closeOver(['b.md', 'c.md'], 'resolved');
    expect(resolved.links.map((l) => l.target)).toEqual(['/deploy']);
    expect(store.closeOver(['a.md', 'b.md'], 'raw').links.map((l) => l.target)).toEqual(['b.md']);
  });

  it('refreshes the annotations mirror and deletes the issue rows a suppression covers', () => {
    expect(
      store.refreshAnnotationsMirror('a.md', {
        issueSuppressions: [{ analyzer: 'core/reference-broken', value: 'gone.md' }],
      }),
    ).toBe(true);
    expect(store.findNode('a.md')?.item.sidecar?.annotations).toEqual({
      issueSuppressions: [{ analyzer: 'core/reference-broken', value: 'gone.md' }],
    });
    expect(
      store.deleteSuppressedIssues({ nodePath: 'a.md', analyzer: 'core/reference-broken', value: 'GONE.md' }),
    ).toBe(0);
    expect(
      store.deleteSuppressedIssues({ nodePath: 'c.md', analyzer: 'reference-broken', value: 'gone.md' }),
    ).toBe(0);
    expect(
      store.deleteSuppressedIssues({ nodePath: 'a.md', analyzer: 'core/reference-broken', value: 'gone.md' }),
    ).toBe(1);
    expect(store.listIssues().total).toBe(1);
    expect(rowCounts().members).toBe(2);
  });

  it('refuses writes through a read-posture store', () => {
    const reader = tryOpenScanStoreForRead(store.path);
    expect(() => reader?.persistScan(sampleScan())).toThrow(/opened for reading/);
    reader?.close();
  });
});

describe('ScanStore: per-file cache', () => {
  it('saves cache rows in the persist transaction and loads them in one query', () => {
    const row = { path: 'a.md', size: 3, mtimeMs: 12.5, recordJson: '{"x":1}' };
    const entry = { ...row, mentions: 'review-agent' };
    store.persistScan(sampleScan(), { cache: { upserts: [entry, { ...entry, path: 'b.md' }], deletes: [] } });
    store.persistScan(sampleScan(), { cache: { upserts: [], deletes: ['b.md'] } });
    expect([...store.loadFileCache().values()]).toEqual([row]);
    expect(store.cachedPathsMentioning([{ parts: ['review', 'agent'], pattern: /review-agent/ }])).toEqual([
      'a.md',
    ]);
    store.persistScan(sampleScan(), { clearCache: true });
    expect(store.loadFileCache().size).toBe(0);
  });
});

describe('ScanStore: journal mode of a created database', () => {
  it('switches a created database to WAL after its first persist, and leaves existing ones in WAL', () => {
    const journal = (): unknown => {
      const h = openDatabase({ path: store.path, posture: 'read' });
      const mode = h.db.pragma('journal_mode', { simple: true });
      h.close();
      return mode;
    };
    store.persistScan(sampleScan());
    expect(journal()).toBe('wal');
    store.close();
    store = openScanStore({ path: store.path, posture: 'write' });
    store.persistScan(sampleScan());
    expect(journal()).toBe('wal');
  });
});

describe('ScanStore: row fingerprints', () => {
  const inputs = { salt: 's', record: () => 42, identity: () => 42 };

  it('tells apart links of one record that share an identity but not their location (cold and warm)', () => {
    const node = makeNode('a.md', 'body', { linksOutCount: 1 });
    const at = (offset: number): ScanResult =>
      makeScan(
        [node, makeNode('b.md')],
        [
          makeLink('a.md', 'b.md', {
            location: { line: 1, column: offset + 1, offset },
            raw: `[x${offset}](b.md)`,
          }),
        ],
      );
    const first = store.persistScan(at(10), { inputs });
    expect(store.persistScan(at(10), { inputs }).links).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    expect(store.persistScan(at(99), { inputs }).links).toEqual({ inserted: 0, updated: 1, deleted: 0 });
    expect(store.loadScan().links[0]?.location?.offset).toBe(99);
    const warm = store.persistScan(at(99), { inputs, index: first.index });
    const back = store.persistScan(at(10), { inputs, index: warm.index });
    expect(back.links).toEqual({ inserted: 0, updated: 1, deleted: 0 });
    expect(store.loadScan().links[0]?.raw).toBe('[x10](b.md)');
  });

  it('skips unchanged rows without comparing them, and compares in full under another salt', () => {
    const scan = makeLargeScan(200);
    store.persistScan(scan, { inputs });
    // A row rewritten behind the store's back is not noticed while its fingerprint holds...
    const h = openDatabase({ path: store.path, posture: 'write' });
    h.db
      .prepare(`UPDATE scan_nodes SET node_json = json_set(node_json, '$.kind', 'tampered') WHERE path = ?`)
      .run(scan.nodes[3]?.path);
    h.close();
    expect(store.persistScan(makeLargeScan(200), { inputs }).nodes).toEqual({
      inserted: 0,
      updated: 0,
      deleted: 0,
    });
    // ...and is repaired by a persist that cannot trust the fingerprints.
    expect(store.persistScan(makeLargeScan(200), { inputs: { ...inputs, salt: 'other' } }).nodes).toEqual({
      inserted: 0,
      updated: 1,
      deleted: 0,
    });
    expect(store.findNode(scan.nodes[3]?.path ?? '')?.item.kind).toBe('skill');
  });
});
