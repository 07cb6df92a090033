import Database from 'better-sqlite3';
import type { Link, Node, ScanResult } from '@skill-map/spec';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScanStore, tryOpenScanStoreForRead } from '../../adapters/sqlite/store.js';
import type { ScanStore } from '../../adapters/sqlite/store.js';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { HARNESS_PROJECT } from '../../kernel/testing/harness-project.js';
import { runScan } from './scan-engine.js';

// The refusals of the in-place scan patch (persist-patch.ts), each met head-on: a refused patch writes nothing
// (the caller then scans in full), so every one is checked against the rows before and after.

let tree: TempTree;
beforeEach(async () => {
  tree = createTempTree('sm-patch-refusals-');
  tree.write(HARNESS_PROJECT);
  await runScan({ projectRoot: tree.root, summaryOnly: true });
});
afterEach(() => tree.remove());

const dbPath = (): string => `${tree.root}/.skill-map/skill-map.db`;

function stored(): ScanResult {
  const store = tryOpenScanStoreForRead(dbPath())!;
  try {
    return store.loadScan();
  } finally {
    store.close();
  }
}

/** Every stored scan row (ids aside), sorted: what a refusal must leave as it was. */
function rows(): unknown {
  const db = new Database(dbPath(), { readonly: true });
  try {
    const all = (sql: string): string[] =>
      (db.prepare(sql).raw().all() as unknown[][]).map((r) => JSON.stringify(r)).sort();
    return {
      nodes: all(`SELECT path, links_in_count, node_json FROM scan_nodes`),
      links: all(`SELECT source_path, target_path FROM scan_links`),
      issues: all(`SELECT group_key, issue_key FROM scan_issues`),
      meta: all(`SELECT persist_generation FROM scan_meta`),
    };
  } finally {
    db.close();
  }
}

function sql(statement: string): void {
  const db = new Database(dbPath());
  try {
    db.prepare(statement).run();
  } finally {
    db.close();
  }
}

type Patch = Parameters<ScanStore['persistPatch']>[0];

/** A patch of `docs/c.md` changing nothing, against the current generation; `extra` overrides. */
function withStore<T>(fn: (store: ScanStore, patch: (extra?: Partial<Patch>) => Patch) => T): T {
  const store = openScanStore({ path: dbPath(), posture: 'write' });
  try {
    const base = store.patchBase()!;
    const scan = stored();
    const patch = (extra: Partial<Patch> = {}): Patch => ({
      generation: base.generation,
      files: [{ path: 'docs/c.md', previousOwnIssues: [] }],
      nodes: [],
      links: [],
      issues: [],
      inputs: { salt: base.salt ?? '', record: () => undefined, identity: () => undefined },
      meta: { ...scan, nodes: undefined, links: undefined, issues: undefined } as unknown as Patch['meta'],
      extras: {},
      cache: { upserts: [], deletes: [] },
      ...extra,
    });
    return fn(store, patch);
  } finally {
    store.close();
  }
}

const node = (path: string): Node => {
  const found = stored().nodes.find((n) => n.path === path);
  if (found === undefined) throw new Error(`no node ${path}`);
  return found;
};

describe('persistPatch refusals (nothing written, the caller scans in full)', () => {
  it('accepts the do-nothing patch it is checked against, moving the generation on', () => {
    const before = withStore((s) => s.patchBase()!.generation);
    expect(withStore((s, patch) => s.persistPatch(patch()))).not.toHaveProperty('refused');
    expect(withStore((s) => s.patchBase()!.generation)).toBe(before + 1);
  });

  it('refuses when the stored resolution index is not at the current generation', () => {
    sql(`UPDATE scan_resolution_index SET generation = generation - 1`);
    const before = rows();
    expect(withStore((s, patch) => s.persistPatch(patch()))).toEqual({
      refused: 'another writer persisted since the patch was computed',
    });
    expect(rows()).toEqual(before);
  });

  it('refuses when state names a path that is not a node (its orphan issue is due)', () => {
    sql(`INSERT INTO state_node_favorites (node_path, created_at) VALUES ('ghost.md', 1)`);
    const before = rows();
    expect(withStore((s, patch) => s.persistPatch(patch()))).toEqual({
      refused: 'state rows name paths that are not nodes (their orphan issues are due)',
    });
    expect(rows()).toEqual(before);
  });

  it('refuses a changed node that has no stored row', () => {
    const before = rows();
    const ghost = { ...node('docs/c.md'), path: 'docs/ghost.md' };
    expect(withStore((s, patch) => s.persistPatch(patch({ nodes: [ghost] })))).toEqual({
      refused: "'docs/ghost.md' has no stored node row",
    });
    expect(rows()).toEqual(before);
  });

  it('refuses a link that reaches a path with no stored row', () => {
    const before = rows();
    const template = stored().links.find((l) => l.source === 'docs/a.md') as Link;
    const link: Link = { ...template, source: 'docs/c.md', target: 'ghost.md', resolvedTarget: 'ghost.md' };
    expect(
      withStore((s, patch) => s.persistPatch(patch({ nodes: [node('docs/c.md')], links: [link] }))),
    ).toEqual({ refused: "'ghost.md' has no stored node row" });
    expect(rows()).toEqual(before);
  });

  it('refuses a vanishing node that has no row, that links still reach, or that state names', () => {
    const before = rows();
    const removed = (path: string) =>
      withStore((s, patch) => s.persistPatch(patch({ virtual: { upserts: [], removed: [path] } })));
    expect(removed('mcp://nope')).toEqual({ refused: "'mcp://nope' has no stored node row" });
    expect(node('docs/a.md').linksInCount).toBeGreaterThan(0);
    expect(removed('docs/a.md')).toEqual({ refused: "links still reach the vanishing 'docs/a.md'" });
    expect(rows()).toEqual(before);
    sql(`INSERT INTO state_node_favorites (node_path, created_at) VALUES ('docs/c.md', 1)`);
    const withState = rows();
    expect(removed('docs/c.md')).toEqual({ refused: "state rows name the vanishing 'docs/c.md'" });
    expect(rows()).toEqual(withState);
  });

  it('deletes a vanishing node that nothing reaches and nothing names', () => {
    expect(node('docs/c.md').linksInCount).toBe(0);
    const out = withStore((s, patch) =>
      s.persistPatch(patch({ virtual: { upserts: [], removed: ['docs/c.md'] } })),
    );
    expect(out).not.toHaveProperty('refused');
    expect(stored().nodes.some((n) => n.path === 'docs/c.md')).toBe(false);
  });

  it('refuses when the stored scan is gone', () => {
    const p = withStore((_s, patch) => patch());
    sql(`DELETE FROM scan_meta`);
    const store = openScanStore({ path: dbPath(), posture: 'write' });
    try {
      expect(store.persistPatch(p)).toEqual({ refused: 'the stored scan is gone' });
    } finally {
      store.close();
    }
  });

  it('lets a node vanish when the patch drops the last links reaching it', () => {
    const scan = stored();
    const sources = new Map<string, Set<string>>();
    for (const l of scan.links)
      if (l.resolvedTarget != null)
        sources.set(l.resolvedTarget, (sources.get(l.resolvedTarget) ?? new Set()).add(l.source));
    const one = scan.nodes
      .filter(
        (n) => n.linksInCount > 0 && sources.get(n.path)?.size === 1 && !sources.get(n.path)?.has(n.path),
      )
      .map((n) => ({ target: n.path, source: [...(sources.get(n.path) ?? [])][0]! }))[0];
    expect(one).toBeDefined();
    const out = withStore((s, patch) =>
      s.persistPatch(
        patch({
          files: [{ path: one!.source, previousOwnIssues: [] }],
          virtual: { upserts: [], removed: [one!.target] },
        }),
      ),
    );
    expect(out).not.toHaveProperty('refused');
    expect(stored().nodes.some((n) => n.path === one!.target)).toBe(false);
  });

  it('checks the kept rows of the node a new issue lands on, even when that node is not a patched file', () => {
    const kept = stored().issues.find(
      (i) => i.linkIndices === undefined && i.analyzerId !== 'orphan' && i.nodeIds[0] !== 'docs/c.md',
    );
    expect(kept).toBeDefined();
    const before = rows();
    expect(withStore((s, patch) => s.persistPatch(patch({ issues: [kept!] })))).toEqual({
      refused: `a new ${kept!.analyzerId} issue on '${kept!.nodeIds[0]}' collides with a kept one`,
    });
    expect(rows()).toEqual(before);
  });

  it('an issue the patch made stale is replaced, not collided with', () => {
    const kept = stored().issues.find(
      (i) => i.linkIndices === undefined && i.analyzerId !== 'orphan' && i.nodeIds[0] !== 'docs/c.md',
    );
    expect(kept).toBeDefined();
    const out = withStore((s, patch) => s.persistPatch(patch({ issues: [kept!], staleIssues: [kept!] })));
    expect(out).not.toHaveProperty('refused');
  });
});
