import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../testing/temp-tree.js';
import type { TempTree } from '../testing/temp-tree.js';
import { makeIssue, makeLink, makeNode, makeScan } from '../testing/scan-fixtures.js';
import { defaultDbPath } from './open-database.js';
import { openScanStore, tryOpenScanStoreForRead } from './store.js';
import type { ScanStore } from './store.js';

let tree: TempTree;
let store: ScanStore;
beforeEach(() => {
  tree = createTempTree('sm-stmt-');
  store = openScanStore({ path: defaultDbPath(tree.root), posture: 'write', create: true });
});
afterEach(() => {
  store.close();
  tree.remove();
});

function scanWith(extraLinks: number) {
  const nodes = [makeNode('a.md'), makeNode('b.md')];
  const links = [];
  for (let i = 0; i < extraLinks; i += 1) links.push(makeLink('b.md', `x${i}.md`));
  links.push(makeLink('a.md', 'gone.md', { resolvedTarget: null }));
  const issues = [makeIssue('a.md', 'gone.md', { linkIndices: [links.length - 1] })];
  return makeScan(nodes, links, issues);
}

describe('cached statements and link positions', () => {
  it('re-points issue linkIndices after a persist on the same connection and on another one', () => {
    store.persistScan(scanWith(3));
    const linked = (s: ScanStore): string | undefined => {
      const bundle = s.findNode('a.md');
      const all = s.loadScan().links;
      return all[bundle?.issues[0]?.linkIndices?.[0] ?? -1]?.target;
    };
    expect(store.findNode('a.md')?.issues[0]?.linkIndices).toEqual([3]);
    expect(linked(store)).toBe('gone.md');
    const reader = tryOpenScanStoreForRead(store.path);
    expect(reader?.findNode('a.md')?.issues[0]?.linkIndices).toEqual([3]);
    // The writer drops b.md's links and adds others: positions move for both connections.
    store.persistScan(scanWith(1));
    expect(store.findNode('a.md')?.issues[0]?.linkIndices).toEqual([1]);
    expect(reader?.findNode('a.md')?.issues[0]?.linkIndices).toEqual([1]);
    expect(reader && linked(reader)).toBe('gone.md');
    for (let i = 0; i < 3; i += 1) expect(store.findNode('b.md')?.links.outgoing).toHaveLength(1);
    reader?.close();
  });
});
