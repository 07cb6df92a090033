// Sidecar suppressions on the records a patch in place re-resolves, as the stored scan counted them: how many of their
// previous own and link-level issues the stored sidecars dropped. The patch's own sink counts the new ones, so the
// stored scan's suppressed count moves by the difference (a full build counts them all afresh). Those issues name their
// source alone, so only a record whose node had suppressions can have had any of them dropped.
import type { Node } from '@skill-map/spec';
import { overlaidNode } from '../build-graph.js';
import type { activeProviderIds } from '../context.js';
import type { FileRecord, GraphContext } from '../types.js';
import type { Assembled } from './assemble.js';
import { createIssueSink } from './issue-sink.js';
import { LinkRuns } from './link-runs.js';
import type { PathOracle } from './resolve.js';

/** What the stored suppressions dropped of the re-resolved records. */
export interface StoredSuppressed {
  /** How many of their previous own and link-level issues. */
  readonly own: number;
  /** The previous nodes of those with stored suppressions (the `node` checks count theirs on them). */
  readonly prevNodes: ReadonlyMap<string, Node>;
}

/** `changes`' previous records, resolved against the stored graph `before`, as its suppressions saw them. */
export function storedSuppressed(
  changes: ReadonlyArray<{ readonly prev: FileRecord; readonly next: FileRecord }>,
  before: Assembled,
  ctx: GraphContext,
  active: ReturnType<typeof activeProviderIds>,
  oracle: PathOracle,
): StoredSuppressed {
  const prevNodes = new Map<string, Node>();
  const held = changes.filter((c) => before.suppressions.has(c.prev.path)).map((c) => c.prev);
  if (held.length === 0) return { own: 0, prevNodes };
  const sink = createIssueSink(before.suppressions, new Map());
  const runs = new LinkRuns(before, active, oracle);
  for (const prev of held) {
    for (const issue of prev.issues ?? []) sink.emit(issue);
    if (prev.node === null) continue;
    prevNodes.set(prev.path, overlaidNode(prev, before));
    runs.add(prev);
  }
  runs.analyze(ctx, sink);
  return { own: sink.suppressed, prevNodes };
}
