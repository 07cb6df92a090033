import type { ScanResult } from '@skill-map/spec';

/** How many of the most linked-to nodes the summary names. */
export const SUMMARY_HUBS = 10;

/** `skillmap://graph/summary`: the graph resource in a size that does not grow with the project. */
export interface GraphSummary {
  scannedAt: number;
  roots: string[];
  counts: { nodes: number; links: number; issues: number };
  /** Nodes per kind. */
  kinds: Record<string, number>;
  /** Links per kind. */
  linkKinds: Record<string, number>;
  issues: { bySeverity: Record<string, number>; byAnalyzer: Record<string, number> };
  /** The most linked-to nodes (ties by path). */
  hubs: Array<{ path: string; kind: string; linksIn: number; linksOut: number }>;
  /** Where the detail is. */
  next: string;
}

function tally<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) {
    const k = key(item);
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

/** Summarises a scan: counts, kinds, issue tallies and the hubs, a few KB whatever the project's size. */
export function summarizeGraph(scan: ScanResult): GraphSummary {
  const hubs = [...scan.nodes]
    .sort((a, b) => b.linksInCount - a.linksInCount || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, SUMMARY_HUBS)
    .map((n) => ({ path: n.path, kind: n.kind, linksIn: n.linksInCount, linksOut: n.linksOutCount }));
  return {
    scannedAt: scan.scannedAt,
    roots: scan.roots,
    counts: { nodes: scan.nodes.length, links: scan.links.length, issues: scan.issues.length },
    kinds: tally(scan.nodes, (n) => n.kind),
    linkKinds: tally(scan.links, (l) => l.kind),
    issues: {
      bySeverity: tally(scan.issues, (i) => i.severity),
      byAnalyzer: tally(scan.issues, (i) => i.analyzerId),
    },
    hubs,
    next:
      'query_graph pages the nodes with their links and issues (cursor); get_node gives one node; list_issues pages ' +
      'the issues; skillmap://graph is the whole scan result.',
  };
}
