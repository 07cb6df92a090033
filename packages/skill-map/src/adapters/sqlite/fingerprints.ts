import type { Link, Node } from '../domain.js';

/**
 * What the scan engine knows about the inputs of each row, so a persist can tell an unchanged row without
 * comparing or serialising it. `record(path)` is the identity of the file record that produced the node at
 * `path` and every link whose source it is, or undefined when that does not hold (virtual nodes, records whose
 * links could not be told apart by identity). `salt` covers everything else the graph stage reads (settings,
 * active providers, kernel version): the store keeps the salt of the stored fingerprints in `scan_meta` and
 * trusts none of them under another salt.
 */
export interface RowInputs {
  readonly salt: string;
  record(path: string): number | undefined;
  /**
   * The identity of the record at `path` when it produced a node, without the link checks behind `record`: what
   * this store fingerprints. A node row is a function of its record whatever its links; a links digest names
   * each kept link by what tells a record's raw links apart (including the offset of its first occurrence), so it
   * needs no unique link identities either.
   */
  identity(path: string): number | undefined;
  /**
   * An object that stays the same (===) as long as the file's record does, for a long-running process to tell
   * an unchanged record with one lookup. Optional.
   */
  token?(path: string): unknown;
  /**
   * Given when the records came from this store's per-file cache and every changed one is among the cache
   * changes of this persist (so after it the cache holds exactly the records the rows are built from).
   * `digest` covers everything else nodes and links are a function of (the paths the walk saw, settings,
   * active providers, kernel); the persist stores it. `recordsUnchanged`: no record differs from the cache.
   * Both together with an equal stored digest prove the stored nodes and links are exactly what this scan
   * produced, so the persist skips comparing them.
   */
  readonly graph?: { readonly digest: string; readonly recordsUnchanged: boolean };
}

/** Only the shared "no sidecar" overlay is fingerprinted; a node with a sidecar is always compared in full. */
export function plainNoSidecar(node: Node): boolean {
  const sc = node.sidecar;
  return (
    sc === undefined ||
    sc === null ||
    (sc.present === false && sc.status === null && sc.annotations === null && sc.root === null)
  );
}

const fingerprinted = (inputs: RowInputs | undefined, node: Node): inputs is RowInputs =>
  inputs !== undefined && node.virtual !== true && plainNoSidecar(node);

/**
 * The record identity a node row is a function of (together with its mtime, link counts and the salt), or null
 * when the row must be compared in full.
 */
export function nodeRecord(inputs: RowInputs | undefined, node: Node): number | null {
  return fingerprinted(inputs, node) ? (inputs.identity(node.path) ?? null) : null;
}

/** The record identity of the file at `path` (for its links). */
export function sourceRecord(inputs: RowInputs | undefined, path: string): number | null {
  return inputs?.identity(path) ?? null;
}

/** Both fingerprinted and equal in everything a row depends on besides its record (which the caller compared). */
export function sameNodeInputs(a: Node, b: Node): boolean {
  return (
    a.modifiedAtMs === b.modifiedAtMs &&
    a.linksOutCount === b.linksOutCount &&
    a.linksInCount === b.linksInCount &&
    a.virtual !== true &&
    b.virtual !== true &&
    plainNoSidecar(a) &&
    plainNoSidecar(b)
  );
}

const f64 = new Float64Array(1);
const i32 = new Int32Array(f64.buffer);
const P = 0x01000193;

/** FNV-1a over a string's UTF-16 units, continuing from `h`. */
function fnv(h: number, s: string): number {
  let a = h;
  for (let i = 0; i < s.length; i += 1) a = Math.imul(a ^ s.charCodeAt(i), P);
  return Math.imul(a ^ (0x10000 | s.length), P);
}

/** Running state of a links digest (see `linksDigest`). */
export interface DigestState {
  da: number;
  db: number;
  dn: number;
}

export const DIGEST_A = 0x811c9dc5;
export const DIGEST_B = 0x2f4b3c1d;

/** Folds one kept link into a running digest (what names its raw link, then its outcome). */
export function digestLink(d: DigestState, l: Link): void {
  let a = d.da;
  let b = d.db;
  const target = l.target;
  const kind = l.kind;
  const at = l.location?.offset;
  const norm = l.trigger?.normalizedTrigger;
  f64[0] = l.confidence;
  let w =
    (kind.length << 24) ^
    (kind.charCodeAt(0) << 16) ^
    target.length ^
    ((typeof norm === 'string' ? norm.length + 1 : 0) << 8);
  if (typeof at === 'number') {
    a = Math.imul(a ^ w, P);
    a = Math.imul(a ^ at, P);
    b = (Math.imul(b, 31) + at) | 0;
  } else {
    // No location: the full target and authored text name the raw link.
    a = fnv(fnv(Math.imul(a ^ w, P), target), l.raw ?? '');
    b = (Math.imul(b, 31) + a) | 0;
  }
  const rt = l.resolvedTarget;
  if (rt === undefined) w = 1;
  else if (rt === null) w = 2;
  else if (rt === target) w = 3;
  else {
    a = fnv(a, rt);
    w = 4;
  }
  a = Math.imul(a ^ w ^ (i32[0] as number), P);
  d.da = Math.imul(a ^ (i32[1] as number), P);
  d.db = (Math.imul(b, 31) + (w ^ (i32[1] as number) ^ d.da)) | 0;
  d.dn += 1;
}

/** The 53-bit digest of a running state (an exact JS number and SQLite integer). */
export function digestValue(d: DigestState): number {
  const a = Math.imul(d.da ^ d.dn, P);
  const b = (Math.imul(d.db, 31) + d.dn) | 0;
  return (a >>> 0) * 0x200000 + (b >>> 11);
}

/**
 * Digest of what a source's links add to its record: which of the record's raw links were kept, in order, and
 * the resolution outcome of each (confidence, resolved target). Only meaningful next to an equal record
 * identity: the record fixes every raw link, so a kept link is named by what tells raw links of one file
 * apart (kind, the offset of its first occurrence, target and trigger lengths; the full target when it has no
 * location) instead of hashing its target text. Two 32-bit hashes folded into a 53-bit number, no string built.
 */
export function linksDigest(
  links: readonly Link[],
  group: { readonly length: number; at(n: number): number },
): number {
  const d: DigestState = { da: DIGEST_A, db: DIGEST_B, dn: 0 };
  for (let n = 0; n < group.length; n += 1) digestLink(d, links[group.at(n)] as Link);
  return digestValue(d);
}
