// The new link list grouped by source, with identity keys built per group on demand.
import type { Link } from '../domain.js';
import { DIGEST_A, DIGEST_B, digestLink, digestValue } from './fingerprints.js';
import type { DigestState } from './fingerprints.js';
import { linkIdentity } from './link-codec.js';

/** Identity keys in order, repeats within the list suffixed `\0#2`, `\0#3`... (a map only for large groups). */
export function suffixed(bases: readonly string[]): string[] {
  const out = new Array<string>(bases.length);
  const seen = bases.length > 32 ? new Map<string, number>() : null;
  for (let n = 0; n < bases.length; n += 1) {
    const base = bases[n] as string;
    let count = 1;
    if (seen !== null) {
      count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
    } else {
      for (let m = 0; m < n; m += 1) if (bases[m] === base) count += 1;
    }
    out[n] = count === 1 ? base : `${base}\0#${count}`;
  }
  return out;
}

/** The identity a (possibly suffixed) key was made from. */
export function unsuffixed(key: string): string {
  const at = key.indexOf('\0#');
  return at < 0 ? key : key.slice(0, at);
}

/** The links of one source in the new list. */
export class Group implements DigestState {
  /** `[start, end)` of the list while the group is contiguous (the kernel emits each source's links together). */
  start: number;
  end: number;
  /** The indexes once the group is not contiguous. */
  private list: number[] | null = null;
  /** `start..end` as an array, built once when a caller needs one. */
  private range: number[] | null = null;
  keys: string[] | null = null;
  /** Handled by the node loop (its source is a node of this scan). */
  done = false;
  /** Running links digest, folded in while the layout is built when the persist needs every group's digest. */
  da = DIGEST_A;
  db = DIGEST_B;
  dn = 0;
  digested = false;

  constructor(first: number) {
    this.start = first;
    this.end = first;
  }

  add(i: number): void {
    if (this.list !== null) this.list.push(i);
    else if (i === this.end) this.end += 1;
    else {
      this.list = this.indexes.slice();
      this.list.push(i);
    }
  }

  get length(): number {
    return this.list === null ? this.end - this.start : this.list.length;
  }

  /** Index in the link list of the group's `n`-th link. */
  at(n: number): number {
    return this.list === null ? this.start + n : (this.list[n] as number);
  }

  /** Position in the group of list index `i` (which belongs to it). */
  position(i: number): number {
    return this.list === null ? i - this.start : this.list.indexOf(i);
  }

  /** The indexes as an array (built once, on demand, for a contiguous group). */
  get indexes(): number[] {
    if (this.list !== null) return this.list;
    if (this.range === null || this.range.length !== this.end - this.start) {
      this.range = new Array<number>(this.end - this.start);
      for (let n = 0; n < this.range.length; n += 1) this.range[n] = this.start + n;
    }
    return this.range;
  }
}

/** The new link list grouped by source, in first-appearance order; identity keys built per group on demand. */
export class Layout {
  readonly groups = new Map<string, Group>();

  /** `withDigests`: fold every link into its group's digest in the same pass (cold paths compare them all). */
  constructor(
    readonly links: readonly Link[],
    withDigests = false,
  ) {
    let current: Group | undefined;
    let currentSource: string | undefined;
    for (let i = 0; i < links.length; i += 1) {
      const link = links[i] as Link;
      const source = link.source;
      if (source !== currentSource || current === undefined) {
        currentSource = source;
        current = this.groups.get(source);
        if (current === undefined) this.groups.set(source, (current = new Group(i)));
      }
      current.add(i);
      if (withDigests) digestLink(current, link);
    }
    if (withDigests) for (const g of this.groups.values()) g.digested = true;
  }

  /** The links digest of a group. */
  digest(group: Group): number {
    if (!group.digested) {
      group.da = DIGEST_A;
      group.db = DIGEST_B;
      group.dn = 0;
      for (let n = 0; n < group.length; n += 1) digestLink(group, this.links[group.at(n)] as Link);
      group.digested = true;
    }
    return digestValue(group);
  }

  keys(group: Group): string[] {
    group.keys ??= suffixed(group.indexes.map((i) => linkIdentity(this.links[i] as Link)));
    return group.keys;
  }
}

/** The group of a node without outgoing links (never mutated: its keys are set and it is always done). */
export const EMPTY_GROUP: Group = Object.assign(new Group(0), { keys: [], done: true });
