import type { Node } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { assembledFromIndex, derivedIndex, type ResolutionIndex } from './resolution-index.js';
import { indexWithVirtual } from './virtual-patch.js';

/** The index with the changes applied by the plain route: nodes by path, sorted again, each name re-pointed by path. */
function reference(
  index: ResolutionIndex,
  upserts: readonly Node[],
  removed: readonly string[],
): ResolutionIndex {
  const byPath = new Map(index.nodes.map((n) => [n[0], n] as const));
  for (const p of removed) byPath.delete(p);
  for (const v of upserts) byPath.set(v.path, [v.path, v.kind, v.provider]);
  const nodes = [...byPath.values()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const at = new Map(nodes.map((n, i) => [n[0], i] as const));
  const names = index.names.map(
    ([h, list]) =>
      [
        h,
        list
          .filter(([i]) => !removed.includes(index.nodes[i]![0]))
          .map(([i, k, v, r]) => [at.get(index.nodes[i]![0])!, k, v, r] as const),
      ] as const,
  );
  return { ...index, nodes, names };
}

describe('indexWithVirtual', () => {
  it('merges added, re-declared and removed virtual nodes as a full re-sort would, names re-pointed', () => {
    let seed = 7;
    const pick = (n: number): number => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return Math.floor((seed / 2 ** 32) * n);
    };
    const pool = [
      'a.md',
      'b/c.md',
      'mcp://drive',
      'mcp://github',
      'mcp://linear',
      'mcp://slack',
      'z.md',
      'mcp://a',
    ];
    for (let round = 0; round < 200; round++) {
      const paths = pool.filter(() => pick(2) === 0).sort();
      const index = {
        version: 2,
        contextKey: 'k',
        nodes: paths.map((p) => [p, p.startsWith('mcp://') ? 'mcp' : 'markdown', 'claude'] as const),
        names: paths.map(
          (p, i) => [p.slice(-4), [[i, 'markdown', 'filename-basename', 0] as const]] as const,
        ),
        skillDirs: [],
        pluginNames: [],
        reserved: [],
        overlays: false,
        sidecars: [],
      } as unknown as ResolutionIndex;
      const virtual = pool.filter((p) => p.startsWith('mcp://'));
      const upserts = virtual
        .filter(() => pick(3) === 0)
        .map((path) => ({ path, kind: 'mcp', provider: pick(2) === 0 ? 'claude' : 'codex' }) as Node);
      const removed = virtual.filter((p) => paths.includes(p) && pick(3) === 0);
      assembledFromIndex(index);
      const merged = indexWithVirtual(index, upserts, removed);
      expect(merged, `round ${round}`).toEqual(reference(index, upserts, removed));
      // Its graph, built from the stored index's, is the graph a fresh assembly of a copy gives.
      const copy = JSON.parse(JSON.stringify(merged)) as ResolutionIndex;
      expect(assembledFromIndex(merged), `round ${round}`).toEqual(assembledFromIndex(copy));
    }
  });

  it('builds the graph of an index with other names from the stored graph as a fresh assembly would', () => {
    let seed = 7;
    const pick = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const paths = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md'];
    for (let round = 0; round < 100; round++) {
      const index = {
        version: 2,
        contextKey: 'k',
        nodes: paths.map((p) => [p, 'agent', 'claude'] as const),
        names: paths.map((p, i) => [p.slice(0, 1), [[i, 'agent', 'frontmatter-name', 0] as const]] as const),
        skillDirs: [],
        pluginNames: ['kit'],
        reserved: [],
        overlays: false,
        sidecars: [],
      } as unknown as ResolutionIndex;
      assembledFromIndex(index);
      // Some handles keep their stored list, others get a new one (another node, or a second candidate).
      const names = index.names.map(([h, list]) =>
        pick(2) === 0
          ? ([h, list] as const)
          : ([h, [[pick(paths.length), 'agent', 'frontmatter-name', pick(2)] as const]] as const),
      );
      const renamed = derivedIndex(
        { ...index, names, ...(pick(2) === 0 ? { pluginNames: ['kit', 'other'] } : {}) },
        index,
      );
      const copy = JSON.parse(JSON.stringify(renamed)) as ResolutionIndex;
      expect(assembledFromIndex(renamed), `round ${round}`).toEqual(assembledFromIndex(copy));
    }
  });
});
