/** A persisted row as the diff remembers it: id and identity key, plus a content hash (cold) or the value (warm). */
export interface PrevRow<T> {
  /** -1 until the caller inserts the row and stores its rowid here. */
  id: number;
  readonly key: string;
  readonly hash?: string;
  readonly value?: T;
}

/** Persisted rows grouped by a cheap key (a link's source, an issue's first node), in persisted order. */
export type RowGroups<T> = Map<string, PrevRow<T>[]>;

/** How to diff one kind of row. */
export interface RowDiffSpec<T> {
  /** Grouping key; must be part of the identity, so equal identities always share a group. */
  group(value: T): string;
  /** Identity key (without the repeat suffix); computed only when positional matching fails. */
  identity(value: T): string;
  /** Warm fast path: identity equality by field comparison, no key string built. */
  sameIdentity(a: T, b: T): boolean;
  /** Warm content equality. */
  equal(a: T, b: T): boolean;
  /** Cold content hash (matches `row_hash`). */
  hash(value: T): string;
}

/** One change to apply; `index` is the item's position in the new list. */
export type RowOp<T> =
  | {
      readonly op: 'insert';
      readonly index: number;
      readonly key: string;
      readonly value: T;
      readonly row: PrevRow<T>;
    }
  | {
      readonly op: 'update';
      readonly index: number;
      readonly id: number;
      readonly key: string;
      readonly value: T;
    };

/** The diff of a list against the persisted groups. */
export interface RowDiff<T> {
  readonly ops: RowOp<T>[];
  readonly deletes: number[];
  /** Identity key of every new item, in list order (reused from the previous rows where possible). */
  readonly keys: string[];
  /** The groups to remember for the next diff; inserted rows get their id when the caller runs the insert. */
  readonly next: RowGroups<T>;
  /** Groups with at least one insert, update or delete. */
  readonly touched: Set<string>;
}

function contentSame<T>(spec: RowDiffSpec<T>, prev: PrevRow<T>, value: T): boolean {
  return prev.value !== undefined ? spec.equal(prev.value, value) : prev.hash === spec.hash(value);
}

/** Groups item indexes by group key, preserving order (kernels emit groups contiguously; this copes either way). */
function groupIndexes<T>(items: readonly T[], spec: RowDiffSpec<T>): Map<string, number[]> {
  const byGroup = new Map<string, number[]>();
  let current: number[] | undefined;
  let currentKey: string | undefined;
  for (let i = 0; i < items.length; i += 1) {
    const g = spec.group(items[i] as T);
    if (g === currentKey && current) {
      current.push(i);
      continue;
    }
    currentKey = g;
    current = byGroup.get(g);
    if (current) current.push(i);
    else byGroup.set(g, (current = [i]));
  }
  return byGroup;
}

function samePositions<T>(
  spec: RowDiffSpec<T>,
  prev: PrevRow<T>[] | undefined,
  items: readonly T[],
  indexes: number[],
): prev is PrevRow<T>[] {
  if (prev === undefined || prev.length !== indexes.length) return false;
  for (let n = 0; n < indexes.length; n += 1) {
    const p = prev[n] as PrevRow<T>;
    if (p.value === undefined || !spec.sameIdentity(p.value, items[indexes[n] as number] as T)) return false;
  }
  return true;
}

interface DiffState<T> {
  readonly spec: RowDiffSpec<T>;
  readonly items: readonly T[];
  readonly ops: RowOp<T>[];
  readonly deletes: number[];
  readonly keys: string[];
}

function diffByPosition<T>(d: DiffState<T>, prev: PrevRow<T>[], indexes: number[]): PrevRow<T>[] {
  const rows: PrevRow<T>[] = new Array<PrevRow<T>>(indexes.length);
  for (let n = 0; n < indexes.length; n += 1) {
    const index = indexes[n] as number;
    const p = prev[n] as PrevRow<T>;
    const value = d.items[index] as T;
    d.keys[index] = p.key;
    if (!d.spec.equal(p.value as T, value)) d.ops.push({ op: 'update', index, id: p.id, key: p.key, value });
    rows[n] = { id: p.id, key: p.key, value };
  }
  return rows;
}

/** Identity keys of a group's items in order, repeats suffixed (groups are small, so a linear check suffices). */
function groupKeys<T>(spec: RowDiffSpec<T>, items: readonly T[], indexes: number[]): string[] {
  const keys: string[] = [];
  const bases: string[] = [];
  for (const index of indexes) {
    const base = spec.identity(items[index] as T);
    let count = 1;
    for (const b of bases) if (b === base) count += 1;
    bases.push(base);
    keys.push(count === 1 ? base : `${base}\0#${count}`);
  }
  return keys;
}

/** Cold fast path: the group's keys line up with the persisted ones, so compare content hashes in place. */
function diffByKeyPosition<T>(d: DiffState<T>, prev: PrevRow<T>[], indexes: number[]): PrevRow<T>[] {
  const rows: PrevRow<T>[] = new Array<PrevRow<T>>(indexes.length);
  for (let n = 0; n < indexes.length; n += 1) {
    const index = indexes[n] as number;
    const p = prev[n] as PrevRow<T>;
    const value = d.items[index] as T;
    d.keys[index] = p.key;
    if (!contentSame(d.spec, p, value)) d.ops.push({ op: 'update', index, id: p.id, key: p.key, value });
    rows[n] = { id: p.id, key: p.key, value };
  }
  return rows;
}

function diffByKey<T>(d: DiffState<T>, prev: PrevRow<T>[] | undefined, indexes: number[]): PrevRow<T>[] {
  const keys = groupKeys(d.spec, d.items, indexes);
  if (prev !== undefined && prev.length === keys.length && prev.every((p, n) => p.key === keys[n])) {
    return diffByKeyPosition(d, prev, indexes);
  }
  const byKey = new Map((prev ?? []).map((p) => [p.key, p]));
  const rows: PrevRow<T>[] = [];
  for (let n = 0; n < indexes.length; n += 1) {
    const index = indexes[n] as number;
    const value = d.items[index] as T;
    const key = keys[n] as string;
    d.keys[index] = key;
    const p = byKey.get(key);
    if (p === undefined) {
      const row: PrevRow<T> = { id: -1, key, value };
      d.ops.push({ op: 'insert', index, key, value, row });
      rows.push(row);
      continue;
    }
    byKey.delete(key);
    if (!contentSame(d.spec, p, value)) d.ops.push({ op: 'update', index, id: p.id, key, value });
    rows.push({ id: p.id, key, value });
  }
  for (const p of byKey.values()) d.deletes.push(p.id);
  return rows;
}

/**
 * Diffs a new list of rows against persisted groups. A group whose rows line up one-to-one with the
 * previous ones (the common case: nothing about that source changed) is compared in place without building
 * any key; other groups are matched by identity key, repeats within a group suffixed `\0#2`, `\0#3`...
 */
export function diffRows<T>(prevGroups: RowGroups<T>, items: readonly T[], spec: RowDiffSpec<T>): RowDiff<T> {
  const d: DiffState<T> = { spec, items, ops: [], deletes: [], keys: new Array<string>(items.length) };
  const byGroup = groupIndexes(items, spec);
  const next: RowGroups<T> = new Map();
  const touched = new Set<string>();
  for (const [g, indexes] of byGroup) {
    const prev = prevGroups.get(g);
    const ops = d.ops.length;
    const deletes = d.deletes.length;
    next.set(
      g,
      samePositions(spec, prev, items, indexes)
        ? diffByPosition(d, prev, indexes)
        : diffByKey(d, prev, indexes),
    );
    if (d.ops.length !== ops || d.deletes.length !== deletes) touched.add(g);
  }
  for (const [g, prev] of prevGroups) {
    if (byGroup.has(g)) continue;
    for (const p of prev) d.deletes.push(p.id);
    if (prev.length > 0) touched.add(g);
  }
  return { ops: d.ops, deletes: d.deletes, keys: d.keys, next, touched };
}
