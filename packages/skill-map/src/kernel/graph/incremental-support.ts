// Helpers of the incremental graph stage (incremental.ts): context keys, record identity, sorted-array searches.
import { activeProviderIds, registryOf } from '../context.js';
import { shortAnalyzerId } from './issue-sink.js';
import type { FileRecord, GraphContext } from '../types.js';
import type { Assembled } from './assemble.js';
import { identityChange } from './record-identity.js';

/** Analyzers that look at links only (re-run on the changed runs; node-stability is re-run whole when it applies). */
export const LINK_ANALYZERS: ReadonlySet<string> = new Set([
  'core/reference-broken',
  'core/name-reserved',
  'core/link-kind-conflict',
  'core/link-self-loop',
  'core/reference-redundant',
]);

/**
 * Analyzers whose issues an edit that keeps every record's identity cannot change: they read names, kinds, paths and
 * sidecars only (sidecar edits and suppressions always build in full; node-stability is re-run whole by incremental.ts).
 */
const IDENTITY_ANALYZERS: ReadonlySet<string> = new Set([
  'core/name-collision',
  'core/name-mismatch',
  'core/node-stability',
  'core/reference-deprecated',
  'core/annotation-orphan',
  'core/annotation-field-unknown',
  'core/invalid-sidecar',
  'core/path-case-clash',
]);

/**
 * Null when every enabled analyzer has an incremental form (a link analyzer, one that only reads identities, or a
 * whole-graph check whose signature record-patch.ts compares), else
 * the reason the patch does not apply: a new analyzer must be classified here before the patches can trust it.
 */
export function unpatchableAnalyzer(ctx: GraphContext): string | null {
  const disabled = new Set((ctx.settings.disabledAnalyzers ?? []).map(shortAnalyzerId));
  for (const a of registryOf(ctx.settings).analyzers()) {
    if (disabled.has(shortAnalyzerId(a.id)) || LINK_ANALYZERS.has(a.id) || IDENTITY_ANALYZERS.has(a.id))
      continue;
    // A whole-graph check is not re-run by a patch: record-patch.ts refuses any change its signature can see.
    if (a.wholeGraph !== undefined) continue;
    return `the analyzer '${a.id}' has no incremental form`;
  }
  return null;
}

/**
 * Why a patch does not apply to a graph with inline suppressions, or null. Whether a directive is used depends on
 * every issue of its file, whole-graph checks' included, and a patch re-runs only some of them: a graph whose files
 * carry any (or whose changes add or drop some) builds in full.
 */
export function inlineRefusal(
  graph: { readonly inlinePaths?: readonly string[] },
  changes: ReadonlyArray<readonly [prev: FileRecord, next: FileRecord]>,
): string | null {
  const first = graph.inlinePaths?.[0];
  if (first !== undefined) return `'${first}' has inline suppressions`;
  for (const [prev, next] of changes)
    if (prev.suppressions !== undefined || next.suppressions !== undefined)
      return `'${next.path}' has inline suppressions`;
  return null;
}

/** Non-null when a change adds or drops a file's inline suppressions (the graph's list of such files moves). */
export function inlineMove(
  changes: ReadonlyArray<readonly [prev: FileRecord, next: FileRecord]>,
): string | null {
  for (const [prev, next] of changes)
    if ((prev.suppressions === undefined) !== (next.suppressions === undefined)) return next.path;
  return null;
}

/** `graph` with `inlinePaths` recomputed from `ordered` (a shallow copy: the previous state's graph is not mutated). */
export function withInlinePaths(graph: Assembled, ordered: readonly FileRecord[]): Assembled {
  const paths = ordered.filter((r) => r.suppressions !== undefined).map((r) => r.path);
  const copy: Assembled = { ...graph };
  if (paths.length > 0) copy.inlinePaths = paths;
  else delete copy.inlinePaths;
  return copy;
}

/** Everything besides the records and the existing paths that the graph (not just the result's echo fields) reads. */
export function contextKey(ctx: GraphContext): string {
  return JSON.stringify([
    ctx.lens.provider,
    activeProviderIds(ctx.lens),
    ctx.settings,
    ctx.oversizedFiles ?? [],
    ctx.unreadableFiles ?? [],
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

/** True when `next` replaces `prev` (same path) with nothing another record resolves against changed. */
export function sameRecordIdentity(prev: FileRecord, next: FileRecord): boolean {
  return identityChange(prev, next) === null;
}

/**
 * {@link identityChange}, and the record's node (if it has one) was kept in `graph` (index `index`) with no sidecar
 * suppressions on it: null when the in-memory patch applies to this change, else the reason it does not.
 */
export function graphIdentityChange(
  prev: FileRecord,
  next: FileRecord,
  graph: Assembled,
  index: number,
): string | null {
  if (graph.suppressions.has(next.path)) return `'${next.path}' has sidecar issue suppressions`;
  if (next.node !== null && graph.recordNodes[index] === undefined)
    return `the node of '${next.path}' was dropped (schema violation)`;
  return identityChange(prev, next);
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
