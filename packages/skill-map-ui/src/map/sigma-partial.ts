// Re-processing the buffer slots of edges whose endpoints changed, without re-reducing them. sigma 3's public
// partial refresh runs every listed edge through its attribute pipeline (a copy, defaults, the cache) although
// an edge's own data does not change when one of its endpoints is hidden or shown: only its buffer slot does.
// This writes those slots from sigma's own indices (private in its typings, stable across 3.0.x; the version is
// pinned exactly). When they are not there, it falls back to the public partial refresh.
import type Graph from 'graphology';
import type { Attributes } from 'graphology-types';
import type Sigma from 'sigma';

interface EdgeProgramLike {
  process(fingerprint: number, offset: number, source: unknown, target: unknown, data: unknown): void;
}
interface SigmaInternals {
  render(): void;
  nodeDataCache?: Record<string, unknown>;
  edgeDataCache?: Record<string, { type: string } | undefined>;
  edgeIndices?: Record<string, number | undefined>;
  edgeProgramIndex?: Record<string, number | undefined>;
  edgePrograms?: Record<string, EdgeProgramLike | undefined>;
}

/**
 * Redraws after the nodes in `nodes` changed their visual attributes (hidden, size, colours) in place: those
 * nodes are refreshed, and when `endpointsChanged` holds the nodes whose visibility flipped, every edge that
 * touches one of them is re-processed (found through the graph's adjacency: the cost follows the flipped nodes'
 * degrees, not the number of edges). One render, synchronous.
 */
export function refreshNodes<N extends Attributes, E extends Attributes>(
  sigma: Sigma<N, E>,
  graph: Graph<N, E>,
  nodes: readonly string[],
  endpointsChanged: ReadonlySet<string>,
): void {
  const s = sigma as unknown as SigmaInternals;
  const {
    nodeDataCache: nc,
    edgeDataCache: ec,
    edgeIndices: ei,
    edgeProgramIndex: ep,
    edgePrograms: progs,
  } = s;
  if (endpointsChanged.size === 0) {
    sigma.refresh({ partialGraph: { nodes: [...nodes] }, skipIndexation: true });
    return;
  }
  if (nc === undefined || ec === undefined || ei === undefined || ep === undefined || progs === undefined) {
    sigma.refresh({
      partialGraph: { nodes: [...nodes], edges: [...edgesOf(graph, endpointsChanged)] },
      skipIndexation: true,
    });
    return;
  }
  // The nodes first (their display data is what the edge programs read), the frame after the edges.
  sigma.refresh({ partialGraph: { nodes: [...nodes] }, skipIndexation: true, schedule: true });
  for (const n of endpointsChanged)
    graph.forEachEdge(n, (e, _a, source, target) => {
      // An edge between two flipped nodes is met from both: processed from its source only.
      if (n !== source && endpointsChanged.has(source)) return;
      const data = ec[e];
      const fingerprint = ei[e];
      const offset = ep[e];
      if (data === undefined || fingerprint === undefined || offset === undefined) return;
      progs[data.type]?.process(fingerprint, offset, nc[source], nc[target], data);
    });
  s.render();
}

/** Every edge with an end in `nodes`, once. */
function edgesOf<N extends Attributes, E extends Attributes>(
  graph: Graph<N, E>,
  nodes: ReadonlySet<string>,
): Set<string> {
  const edges = new Set<string>();
  for (const n of nodes) graph.forEachEdge(n, (e) => void edges.add(e));
  return edges;
}

interface HighlightInternals {
  nodeDataCache?: Record<string, { size: number; ringColor?: string } | undefined>;
  updateNode?(key: string): void;
  renderHighlightedNodes?(): void;
}

/** sigma's display data of one node (what its layers draw), when reachable. */
export function focusDisplayData<N extends Attributes, E extends Attributes>(
  sigma: Sigma<N, E>,
  key: string,
): { size: number; ringColor?: string } | undefined {
  return (sigma as unknown as HighlightInternals).nodeDataCache?.[key];
}

/**
 * After a change that only the highlight layers show (which nodes are highlighted): those nodes' display data
 * re-read, `style` applied, and only sigma's highlight layers redrawn (no node, edge or label layer). False when
 * sigma's internals are not there (the caller then refreshes normally).
 */
export function refreshHighlights<N extends Attributes, E extends Attributes>(
  sigma: Sigma<N, E>,
  nodes: readonly string[],
  style: () => void,
): boolean {
  const s = sigma as unknown as HighlightInternals;
  if (typeof s.updateNode !== 'function' || typeof s.renderHighlightedNodes !== 'function') return false;
  for (const k of nodes) s.updateNode(k);
  style();
  s.renderHighlightedNodes();
  return true;
}
