// Helpers of the incremental graph stage (incremental.ts): context keys, record identity, sorted-array searches.
import { activeProviderIds } from '../context.js';
import { recordRole } from '../record-format.js';
import type { FileRecord, GraphContext } from '../types.js';
import type { Assembled } from './assemble.js';
import { prepareRecord } from './prepared.js';

/** Everything besides the records and the existing paths that the graph (not just the result's echo fields) reads. */
export function contextKey(ctx: GraphContext): string {
  return JSON.stringify([
    ctx.lens.provider,
    activeProviderIds(ctx.lens),
    ctx.settings,
    ctx.oversizedFiles ?? [],
    ctx.scanTruncated === true,
    ctx.scanCeiling ?? null,
  ]);
}

export function sameSet(a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.size !== b.size) return false;
  for (const p of b) if (!a.has(p)) return false;
  return true;
}

/**
 * True when `next` replaces `prev` (same path) as the same kind of node with the same names: nothing another record
 * resolves against changes (no virtual nodes or plugin names involved either).
 */
export function sameRecordIdentity(prev: FileRecord, next: FileRecord): boolean {
  const a = prev.node;
  const b = next.node;
  if (a === null || b === null || recordRole(prev) !== 'node' || recordRole(next) !== 'node') return false;
  if (a.kind !== b.kind || a.provider !== b.provider) return false;
  if (prev.virtualNodes !== undefined || next.virtualNodes !== undefined) return false;
  if (prev.pluginNames !== undefined || next.pluginNames !== undefined) return false;
  const ia = prepareRecord(prev).identifiers;
  const ib = prepareRecord(next).identifiers;
  if (ia.length !== ib.length) return false;
  for (let i = 0; i < ia.length; i++)
    if (ia[i]!.handle !== ib[i]!.handle || ia[i]!.via !== ib[i]!.via) return false;
  return true;
}

/** {@link sameRecordIdentity}, and the record's node was kept in `graph` (index `index`) with no sidecar suppressions. */
export function sameGraphIdentity(
  prev: FileRecord,
  next: FileRecord,
  graph: Assembled,
  index: number,
): boolean {
  if (graph.recordNodes[index] === undefined || graph.suppressions.has(next.path)) return false;
  return sameRecordIdentity(prev, next);
}

/** Index of the first element of the sorted `list` (by `key`) that is >= `value`. */
export function lowerBound<T>(list: readonly T[], value: string, key: (item: T) => string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(list[mid]!) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The run (index into `runs`) holding link `index`. */
export function runOf(runs: readonly number[], index: number): number {
  let lo = 0;
  let hi = runs.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (runs[mid]! <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
