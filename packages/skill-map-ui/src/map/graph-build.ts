// Builds and updates the graphology graph the map draws, in place: nodes and edges are added, dropped or have
// their attributes merged, so a rescan never rebuilds the renderer (camera and selection stay).
import type Graph from 'graphology';
import type { MapLink, MapProjection, Severity } from '../api/types';
import { hostColor, kindColor, linkColor, palette, withAlpha, type Theme } from './colors';
import { NODE_RADIUS, type Point } from './layout';
import { DEFAULT_SEVERITIES, ghostRing as ringOfGhost, shownLevel } from './markers';

/** Ghost nodes (targets that resolve to no node) are keyed apart from every real path. */
export const GHOST_PREFIX = '\u2298 ';
export const isGhost = (key: string): boolean => key.startsWith(GHOST_PREFIX);

/**
 * Spawn edges (live activity: an agent or session starting another) are keyed apart from every link: a link's key
 * starts with its source's path, which never starts with NUL (no file path holds one; virtual nodes are mcp://).
 */
export const SPAWN_PREFIX = '\u0000spawn ';
export const isSpawnEdge = (key: string): boolean => key.startsWith(SPAWN_PREFIX);

export interface NodeAttrs {
  x: number;
  y: number;
  size: number;
  label: string;
  color: string;
  /** Host ring (real nodes) or the hollow inside (ghost / virtual). */
  hostColor: string;
  /** Outer ring: worst issue severity, else the host colour. */
  ringColor: string;
  type: 'border' | 'hollow';
  kind: string;
  provider: string;
  path: string;
  /** ok | broken | reserved | virtual. */
  state: MapLink['state'];
  /** Worst issue level (3 error, 2 warning, 1 info); a ghost's is its worst reference-broken issue's. */
  severity: 0 | 1 | 2 | 3;
  zIndex: number;
  /** The size and outer ring at rest (the selection enlarges and recolours the selected node in place). */
  baseSize: number;
  baseRing: string;
  /** Visual state the renderer sets in place (filters, scope, selection): never part of the desired graph. */
  hidden?: boolean;
  highlighted?: boolean;
  forceLabel?: boolean;
  /** The activity ring (a node that ran): its width (a fraction of the radius, 0 = none) and colour. */
  activityRing?: number;
  activityGap?: number;
  activityColor?: string;
}

/** Past this many links the map draws one-pixel lines (confidence shown by opacity only). */
export const THIN_EDGES = 12000;

export interface EdgeAttrs {
  /** line / thin: links; spawn: a spawn pair of live activity (an arrow). */
  type: 'line' | 'thin' | 'spawn';
  size: number;
  color: string;
  kind: string;
  state: MapLink['state'];
  confidence: number;
  zIndex: number;
}

const GOLDEN = Math.PI * (3 - Math.sqrt(5));

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function sameAttrs(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  for (const k in b) if (a[k] !== b[k]) return false;
  return true;
}

/** The attributes every node and edge of the map should have (desiredGraph). */
export interface DesiredGraph {
  nodes: Map<string, NodeAttrs>;
  edges: Map<string, { source: string; target: string; attrs: EdgeAttrs }>;
}

/** Nodes or links handled between two pauses of desiredGraphSteps. */
const SLICE = 100;

/**
 * The attributes every node and edge should have for `map` at `positions`; issue rings only for the `shown`
 * severities (the issues view's filter).
 */
export function desiredGraph(
  map: MapProjection,
  positions: ReadonlyMap<string, Point>,
  theme: Theme,
  shown: ReadonlySet<Severity> = new Set(DEFAULT_SEVERITIES),
): DesiredGraph {
  const steps = desiredGraphSteps(map, positions, theme, shown);
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
  }
}

/** desiredGraph, pausing (a bare `yield`) every few hundred nodes or links, so that a caller can slice the work. */
export function* desiredGraphSteps(
  map: MapProjection,
  positions: ReadonlyMap<string, Point>,
  theme: Theme,
  shown: ReadonlySet<Severity> = new Set(DEFAULT_SEVERITIES),
): Generator<void, DesiredGraph, void> {
  const pal = palette(theme);
  const hosts = [...new Set(map.nodes.map((n) => n.provider))].sort();
  const hostColours = new Map(hosts.map((h) => [h, hostColor(h, hosts, theme)]));
  const kindColours = new Map<string, string>();
  const reserved = new Set(
    map.issues.filter((i) => i.analyzerId === 'name-reserved').flatMap((i) => i.nodeIds),
  );
  const nodes = new Map<string, NodeAttrs>();
  for (const [i, n] of map.nodes.entries()) {
    if (i % SLICE === SLICE - 1) yield;
    const p = positions.get(n.path) ?? { x: 0, y: 0 };
    const severity = n.issues[0] > 0 ? 3 : n.issues[1] > 0 ? 2 : n.issues[2] > 0 ? 1 : 0;
    const host = hostColours.get(n.provider) as string;
    let fill = kindColours.get(n.kind);
    if (fill === undefined) kindColours.set(n.kind, (fill = kindColor(n.kind, theme)));
    const state = n.virtual ? 'virtual' : reserved.has(n.path) ? 'reserved' : 'ok';
    const hollow = state !== 'ok';
    const level = shownLevel(n.issues, shown);
    const ring = level === 3 ? pal.error : level === 2 ? pal.warn : hollow ? pal.state[state] : host;
    nodes.set(n.path, {
      x: p.x,
      y: p.y,
      size: NODE_RADIUS,
      baseSize: NODE_RADIUS,
      label: n.name,
      color: hollow ? pal.state[state] : fill,
      hostColor: hollow ? pal.bg : host,
      ringColor: ring,
      baseRing: ring,
      type: hollow ? 'hollow' : 'border',
      kind: n.kind,
      provider: n.provider,
      path: n.path,
      state,
      severity,
      zIndex: severity >= 2 ? 2 : 1,
    });
  }
  const edges = new Map<string, { source: string; target: string; attrs: EdgeAttrs }>();
  // Colours by (kind or state, confidence): a few dozen distinct strings for any number of links.
  const colours = new Map<string, string>();
  const colourOf = (l: MapLink, conf: number): string => {
    const key = `${l.state}|${l.kind}|${conf}`;
    let c = colours.get(key);
    if (c === undefined) {
      c = withAlpha(l.state === 'ok' ? linkColor(l.kind, theme) : pal.state[l.state], 0.22 + 0.6 * conf);
      colours.set(key, c);
    }
    return c;
  };
  // A broken target's ring follows its reference-broken issue, as `sm check` ranks it: an error red, a warning amber,
  // a note (or a dismissed issue) faint.
  const brokenSeverity = new Map<number, 1 | 2 | 3>();
  for (const i of map.issues) {
    if (i.analyzerId !== 'reference-broken') continue;
    const level = i.severity === 'error' ? 3 : i.severity === 'warn' ? 2 : 1;
    for (const li of i.linkIndices ?? [])
      brokenSeverity.set(li, Math.max(brokenSeverity.get(li) ?? 1, level) as 1 | 2 | 3);
  }
  const ghostRing = (level: number): string => ringOfGhost(level, pal);
  const ghostAround = new Map<string, number>();
  for (const [index, l] of map.links.entries()) {
    if (index % SLICE === SLICE - 1) yield;
    if (l.source === l.target || !nodes.has(l.source)) continue;
    let target = l.target;
    if (!nodes.has(target)) {
      // A broken target: one ghost per raw target, beside its first source (stable: the source does not move).
      target = GHOST_PREFIX + l.target;
      const level = brokenSeverity.get(index) ?? 0;
      const ghost = nodes.get(target);
      if (ghost !== undefined && level > ghost.severity) {
        ghost.severity = level;
        ghost.ringColor = ghost.baseRing = ghostRing(level);
      }
      if (ghost === undefined) {
        const src = nodes.get(l.source) as NodeAttrs;
        const k = (ghostAround.get(l.source) ?? 0) + 1;
        ghostAround.set(l.source, k);
        const angle = (hash(l.target) % 360) * (Math.PI / 180) + k * GOLDEN;
        const d = NODE_RADIUS * (2.2 + 0.5 * k);
        nodes.set(target, {
          x: src.x + d * Math.cos(angle),
          y: src.y + d * Math.sin(angle),
          size: NODE_RADIUS * 0.8,
          baseSize: NODE_RADIUS * 0.8,
          label: l.target.replace(/\/+$/, '').split('/').pop() || l.target, // a name, not a path
          color: pal.state.broken,
          hostColor: pal.bg,
          ringColor: ghostRing(level),
          baseRing: ghostRing(level),
          type: 'hollow',
          kind: 'broken',
          provider: src.provider,
          path: l.target,
          state: 'broken',
          severity: level,
          zIndex: 0,
        });
      }
    }
    // One edge per ordered pair: the most confident link between them (its kind colours the edge).
    const key = `${l.source}\n${target}`;
    const prev = edges.get(key);
    if (prev !== undefined && prev.attrs.confidence >= l.confidence) continue;
    const conf = Math.round(Math.max(0, Math.min(1, l.confidence)) * 10) / 10;
    edges.set(key, {
      source: l.source,
      target,
      attrs: {
        type: map.links.length > THIN_EDGES ? 'thin' : 'line',
        size: NODE_RADIUS * (0.03 + 0.07 * conf),
        color: colourOf(l, conf),
        kind: l.kind,
        state: l.state,
        confidence: l.confidence,
        zIndex: l.state === 'ok' ? 0 : 1,
      },
    });
  }
  return { nodes, edges };
}

/** Brings `graph` to `desired` in place (spawn edges are the activity layer's); returns how many items changed. */
export function syncGraph(graph: Graph, desired: DesiredGraph): number {
  let changed = 0;
  const dropEdges: string[] = [];
  graph.forEachEdge((key) => {
    if (!desired.edges.has(key) && !isSpawnEdge(key)) dropEdges.push(key);
  });
  const dropNodes: string[] = [];
  graph.forEachNode((key) => {
    if (!desired.nodes.has(key)) dropNodes.push(key);
  });
  for (const key of dropEdges) graph.dropEdge(key);
  for (const key of dropNodes) graph.dropNode(key);
  changed += dropEdges.length + dropNodes.length;
  for (const [key, attrs] of desired.nodes) {
    if (!graph.hasNode(key)) {
      graph.addNode(key, attrs);
      changed++;
    } else if (!sameAttrs(graph.getNodeAttributes(key), attrs as unknown as Record<string, unknown>)) {
      graph.replaceNodeAttributes(key, attrs);
      changed++;
    }
  }
  for (const [key, e] of desired.edges) {
    if (!graph.hasEdge(key)) {
      graph.addDirectedEdgeWithKey(key, e.source, e.target, e.attrs);
      changed++;
    } else if (!sameAttrs(graph.getEdgeAttributes(key), e.attrs as unknown as Record<string, unknown>)) {
      graph.replaceEdgeAttributes(key, e.attrs);
      changed++;
    }
  }
  return changed;
}
