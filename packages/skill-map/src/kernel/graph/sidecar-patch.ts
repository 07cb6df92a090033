// The record patch's answer to an edited `.sm` sidecar that stays attached to its node: the stored index gets the new
// sidecar, the node it annotates is re-resolved with the changed records (its overlay, and its own and link-level
// issues through the new suppressions), and the checks that read a sidecar re-run on that node: the `node` checks
// (any of them may be suppressed) and the sidecar's own checks
// (`SIDECAR_ANALYZERS`). A whole-graph check that a changed suppression entry names re-runs over the graph. An orphan
// sidecar, and a change of the deprecated label (the deprecation issue counts the links reaching the node), build in
// full.
import type { IssueSuppression } from '@skill-map/spec';
import type { WholeFacet } from '../analyzers/analyzer.js';
import { BUILTIN_ANALYZERS } from '../analyzers/catalog.js';
import { recordRole } from '../record-format.js';
import type { FileRecord, ParsedSidecar } from '../types.js';
import { suppressionEntries } from './assemble.js';
import { shortAnalyzerId } from './issue-sink.js';
import { derivedIndex, type ResolutionIndex } from './resolution-index.js';
import type { PatchLookup } from './virtual-patch.js';

/** The checks that read a node's sidecar itself (their issues land on the node it annotates). */
export const SIDECAR_ANALYZERS: ReadonlySet<string> = new Set([
  'core/annotation-field-unknown',
  'core/invalid-sidecar',
]);

/** The sidecar part of a patch. */
export interface SidecarPatch {
  /** The resolution index with the new sidecars. */
  readonly index: ResolutionIndex;
  /** The records of the annotated nodes no change touched (to re-resolve with the changed ones). */
  readonly reaching: FileRecord[];
  /** The annotated nodes: the `node` checks and `SIDECAR_ANALYZERS` re-run on them. */
  readonly targets: string[];
  /** The graph facets of the whole-graph checks a changed suppression entry names. */
  readonly facets: WholeFacet[];
  /** Why (for `--explain`): the first edited sidecar. */
  readonly reason: string;
}

const deprecated = (sc: ParsedSidecar | undefined): boolean =>
  sc?.annotations?.['stability'] === 'deprecated';

const entryKey = (e: IssueSuppression): string => JSON.stringify([shortAnalyzerId(e.analyzer), e.value]);

/** The facets of the whole-graph analyzers named by the entries `a` and `b` do not share. */
function suppressionFacets(a: ParsedSidecar | undefined, b: ParsedSidecar | undefined): WholeFacet[] {
  const before = a === undefined ? [] : suppressionEntries(a);
  const after = b === undefined ? [] : suppressionEntries(b);
  const keysA = new Set(before.map(entryKey));
  const keysB = new Set(after.map(entryKey));
  const moved = new Set<string>();
  for (const e of before) if (!keysB.has(entryKey(e))) moved.add(shortAnalyzerId(e.analyzer));
  for (const e of after) if (!keysA.has(entryKey(e))) moved.add(shortAnalyzerId(e.analyzer));
  const facets = new Set<WholeFacet>();
  for (const analyzer of BUILTIN_ANALYZERS)
    if (
      analyzer.wholeGraph !== undefined &&
      analyzer.wholeGraph !== 'node' &&
      moved.has(shortAnalyzerId(analyzer.id))
    )
      facets.add(analyzer.wholeGraph);
  return [...facets];
}

/** The sidecar part of the patch of `changes` against `index`, the reason it does not apply, or null (no sidecar). */
export function patchSidecars(
  index: ResolutionIndex,
  changes: ReadonlyArray<{ readonly prev: FileRecord; readonly next: FileRecord }>,
  lookup: PatchLookup | undefined,
): SidecarPatch | string | null {
  const edited = changes.filter(
    (c) =>
      recordRole(c.next) === 'sidecar' &&
      (c.prev.contentHash !== c.next.contentHash || c.prev.cacheKey !== c.next.cacheKey),
  );
  if (edited.length === 0) return null;
  const reason = `the sidecar '${edited[0]!.next.path}' changed`;
  if (lookup === undefined) return reason;
  const attached = new Map(index.sidecars.map(([target, sc], i) => [sc.path, { target, i }]));
  const changed = new Set(changes.map((c) => c.next.path));
  const sidecars = index.sidecars.slice();
  const reaching: FileRecord[] = [];
  const targets: string[] = [];
  const facets = new Set<WholeFacet>();
  for (const { prev, next } of edited) {
    const at = attached.get(next.path);
    if (at === undefined || recordRole(prev) !== 'sidecar' || next.sidecar === undefined)
      return `the sidecar '${next.path}' annotates no node`;
    if (deprecated(prev.sidecar) !== deprecated(next.sidecar))
      return `the sidecar '${next.path}' changes whether '${at.target}' is deprecated`;
    sidecars[at.i] = [at.target, next.sidecar];
    targets.push(at.target);
    for (const f of suppressionFacets(prev.sidecar, next.sidecar)) facets.add(f);
    if (changed.has(at.target)) continue;
    const record = lookup.record(at.target);
    if (record === undefined) return `${reason}, and the record of '${at.target}' is not cached`;
    reaching.push(record);
  }
  // The node list stays: the patched index's graph is built from the stored one (resolution-index.ts, `derive`).
  return {
    index: derivedIndex({ ...index, sidecars }, index),
    reaching,
    targets,
    facets: [...facets],
    reason,
  };
}
