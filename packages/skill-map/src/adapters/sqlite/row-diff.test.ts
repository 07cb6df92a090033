import { describe, expect, it } from 'vitest';
import { diffRows } from './row-diff.js';
import type { PrevRow, RowDiffSpec, RowGroups } from './row-diff.js';

interface Item {
  g: string;
  id: string;
  v: number;
}

let identityCalls = 0;
const spec: RowDiffSpec<Item> = {
  group: (i) => i.g,
  identity: (i) => {
    identityCalls += 1;
    return `${i.g}/${i.id}`;
  },
  sameIdentity: (a, b) => a.g === b.g && a.id === b.id,
  equal: (a, b) => a.v === b.v,
  hash: (i) => `h${i.v}`,
};

const item = (g: string, id: string, v = 0): Item => ({ g, id, v });
let nextId = 100;
/** Groups as a warm index holds them (values) or a cold one (hashes only). */
function groups(items: Item[], warm: boolean): RowGroups<Item> {
  const out: RowGroups<Item> = new Map();
  for (const i of items) {
    const row: PrevRow<Item> = warm
      ? { id: nextId++, key: `${i.g}/${i.id}`, value: i }
      : { id: nextId++, key: `${i.g}/${i.id}`, hash: `h${i.v}` };
    out.set(i.g, [...(out.get(i.g) ?? []), row]);
  }
  return out;
}

describe('diffRows', () => {
  it('compares aligned groups in place without building identity keys (warm)', () => {
    const prev = groups([item('a', '1'), item('a', '2'), item('b', '1')], true);
    identityCalls = 0;
    const diff = diffRows(prev, [item('a', '1'), item('a', '2', 5), item('b', '1')], spec);
    expect(identityCalls).toBe(0);
    expect(diff.ops).toEqual([expect.objectContaining({ op: 'update', index: 1, key: 'a/2' })]);
    expect(diff.deletes).toEqual([]);
    expect(diff.keys).toEqual(['a/1', 'a/2', 'b/1']);
  });

  it('falls back to keys for a group that changed shape: inserts, updates and deletes', () => {
    const prev = groups([item('a', '1'), item('a', '2'), item('c', '1')], true);
    const diff = diffRows(prev, [item('a', '2'), item('a', '3'), item('b', '1')], spec);
    expect(diff.ops.map((o) => [o.op, o.key])).toEqual([
      ['insert', 'a/3'],
      ['insert', 'b/1'],
    ]);
    expect(diff.deletes.length).toBe(2);
    expect(diff.next.get('a')?.map((r) => r.key)).toEqual(['a/2', 'a/3']);
  });

  it('compares by content hash when the index came from the database (cold)', () => {
    const prev = groups([item('a', '1', 1), item('a', '2', 2)], false);
    const diff = diffRows(prev, [item('a', '1', 1), item('a', '2', 3)], spec);
    expect(diff.ops.map((o) => [o.op, o.key])).toEqual([['update', 'a/2']]);
  });

  it('keeps repeated identities apart with a suffix and copes with non-contiguous groups', () => {
    const diff = diffRows(new Map(), [item('a', '1'), item('b', '1'), item('a', '1')], spec);
    expect(diff.keys).toEqual(['a/1', 'b/1', 'a/1\0#2']);
    const again = diffRows(diff.next, [item('a', '1'), item('b', '1'), item('a', '1')], spec);
    expect(again.ops).toEqual([]);
    expect(again.deletes).toEqual([]);
  });
});
