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
  record(path: string): string | undefined;
}

/** Only the shared "no sidecar" overlay is fingerprinted; a node with a sidecar is always compared in full. */
export function plainNoSidecar(node: Node): boolean {
  const sc = node.sidecar;
  return sc === undefined || sc === null || (sc.present === false && sc.status === null && sc.annotations === null && sc.root === null);
}

/**
 * The record identity a node row is a function of (together with its mtime, link counts and the salt), or null
 * when the row must be compared in full.
 */
export function nodeRecord(inputs: RowInputs | undefined, node: Node): string | null {
  if (inputs === undefined || node.virtual === true || !plainNoSidecar(node)) return null;
  return inputs.record(node.path) ?? null;
}

/** Both fingerprinted and equal in everything a row depends on besides its record (which the caller compared). */
export function sameNodeInputs(a: Node, b: Node): boolean {
  return (
    a.modifiedAtMs === b.modifiedAtMs && a.linksOutCount === b.linksOutCount && a.linksInCount === b.linksInCount &&
    a.virtual !== true && b.virtual !== true && plainNoSidecar(a) && plainNoSidecar(b)
  );
}

const M1 = 0x01000193;
const M2 = 0x5bd1e995;
const f64 = new Float64Array(1);
const i32 = new Int32Array(f64.buffer);

/**
 * Digest of what a source's links add to its record: the identity, confidence and resolution outcome of every
 * kept link, in order (pruned links are absent from the list, so pruning changes are covered too). Two 32-bit
 * multiplicative string hashes over the fields, without building a string: cheap enough to run over 50k links
 * in a few milliseconds. Only meaningful next to an equal record identity.
 */
export function linksDigest(links: readonly Link[], indexes: ArrayLike<number>, from = 0, to = indexes.length): string {
  let h1 = 0x811c9dc5 ^ (to - from);
  let h2 = 0x2f4b3c1d;
  const mix = (s: string): void => {
    for (let i = 0; i < s.length; i += 1) {
      const c = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, M1);
      h2 = Math.imul(h2 ^ c, M2) ^ (h2 >>> 15);
    }
    h1 = Math.imul(h1 ^ 0xff, M1);
    h2 = Math.imul(h2 ^ 0xff, M2) ^ (h2 >>> 15);
  };
  const word = (w: number): void => {
    h1 = Math.imul(h1 ^ w, M1);
    h2 = Math.imul(h2 ^ w, M2) ^ (h2 >>> 15);
  };
  for (let n = from; n < to; n += 1) {
    const l = links[indexes[n] as number] as Link;
    mix(l.target);
    mix(l.kind);
    const norm = l.trigger?.normalizedTrigger;
    if (typeof norm === 'string') mix(norm);
    const rt = l.resolvedTarget;
    if (rt === undefined) word(1);
    else if (rt === null) word(2);
    else if (rt === l.target) word(3);
    else mix(rt);
    f64[0] = l.confidence;
    word(i32[0] as number);
    word(i32[1] as number);
  }
  return `${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}`;
}
