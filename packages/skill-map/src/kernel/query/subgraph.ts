import type { Issue, Link, Node } from '@skill-map/spec';

/** A node/link/issue triple (a ScanResult or any part of one). */
export interface Subgraph {
  nodes: readonly Node[];
  links: readonly Link[];
  issues: readonly Issue[];
}

/** A closed subgraph result. */
export interface ClosedSubgraph {
  nodes: Node[];
  links: Link[];
  issues: Issue[];
}

/**
 * Closes a node selection: links survive when their source and `endpoint(link)` are kept; issues survive when any of
 * their nodeIds is kept.
 */
export function closeOver(
  graph: Subgraph,
  kept: readonly Node[],
  endpoint: (link: Link) => string,
): ClosedSubgraph {
  const paths = new Set(kept.map((n) => n.path));
  return {
    nodes: [...kept],
    links: graph.links.filter((l) => paths.has(l.source) && paths.has(endpoint(l))),
    issues: graph.issues.filter((i) => i.nodeIds.some((id) => paths.has(id))),
  };
}
