// Live activity on the map, as graph attributes: a ring (with a gap) around each node that ran, brighter the more
// recent the last run and wider the more runs, and the spawn pairs as arrows of their own kind (keys under
// SPAWN_PREFIX, so they never clash with links). Only what changed is written: a node whose look is the same
// keeps its attributes, and the change lists just the nodes and edges to redraw. Spawn edges follow their
// endpoints' visibility (sigma hides an edge with a hidden end) and leave the graph with the overlay. Pure: no
// sigma, no DOM (activity-layer.ts draws the change).
import type Graph from 'graphology';
import { recencyLevel, type ActivityState } from '../state/activity-model';
import { withAlpha, type Palette } from './colors';
import { SPAWN_PREFIX, type EdgeAttrs, type NodeAttrs } from './graph-build';
import { NODE_RADIUS } from './layout';

export type MapGraph = Graph<NodeAttrs, EdgeAttrs>;

/** The transparent gap between the activity ring and the node's own rings (a fraction of the radius). */
export const ACTIVITY_GAP = 0.08;
const ALPHA = { 1: 0.45, 2: 0.75, 3: 1 } as const;

export const spawnEdgeKey = (from: string, to: string): string => `${SPAWN_PREFIX}${from}\n${to}`;

/** A run this recent (ms) when it reaches the page pulses its node. */
const PULSE_RECENT = 10_000;

export interface SpawnEdgeInfo {
  key: string;
  from: string;
  to: string;
  /** Hidden with an endpoint by the filters or scope. */
  hidden: boolean;
}

/** Ring width by number of runs: 1, 2 to 9, 10 and more. */
const ringWidth = (count: number): number => (count >= 10 ? 0.24 : count >= 2 ? 0.2 : 0.16);

export interface ActivityChange {
  /** Nodes whose look changed (their attributes are written). */
  nodes: string[];
  /** Spawn edges whose look changed (not added or dropped). */
  edges: string[];
  /** Spawn edges were added or dropped (sigma processes the graph again). */
  structural: boolean;
  /** Nodes whose run just arrived (a live event, not a map update): they pulse. */
  pulse: string[];
}

export class ActivityStyle {
  /** Nodes carrying an activity look, with the signature of that look. */
  private styled = new Map<string, string>();
  private spawn = new Set<string>();
  /** The run counts last applied (a count that grows, recently, pulses its node). */
  private counts = new Map<string, number>();

  /**
   * Brings the graph's activity look to `state` (none when `shown` is false). `rewrite`: the nodes' attributes
   * were reset since (a map update), so every node that ran is written again whatever it held.
   */
  apply(
    graph: MapGraph,
    state: ActivityState,
    shown: boolean,
    pal: Palette,
    now: number,
    rewrite = false,
  ): ActivityChange {
    const change: ActivityChange = { nodes: [], edges: [], structural: false, pulse: [] };
    const next = new Map<string, string>();
    if (shown)
      for (const n of state.nodes.values()) {
        if (!graph.hasNode(n.path)) continue;
        const level = recencyLevel(n.lastAt, now);
        next.set(n.path, `${ringWidth(n.count)}|${level}`);
      }
    for (const key of this.styled.keys()) {
      if (next.has(key) || !graph.hasNode(key)) continue;
      const a = graph.getNodeAttributes(key);
      a.activityRing = 0;
      a.activityGap = 0;
      a.size = a.baseSize;
      change.nodes.push(key);
    }
    for (const [key, sig] of next) {
      if (!rewrite && this.styled.get(key) === sig) continue;
      const n = state.nodes.get(key);
      if (n === undefined) continue;
      const a = graph.getNodeAttributes(key);
      const ring = ringWidth(n.count);
      a.activityRing = ring;
      a.activityGap = ACTIVITY_GAP;
      a.activityColor = withAlpha(pal.activity, ALPHA[recencyLevel(n.lastAt, now)]);
      // Bigger by the ring and the gap, so the node's own rings and fill keep their drawn size.
      a.size = a.baseSize / (1 - ring - ACTIVITY_GAP);
      change.nodes.push(key);
    }
    this.styled = next;
    if (!rewrite)
      for (const key of next.keys()) {
        const n = state.nodes.get(key);
        if (n !== undefined && n.count > (this.counts.get(key) ?? 0) && now - n.lastAt < PULSE_RECENT)
          change.pulse.push(key);
      }
    this.counts = new Map([...state.nodes.values()].map((n) => [n.path, n.count]));
    this.syncSpawn(graph, state, shown, pal, now, change);
    return change;
  }

  private syncSpawn(
    graph: MapGraph,
    state: ActivityState,
    shown: boolean,
    pal: Palette,
    now: number,
    change: ActivityChange,
  ): void {
    const want = new Map<string, { from: string; to: string; attrs: EdgeAttrs }>();
    if (shown)
      for (const p of state.pairs.values()) {
        if (p.from === p.to || !graph.hasNode(p.from) || !graph.hasNode(p.to)) continue;
        const conf = Math.min(1, 0.4 + 0.2 * Math.log2(p.count + 1));
        want.set(spawnEdgeKey(p.from, p.to), {
          from: p.from,
          to: p.to,
          attrs: {
            type: 'spawn',
            size: NODE_RADIUS * (0.08 + 0.08 * conf),
            color: withAlpha(pal.spawn, ALPHA[recencyLevel(p.lastAt, now)]),
            kind: 'spawn',
            state: 'ok',
            confidence: conf,
            zIndex: 2,
          },
        });
      }
    for (const key of this.spawn) {
      if (want.has(key)) continue;
      if (graph.hasEdge(key)) graph.dropEdge(key);
      change.structural = true;
    }
    for (const [key, e] of want) {
      if (!graph.hasEdge(key)) {
        graph.addDirectedEdgeWithKey(key, e.from, e.to, e.attrs);
        change.structural = true;
        continue;
      }
      const a = graph.getEdgeAttributes(key);
      if (a.size === e.attrs.size && a.color === e.attrs.color) continue;
      Object.assign(a, e.attrs);
      change.edges.push(key);
    }
    this.spawn = new Set(want.keys());
  }

  /** The activity look of a node, for tests: its ring width and recency level, or null. */
  lookOf(key: string): string | null {
    return this.styled.get(key) ?? null;
  }

  ranCount(): number {
    return this.styled.size;
  }

  /** The spawn edges in the graph, with whether an endpoint hides them. */
  spawnEdges(graph: MapGraph, visible: (key: string) => boolean): SpawnEdgeInfo[] {
    return [...this.spawn]
      .filter((e) => graph.hasEdge(e))
      .map((key) => {
        const from = graph.source(key);
        const to = graph.target(key);
        return { key, from, to, hidden: !visible(from) || !visible(to) };
      });
  }
}
