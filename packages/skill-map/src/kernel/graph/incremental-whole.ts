// The incremental build's handling of the whole-graph checks (`Analyzer.wholeGraph`): they re-run over the patched
// graph only when a changed record shows them something new; otherwise their previous issues are kept.
import type { Link, Node } from '@skill-map/spec';
import type { GraphView } from '../analyzers/analyzer.js';
import { BUILTIN_ANALYZERS } from '../analyzers/catalog.js';
import { facetSignatures, movedFacets } from '../analyzers/checks/signature.js';
import { runAnalyzers } from '../build-graph.js';
import type { FileRecord } from '../types.js';
import type { Assembled } from './assemble.js';
import type { IssueSink } from './issue-sink.js';
import { shortAnalyzerId } from './issue-sink.js';
import type { PathOracle } from './resolve.js';

const WHOLE = new Set(BUILTIN_ANALYZERS.filter((a) => a.wholeGraph !== undefined).map((a) => a.id));
/** Short ids of the whole-graph analyzers (issues carry short ids). */
export const WHOLE_SHORT: ReadonlySet<string> = new Set([...WHOLE].map(shortAnalyzerId));

/** One changed record: before and after, with its resolved links then and now. */
export interface WholeChange {
  before: FileRecord;
  after: FileRecord;
  linksBefore: readonly Link[];
  linksAfter: readonly Link[];
}

/** True when some change alters what a whole-graph check reads (its signature). */
export function wholeStale(changes: readonly WholeChange[], g: Assembled): boolean {
  if (WHOLE.size === 0) return false;
  return changes.some(
    (c) =>
      movedFacets(facetSignatures(c.before, c.linksBefore, g), facetSignatures(c.after, c.linksAfter, g))
        .length > 0,
  );
}

/** Runs the whole-graph checks (or those of `only`) over the patched graph (the previous graph with the new node list). */
export function runWhole(
  base: Omit<
    GraphView,
    'graph' | 'broken' | 'selfLoops' | 'reservedLinks' | 'kindPairRuns' | 'redundantPairRuns'
  >,
  g: Assembled,
  nodes: Node[],
  oracle: PathOracle,
  sink: IssueSink,
  only: ReadonlySet<string> = WHOLE,
): void {
  // The previous graph's nodes are the old objects: hand these analyzers the patched node list.
  const byPath = new Map<string, Node>();
  for (const node of nodes) byPath.set(node.path, node);
  const graph: Assembled = { ...g, nodes, byPath };
  const whole: GraphView = {
    ...base,
    graph,
    exists: (path: string): boolean => oracle.exists(path),
    broken: [],
    selfLoops: [],
    reservedLinks: [],
    kindPairRuns: [],
    redundantPairRuns: [],
  };
  runAnalyzers(whole, sink, only);
}
