import { hash } from 'node:crypto';
import type { Link, Node } from '../../domain.js';

/**
 * What the scan engine knows about the inputs of each row, so a persist in a new process can tell an
 * unchanged row without serialising it. `record(path)` is the identity of the file record that produced
 * the node at `path` and every link whose source it is (content hash + cache key), or undefined when that
 * does not hold (virtual nodes, records whose links name another source or repeat an identity).
 * `salt` covers everything else the graph stage reads (settings, kernel version): a change invalidates
 * every fingerprint, and the persist falls back to comparing full JSON.
 */
export interface RowInputs {
  readonly salt: string;
  record(path: string): string | undefined;
}

/** A fingerprint that never matches: the row is compared in full. */
export const UNKNOWN_FP = 'x';
const PREFIX = 'f1:';

const sha1 = (s: string): string => hash('sha1', s, 'base64');

function plainNoSidecar(node: Node): boolean {
  const sc = node.sidecar;
  return (
    sc === undefined ||
    sc === null ||
    (sc.present === false && sc.status === null && sc.annotations === null && sc.root === null)
  );
}

/**
 * A node's row is a function of its file record plus what the graph stage adds: link counts and the
 * sidecar overlay (only the shared "no sidecar" overlay is fingerprinted; a node with a sidecar is compared
 * in full). The record's own `modifiedAtMs` is restamped from the walk, so it is part of the key.
 */
export function nodeFingerprint(inputs: RowInputs | undefined, node: Node): string {
  if (inputs === undefined || node.virtual === true || !plainNoSidecar(node)) return UNKNOWN_FP;
  const record = inputs.record(node.path);
  if (record === undefined) return UNKNOWN_FP;
  return sha1(
    `${inputs.salt}\0${record}\0${node.modifiedAtMs ?? ''}\0${node.linksOutCount}\0${node.linksInCount}`,
  );
}

/**
 * The links of one source (`links[i]` for each of `indexes`) are a function of the source's record (which fixes every raw
 * link, unique by identity) and of the resolution outcome of each kept link: identity, confidence and
 * resolved target. Pruned links are absent from the identity list, so pruning changes are covered too.
 */
export function groupFingerprint(
  inputs: RowInputs | undefined,
  source: string,
  links: readonly Link[],
  indexes: readonly number[],
): string {
  if (inputs === undefined) return UNKNOWN_FP;
  const record = inputs.record(source);
  if (record === undefined) return UNKNOWN_FP;
  let s = `${inputs.salt}\0${record}`;
  for (const i of indexes) {
    const l = links[i] as Link;
    s += `\n${l.kind}\0${l.target}\0${l.trigger?.normalizedTrigger ?? ''}\0${l.confidence}\0${l.resolvedTarget ?? ''}`;
  }
  return sha1(s);
}

/** The `row_hash` of a node row: its own fingerprint and that of its outgoing links. */
export function packNodeHash(nodeFp: string, groupFp: string): string {
  return `${PREFIX}${nodeFp}:${groupFp}`;
}

/** Splits a stored node `row_hash`; anything else (a content hash written elsewhere) is unknown. */
export function unpackNodeHash(stored: string): { node: string; group: string } {
  if (!stored.startsWith(PREFIX)) return { node: UNKNOWN_FP, group: UNKNOWN_FP };
  const colon = stored.indexOf(':', PREFIX.length);
  if (colon === -1) return { node: UNKNOWN_FP, group: UNKNOWN_FP };
  return { node: stored.slice(PREFIX.length, colon), group: stored.slice(colon + 1) };
}

/** True when a stored fingerprint proves the row (or group) unchanged. */
export function fpMatches(stored: string, current: string): boolean {
  return current !== UNKNOWN_FP && stored === current;
}
