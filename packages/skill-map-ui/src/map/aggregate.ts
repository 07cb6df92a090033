// Semantic zoom, as a pure function: which host, plugin and folder circles of the layout the map draws as one
// aggregate node at the current zoom (its members hidden), with the links between aggregates summed and the
// issues of its members counted. The renderer only draws what `cutAggregates` returns.
//
// A circle opens (its sub-folders and files are shown) when it is wide enough on screen and its children would be
// told apart (their mean radius is at least CHILD_PX): a 10,000-node map first shows its folders, not dots. A click
// opens one whatever the zoom (`opened`), and the circles holding a pinned node (the selection) are always open.
import type { MapNode, MapProjection } from '../api/types';
import { NODE_RADIUS, type Cluster } from './layout';
import { buildTreeSteps, type TreeFolder } from './tree';

/** A circle opens when its radius on screen reaches OPEN_PX and its children's mean radius CHILD_PX. */
export const OPEN_PX = 60;
export const CHILD_PX = 10;

export interface AggNode {
  key: string;
  label: string;
  host: string;
  kind: 'host' | 'plugin' | 'folder';
  x: number;
  y: number;
  r: number;
  parent: AggNode | null;
  children: AggNode[];
  /** The node paths directly in this folder, and their positions in the map's nodes. */
  files: string[];
  fileIndices: number[];
  /** Mean radius of its children (sub-folders and files), in layout units. */
  childR: number;
}

export interface AggregateIndex {
  roots: AggNode[];
  /** Each node path's innermost folder. */
  folderOf: Map<string, AggNode>;
  /** The map's nodes, and each path's position among them. */
  nodes: readonly MapNode[];
  pathIndex: Map<string, number>;
  /** Each link's source and target as node positions (-1: not a node, e.g. a broken target). */
  linkSource: Int32Array;
  linkTarget: Int32Array;
}

/**
 * The folder tree of the map's nodes with the layout's circles (a folder the layout did not place is left out), and
 * its links by node position: built once per map, so a cut at a new zoom is cheap.
 */
export function indexAggregates(
  map: Pick<MapProjection, 'nodes' | 'links'>,
  clusters: readonly Cluster[],
): AggregateIndex {
  const steps = indexAggregatesSteps(map, clusters);
  for (;;) {
    const r = steps.next();
    if (r.done === true) return r.value;
  }
}

/** Links read between two yields of indexAggregatesSteps. */
const LINK_STEP = 5000;

/** indexAggregates in steps (the lookups, the folder tree, the circles, the links), for a caller that pauses. */
export function* indexAggregatesSteps(
  map: Pick<MapProjection, 'nodes' | 'links'>,
  clusters: readonly Cluster[],
): Generator<void, AggregateIndex, void> {
  const nodes = map.nodes;
  const pathIndex = new Map(nodes.map((n, i) => [n.path, i]));
  const circles = new Map(clusters.map((c) => [c.key, c]));
  const kinds = new Map(nodes.map((n) => [n.path, n.kind]));
  const folderOf = new Map<string, AggNode>();
  const build = (f: TreeFolder, parent: AggNode | null): AggNode | null => {
    const c = circles.get(f.key);
    if (c === undefined) return null;
    const a: AggNode = {
      key: f.key,
      label: f.label,
      host: f.host,
      kind: f.depth === 0 ? 'host' : 'folder',
      x: c.x,
      y: c.y,
      r: c.r,
      parent,
      children: [],
      files: f.files.map((x) => x.path),
      fileIndices: f.files.map((x) => pathIndex.get(x.path) ?? -1).filter((i) => i >= 0),
      childR: NODE_RADIUS,
    };
    for (const s of f.folders) {
      const child = build(s, a);
      if (child !== null) a.children.push(child);
    }
    for (const p of a.files) folderOf.set(p, a);
    const n = a.children.length + a.files.length;
    a.childR =
      n === 0 ? NODE_RADIUS : (a.children.reduce((s, ch) => s + ch.r, 0) + a.files.length * NODE_RADIUS) / n;
    // A plugin: a folder holding a plugin manifest node, or a `.claude-plugin` folder.
    const manifest =
      a.files.some((p) => kinds.get(p) === 'plugin') || f.folders.some((s) => s.label === '.claude-plugin');
    if (a.kind === 'folder' && manifest) a.kind = 'plugin';
    return a;
  };
  yield;
  const tree = yield* buildTreeSteps(nodes);
  yield;
  const roots: AggNode[] = [];
  for (const h of tree) {
    const a = build(h, null);
    if (a !== null) roots.push(a);
    yield;
  }
  const links = map.links;
  const linkSource = new Int32Array(links.length);
  const linkTarget = new Int32Array(links.length);
  for (let i = 0; i < links.length; i++) {
    const l = links[i] as (typeof links)[number];
    linkSource[i] = pathIndex.get(l.source) ?? -1;
    linkTarget[i] = pathIndex.get(l.target) ?? -1;
    if ((i + 1) % LINK_STEP === 0) yield;
  }
  return { roots, folderOf, nodes, pathIndex, linkSource, linkTarget };
}

/** Issue counts by severity, of the severities shown (the issues view's filter: info hidden by default). */
export interface SeverityCounts {
  error: number;
  warn: number;
  info: number;
}

/** One aggregate drawn: a closed circle standing for `count` visible nodes. */
export interface Aggregate {
  key: string;
  label: string;
  host: string;
  kind: AggNode['kind'];
  x: number;
  y: number;
  r: number;
  count: number;
  issues: SeverityCounts;
  /** Worst shown severity: 3 error, 2 warn, 1 info, 0 none. */
  severity: 0 | 1 | 2 | 3;
}

/** A link between two drawn items (an aggregate key or a node path), at least one of them an aggregate. */
export interface AggLink {
  source: string;
  target: string;
  /** How many links it stands for. */
  weight: number;
}

export interface Cut {
  aggregates: Aggregate[];
  links: AggLink[];
  /** Every node hidden in an aggregate: its path → the aggregate's key. */
  collapsed: Map<string, string>;
}

export interface CutOptions {
  /** Screen pixels per layout unit at the current zoom. */
  pxPerUnit: number;
  /** Folder keys opened by a click. */
  opened?: ReadonlySet<string>;
  /** Node paths whose folders stay open (the selection). */
  pinned?: readonly string[];
  /** The nodes the filters show (null: all); an aggregate counts and links only these. */
  visible?: ReadonlySet<string> | null;
  /** The severities counted (default: error and warn). */
  severities?: ReadonlySet<'error' | 'warn' | 'info'>;
}

const DEFAULT_SEVERITIES: ReadonlySet<'error' | 'warn' | 'info'> = new Set(['error', 'warn']);

/** The aggregates drawn at a zoom, their links and the nodes they hide. Pure. */
export function cutAggregates(index: AggregateIndex, o: CutOptions): Cut {
  const opened = o.opened ?? new Set<string>();
  const sev = o.severities ?? DEFAULT_SEVERITIES;
  const { nodes } = index;
  const n = nodes.length;
  const shown = new Uint8Array(n).fill(1);
  if (o.visible != null)
    for (let i = 0; i < n; i++) shown[i] = o.visible.has((nodes[i] as MapNode).path) ? 1 : 0;
  const forced = new Set<AggNode>();
  for (const p of o.pinned ?? [])
    for (let f = index.folderOf.get(p) ?? null; f !== null; f = f.parent) forced.add(f);
  const isOpen = (a: AggNode): boolean =>
    forced.has(a) ||
    opened.has(a.key) ||
    (a.r * o.pxPerUnit >= OPEN_PX && a.childR * o.pxPerUnit >= CHILD_PX);
  const aggregates: Aggregate[] = [];
  // Each node's aggregate (its ordinal in `aggregates`), -1 when drawn as itself.
  const rep = new Int32Array(n).fill(-1);
  const collapsed = new Map<string, string>();
  const close = (a: AggNode): void => {
    const members: number[] = [];
    const collect = (f: AggNode): void => {
      for (const i of f.fileIndices) if (shown[i] === 1) members.push(i);
      for (const c of f.children) collect(c);
    };
    collect(a);
    // One node is drawn as itself (an aggregate of one says less than the node).
    if (members.length < 2) return;
    const issues: SeverityCounts = { error: 0, warn: 0, info: 0 };
    const ordinal = aggregates.length;
    for (const i of members) {
      const node = nodes[i] as MapNode;
      rep[i] = ordinal;
      collapsed.set(node.path, a.key);
      if (sev.has('error')) issues.error += node.issues[0];
      if (sev.has('warn')) issues.warn += node.issues[1];
      if (sev.has('info')) issues.info += node.issues[2];
    }
    const severity = issues.error > 0 ? 3 : issues.warn > 0 ? 2 : issues.info > 0 ? 1 : 0;
    const { key, label, host, kind, x, y, r } = a;
    aggregates.push({ key, label, host, kind, x, y, r, count: members.length, issues, severity });
  };
  const walk = (a: AggNode): void => {
    if (!isOpen(a)) return close(a);
    for (const c of a.children) walk(c);
  };
  for (const r of index.roots) walk(r);
  return { aggregates, links: aggregateLinks(index, aggregates, rep, shown), collapsed };
}

/**
 * The links touching an aggregate, summed per (source, target) pair of drawn items; self-links and links to a
 * broken target (no node) dropped. Items are numbered (aggregates first, then nodes) so the sums key on numbers.
 */
function aggregateLinks(
  index: AggregateIndex,
  aggregates: readonly Aggregate[],
  rep: Int32Array,
  shown: Uint8Array,
): AggLink[] {
  const a = aggregates.length;
  const span = a + index.nodes.length;
  const sums = new Map<number, number>();
  const { linkSource: src, linkTarget: tgt } = index;
  for (let i = 0; i < src.length; i++) {
    const s = src[i] as number;
    const t = tgt[i] as number;
    if (s < 0 || t < 0 || shown[s] === 0 || shown[t] === 0) continue;
    const rs = rep[s] as number;
    const rt = rep[t] as number;
    if (rs < 0 && rt < 0) continue; // both drawn as nodes: sigma draws it
    const is = rs < 0 ? a + s : rs;
    const it = rt < 0 ? a + t : rt;
    if (is === it) continue;
    const key = is * span + it;
    sums.set(key, (sums.get(key) ?? 0) + 1);
  }
  const name = (id: number): string =>
    id < a ? (aggregates[id] as Aggregate).key : (index.nodes[id - a] as MapNode).path;
  const out: AggLink[] = [];
  for (const [key, weight] of sums)
    out.push({ source: name(Math.floor(key / span)), target: name(key % span), weight });
  return out.sort(
    (x, y) =>
      y.weight - x.weight ||
      (x.source < y.source
        ? -1
        : x.source > y.source
          ? 1
          : x.target < y.target
            ? -1
            : x.target > y.target
              ? 1
              : 0),
  );
}
