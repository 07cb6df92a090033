// The first map handed to sigma over several tasks. sigma.setGraph reads every node and edge into its display data
// and then writes them all into its programs' buffers in one task (~0.3-0.6 s at 10,000 nodes / 59,000 links under
// software WebGL and load). Here the same work runs as steps (the caller pauses between them, first-build.ts):
// sigma's graph is swapped in only for the length of each step, so a frame drawn between two steps still sees the
// old graph; the new one is installed at the end without processing it again (finishHandOver). This reaches into
// sigma's internals (private in its typings, stable across 3.0.x; the version is pinned exactly). When they are not
// there, when the settings ask for what this does not do (z-ordering, sigma's own labels, no auto-rescale), or when
// sigma processed its graph between two steps (its programs were reallocated under us), the steps answer false and
// the caller hands the graph over with setGraph, as before.
import type Graph from 'graphology';
import type { Attributes } from 'graphology-types';
import type Sigma from 'sigma';
import { createNormalizationFunction, graphExtent } from 'sigma/utils';
import { ALONE, type Step } from './first-build';
import { refreshNodes } from './sigma-partial';

interface ProgramLike {
  reallocate(capacity: number): void;
}

interface Internals {
  graph: Graph;
  settings: { zIndex: boolean; renderLabels: boolean; autoRescale: boolean; labelGridCellSize: number };
  customBBox: unknown;
  nodeExtent: unknown;
  normalizationFunction: { applyTo(p: { x: number; y: number }): void };
  labelGrid: { resizeAndClear(dimensions: unknown, cell: number): void; organize(): void };
  nodePrograms: Record<string, ProgramLike>;
  edgePrograms: Record<string, ProgramLike>;
  nodeDataCache: Record<string, { type: string; x: number; y: number }>;
  edgeDataCache: Record<string, { type: string }>;
  nodeIndices: Record<string, number>;
  edgeIndices: Record<string, number>;
  itemIDsIndex: Record<number, { type: 'node' | 'edge'; id: string }>;
  needToProcess: boolean;
  highlightedNodes: Set<string>;
  hoveredNode: string | null;
  hoveredEdge: string | null;
  checkEdgesEventsFrame: number | null;
  clearNodeIndices(): void;
  clearEdgeIndices(): void;
  addNode(key: string): void;
  addEdge(key: string): void;
  addNodeToProgram(key: string, fingerprint: number, position: number): void;
  addEdgeToProgram(key: string, fingerprint: number, position: number): void;
  unbindGraphHandlers(): void;
  bindGraphHandlers(): void;
  getDimensions(): unknown;
  emit(event: string): void;
}

const METHODS = [
  'clearNodeIndices',
  'clearEdgeIndices',
  'addNode',
  'addEdge',
  'addNodeToProgram',
  'addEdgeToProgram',
  'unbindGraphHandlers',
  'bindGraphHandlers',
  'getDimensions',
] as const;

/** Items read or written between two yields. */
const STEP = 250;

function usable(s: Partial<Internals>): s is Internals {
  const st = s.settings;
  return (
    METHODS.every((m) => typeof s[m] === 'function') &&
    st !== undefined &&
    !st.zIndex &&
    !st.renderLabels &&
    st.autoRescale &&
    typeof s.labelGrid?.resizeAndClear === 'function' &&
    s.nodePrograms !== undefined &&
    s.edgePrograms !== undefined
  );
}

/** Runs `work` with sigma's graph set to `graph`, then puts the previous one back. */
function within(s: Internals, graph: Graph, work: () => void): void {
  const previous = s.graph;
  s.graph = graph;
  try {
    work();
  } finally {
    s.graph = previous;
  }
}

/** Runs `each` over `keys`, STEP at a time with `graph` swapped in, yielding between runs. */
function* stepped(
  s: Internals,
  graph: Graph,
  keys: readonly string[],
  each: (key: string, i: number) => void,
): Generator<void, void, void> {
  for (let start = 0; start < keys.length; start += STEP) {
    within(s, graph, () => {
      const end = Math.min(keys.length, start + STEP);
      for (let i = start; i < end; i++) each(keys[i] as string, i);
    });
    yield;
  }
}

/** What the steps leave for finishHandOver: the indices sigma's process would have set. */
export interface HandOver {
  nodeIndices: Record<string, number>;
  edgeIndices: Record<string, number>;
  itemIDsIndex: Record<number, { type: 'node' | 'edge'; id: string }>;
  /** The new graph's highlighted nodes, kept aside meanwhile (the frames between steps draw the old graph's). */
  highlighted: Set<string>;
}

/**
 * sigma's indexation (refresh) and processing (process) of `graph`, step by step; the indices for
 * finishHandOver, or null when the graph must be handed over with setGraph (see the header).
 */
export function* handOverSteps<N extends Attributes, E extends Attributes>(
  sigma: Sigma<N, E>,
  graph: Graph<N, E>,
): Generator<Step, HandOver | null, void> {
  const s = sigma as unknown as Partial<Internals>;
  if (!usable(s)) return null;
  const g = graph as unknown as Graph;
  let processed = false;
  const disturbed = (): void => void (processed = true);
  sigma.on('beforeProcess', disturbed);
  try {
    const nodes = g.nodes();
    const edges = g.edges();
    // refresh(): every item's display data.
    s.clearEdgeIndices();
    s.clearNodeIndices();
    yield* stepped(s, g, nodes, (k) => s.addNode(k));
    yield* stepped(s, g, edges, (k) => s.addEdge(k));
    const highlighted = s.highlightedNodes;
    s.highlightedNodes = new Set();
    // process(): positions normalized, then every node and edge written into its program's buffer.
    within(s, g, () => {
      s.nodeExtent = graphExtent(g);
      s.normalizationFunction = createNormalizationFunction(
        (s.customBBox ?? s.nodeExtent) as Parameters<typeof createNormalizationFunction>[0],
      );
      // sigma's label grid is left empty: its labels are not drawn (renderLabels is false).
      s.labelGrid.resizeAndClear(s.getDimensions(), s.settings.labelGridCellSize);
    });
    const nodeCount: Record<string, number> = {};
    yield* stepped(s, g, nodes, (k) => {
      const data = s.nodeDataCache[k];
      const a = g.getNodeAttributes(k) as { x: number; y: number };
      if (data === undefined) return;
      data.x = a.x;
      data.y = a.y;
      s.normalizationFunction.applyTo(data);
      nodeCount[data.type] = (nodeCount[data.type] ?? 0) + 1;
    });
    const edgeCount: Record<string, number> = {};
    yield* stepped(s, g, edges, (k) => {
      const type = s.edgeDataCache[k]?.type;
      if (type !== undefined) edgeCount[type] = (edgeCount[type] ?? 0) + 1;
    });
    if (processed) return null;
    for (const [type, p] of Object.entries(s.nodePrograms)) p.reallocate(nodeCount[type] ?? 0);
    yield;
    for (const [type, p] of Object.entries(s.edgePrograms)) p.reallocate(edgeCount[type] ?? 0);
    yield;
    const done: HandOver = { nodeIndices: {}, edgeIndices: {}, itemIDsIndex: {}, highlighted };
    const position: Record<string, number> = {};
    let id = 1;
    const place = (k: string, kind: 'node' | 'edge', type: string): number => {
      (kind === 'node' ? done.nodeIndices : done.edgeIndices)[k] = id;
      done.itemIDsIndex[id] = { type: kind, id: k };
      const at = position[`${kind}:${type}`] ?? 0;
      position[`${kind}:${type}`] = at + 1;
      return at;
    };
    yield* stepped(s, g, nodes, (k) => {
      const type = s.nodeDataCache[k]?.type ?? '';
      s.addNodeToProgram(k, id, place(k, 'node', type));
      id++;
    });
    yield* stepped(s, g, edges, (k) => {
      const type = s.edgeDataCache[k]?.type ?? '';
      s.addEdgeToProgram(k, id, place(k, 'edge', type));
      id++;
    });
    // The caller installs and draws the graph right after this returns: in a task of its own.
    yield ALONE;
    return processed ? null : done;
  } finally {
    sigma.off('beforeProcess', disturbed);
  }
}

/**
 * Installs `graph` as sigma's (its graph events followed from now on) with the display data and buffers the steps
 * wrote, as setGraph would but without processing it again, and draws it at once (as setGraph does).
 */
export function finishHandOver<N extends Attributes, E extends Attributes>(
  sigma: Sigma<N, E>,
  graph: Graph<N, E>,
  done: HandOver,
): void {
  const s = sigma as unknown as Internals;
  const g = graph as unknown as Graph;
  if (s.hoveredNode !== null && !g.hasNode(s.hoveredNode)) s.hoveredNode = null;
  if (s.hoveredEdge !== null && !g.hasEdge(s.hoveredEdge)) s.hoveredEdge = null;
  s.unbindGraphHandlers();
  if (s.checkEdgesEventsFrame !== null) {
    cancelAnimationFrame(s.checkEdgesEventsFrame);
    s.checkEdgesEventsFrame = null;
  }
  s.graph = g;
  s.bindGraphHandlers();
  s.nodeIndices = done.nodeIndices;
  s.edgeIndices = done.edgeIndices;
  s.itemIDsIndex = done.itemIDsIndex;
  s.highlightedNodes = done.highlighted;
  s.needToProcess = false;
  s.emit('afterProcess');
  // What was restyled since the steps read it (a filter, the selection, activity) is redrawn with the first frame.
  const { nodes, flipped } = changedNodes(sigma, graph);
  if (nodes.length > 0) refreshNodes(sigma, graph, nodes, flipped);
  else sigma.refresh({ partialGraph: {}, skipIndexation: true });
}

/**
 * The nodes of `graph` whose attributes differ from sigma's display data of them (positions aside: sigma holds
 * them normalized), e.g. restyled after the steps read them; with those whose `hidden` flipped.
 */
function changedNodes<N extends Attributes, E extends Attributes>(
  sigma: Sigma<N, E>,
  graph: Graph<N, E>,
): { nodes: string[]; flipped: Set<string> } {
  const cache = (sigma as unknown as Partial<Internals>).nodeDataCache as
    Record<string, Record<string, unknown> | undefined> | undefined;
  const nodes: string[] = [];
  const flipped = new Set<string>();
  graph.forEachNode((k, attrs) => {
    const data = cache?.[k];
    if (data === undefined) return void nodes.push(k);
    const a = attrs as Record<string, unknown>;
    for (const name in a) {
      const value = a[name];
      if (name === 'x' || name === 'y' || value === undefined || data[name] === value) continue;
      nodes.push(k);
      if (Boolean(data['hidden']) !== Boolean(a['hidden'])) flipped.add(k);
      return;
    }
  });
  return { nodes, flipped };
}
