// Semantic zoom, as a pure function: which host, plugin and folder circles of the layout the map draws as one
// aggregate node at the current zoom (its members hidden), with the links between aggregates summed and the
// issues of its members counted. The renderer only draws what `cutAggregates` returns.
//
// A circle opens (its sub-folders and files are shown) when it is wide enough on screen and its children would be
// told apart (their mean radius is at least CHILD_PX): a 10,000-node map first shows its folders, not dots. A click
// opens one whatever the zoom (`opened`), and the circles holding a pinned node (the selection) are always open.
import type { MapProjection } from '../api/types';
import { NODE_RADIUS, type Cluster } from './layout';
import { buildTree, type TreeFolder } from './tree';

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
  /** The node paths directly in this folder. */
  files: string[];
  /** Mean radius of its children (sub-folders and files), in layout units. */
  childR: number;
}

export interface AggregateIndex {
  roots: AggNode[];
  /** Each node path's innermost folder. */
  folderOf: Map<string, AggNode>;
}

/** The folder tree of `nodes` with the layout's circles (a folder the layout did not place is left out). */
export function indexAggregates(
  nodes: readonly { path: string; provider: string; kind: string }[],
  clusters: readonly Cluster[],
): AggregateIndex {
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
  const roots: AggNode[] = [];
  for (const h of buildTree(nodes)) {
    const a = build(h, null);
    if (a !== null) roots.push(a);
  }
  return { roots, folderOf };
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
export function cutAggregates(
  index: AggregateIndex,
  map: Pick<MapProjection, 'nodes' | 'links'>,
  o: CutOptions,
): Cut {
  const opened = o.opened ?? new Set<string>();
  const visible = o.visible ?? null;
  const sev = o.severities ?? DEFAULT_SEVERITIES;
  const forced = new Set<AggNode>();
  for (const p of o.pinned ?? [])
    for (let f = index.folderOf.get(p) ?? null; f !== null; f = f.parent) forced.add(f);
  const isOpen = (a: AggNode): boolean =>
    forced.has(a) ||
    opened.has(a.key) ||
    (a.r * o.pxPerUnit >= OPEN_PX && a.childR * o.pxPerUnit >= CHILD_PX);
  const nodeOf = new Map(map.nodes.map((n) => [n.path, n]));
  const shown = (p: string): boolean => visible === null || visible.has(p);
  const aggregates: Aggregate[] = [];
  const collapsed = new Map<string, string>();
  const close = (a: AggNode): void => {
    const members: string[] = [];
    const collect = (f: AggNode): void => {
      for (const p of f.files) if (shown(p)) members.push(p);
      for (const c of f.children) collect(c);
    };
    collect(a);
    // One node is drawn as itself (an aggregate of one says less than the node).
    if (members.length < 2) return;
    const issues: SeverityCounts = { error: 0, warn: 0, info: 0 };
    for (const p of members) {
      collapsed.set(p, a.key);
      const n = nodeOf.get(p);
      if (n === undefined) continue;
      if (sev.has('error')) issues.error += n.issues[0];
      if (sev.has('warn')) issues.warn += n.issues[1];
      if (sev.has('info')) issues.info += n.issues[2];
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
  return { aggregates, links: aggregateLinks(map.links, collapsed, (p) => nodeOf.has(p), shown), collapsed };
}

/** The links touching an aggregate, summed per (source, target) pair of drawn items; self-links dropped. */
function aggregateLinks(
  links: Pick<MapProjection, 'links'>['links'],
  collapsed: ReadonlyMap<string, string>,
  isNode: (p: string) => boolean,
  shown: (p: string) => boolean,
): AggLink[] {
  const sums = new Map<string, AggLink>();
  for (const l of links) {
    const s = collapsed.get(l.source);
    const t = collapsed.get(l.target);
    if (s === undefined && t === undefined) continue; // both drawn as nodes: sigma draws it
    if (!shown(l.source) || (isNode(l.target) && !shown(l.target))) continue;
    const source = s ?? l.source;
    // A broken target (no node) is not drawn at aggregate level.
    if (t === undefined && !isNode(l.target)) continue;
    const target = t ?? l.target;
    if (source === target) continue;
    const key = `${source}\n${target}`;
    const e = sums.get(key);
    if (e === undefined) sums.set(key, { source, target, weight: 1 });
    else e.weight++;
  }
  return [...sums.values()].sort(
    (a, b) => b.weight - a.weight || (a.source < b.source ? -1 : a.source > b.source ? 1 : 0),
  );
}
