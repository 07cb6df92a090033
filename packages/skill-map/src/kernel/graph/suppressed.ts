// Sidecar suppressions on the records a patch in place re-resolves: how many of their own and link-level issues the
// sidecars drop before and after the patch, so the stored scan's suppressed count moves by the difference (a full
// build counts them all afresh). The previous records are counted under the stored suppressions, the new ones under
// the patched (an edited sidecar changes them); and those issues name their source alone, so only a record whose node
// has suppressions (before or after) can have any of them dropped.
import type { Node } from '@skill-map/spec';
import { sidecarOverlay } from '../build-graph.js';
import type { activeProviderIds } from '../context.js';
import type { FileRecord, GraphContext } from '../types.js';
import { NO_SIDECAR, nodeOf, type Assembled } from './assemble.js';
import { createIssueSink } from './issue-sink.js';
import { LinkRuns } from './link-runs.js';
import { prepareRecord } from './prepared.js';
import type { PathOracle } from './resolve.js';

/** What the suppressions of the re-resolved records' nodes change. */
export interface SuppressedChange {
  /** How many more of their own and link-level issues are suppressed than in the stored scan. */
  readonly own: number;
  /** The previous nodes of those records (what the `node` checks suppressed before is counted on them). */
  readonly prevNodes: ReadonlyMap<string, Node>;
}

/** How many of the own and link-level issues of `records`, resolved against `g`, the suppressions of `g` drop. */
function ownSuppressed(
  records: readonly FileRecord[],
  g: Assembled,
  ctx: GraphContext,
  active: ReturnType<typeof activeProviderIds>,
  oracle: PathOracle,
): number {
  const sink = createIssueSink(g.suppressions, new Map());
  const runs = new LinkRuns(g, active, oracle);
  for (const record of records) {
    for (const issue of record.issues ?? []) sink.emit(issue);
    if (record.node !== null) runs.add(record);
  }
  runs.analyze(ctx, sink);
  return sink.suppressed;
}

/** `changes` (previous records resolved against `before`, new ones against `g`) as their suppressions see them. */
export function suppressedChange(
  changes: ReadonlyArray<{ readonly prev: FileRecord; readonly next: FileRecord }>,
  before: Assembled,
  g: Assembled,
  ctx: GraphContext,
  active: ReturnType<typeof activeProviderIds>,
  oracle: PathOracle,
): SuppressedChange {
  const held = changes.filter((c) => g.suppressions.has(c.next.path) || before.suppressions.has(c.prev.path));
  const prevNodes = new Map<string, Node>();
  if (held.length === 0) return { own: 0, prevNodes };
  for (const { prev } of held) {
    if (prev.node === null) continue;
    const node = nodeOf(prev, prepareRecord(prev));
    const sc = before.sidecars.get(prev.path);
    node.sidecar = sc === undefined ? NO_SIDECAR : sidecarOverlay(sc, node.bodyHash, node.frontmatterHash);
    prevNodes.set(prev.path, node);
  }
  const after = ownSuppressed(
    held.map((c) => c.next),
    g,
    ctx,
    active,
    oracle,
  );
  const was = ownSuppressed(
    held.map((c) => c.prev),
    before,
    ctx,
    active,
    oracle,
  );
  return { own: after - was, prevNodes };
}
