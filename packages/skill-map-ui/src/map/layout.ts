// The map's layout: deterministic circle packing of host → folder → file (names sorted), no force simulation.
// The same node set always gets the same positions; a node set that changes keeps every known node where it was
// and places the new ones in a free spot beside their folder, so a rescan never reshuffles the map.
import { packEnclose, packSiblings } from 'd3-hierarchy';
import { buildTree, pathParts, type TreeFolder } from './tree';

/** A node's radius in layout units (the map's node size). */
export const NODE_RADIUS = 1;
const FILE_PAD = 0.35;
const FOLDER_PAD = 1.4;

export interface Point {
  x: number;
  y: number;
}

/** A host or folder circle, drawn behind the nodes. */
export interface Cluster {
  key: string;
  label: string;
  host: string;
  depth: number;
  x: number;
  y: number;
  r: number;
}

export interface Layout {
  positions: Map<string, Point>;
  clusters: Cluster[];
}

interface Circle {
  x: number;
  y: number;
  r: number;
}

/** Packs one folder: files and sub-folders as sibling circles around (0,0); returns its radius and places files. */
function packFolder(f: TreeFolder, local: Map<TreeFolder, Circle & { parts: Circle[] }>): number {
  const subs = f.folders.map((s) => ({ x: 0, y: 0, r: packFolder(s, local) + FOLDER_PAD * 0.5, s }));
  const files = f.files.map((file) => ({ x: 0, y: 0, r: NODE_RADIUS + FILE_PAD, file }));
  const all: (Circle & { s?: TreeFolder; file?: { path: string } })[] = [...subs, ...files];
  if (all.length === 0) return NODE_RADIUS;
  packSiblings(all);
  const e = packEnclose(all);
  local.set(f, { x: -e.x, y: -e.y, r: e.r, parts: all });
  return e.r + FOLDER_PAD * 0.5;
}

/** Full layout of a node set: pure, deterministic, O(n) over the tree. */
export function packLayout(nodes: readonly { path: string; provider: string }[]): Layout {
  const hosts = buildTree(nodes);
  const positions = new Map<string, Point>();
  const local = new Map<TreeFolder, Circle & { parts: Circle[] }>();
  const top = hosts.map((h) => ({ x: 0, y: 0, r: packFolder(h, local) + FOLDER_PAD, h }));
  if (top.length > 0) packSiblings(top);
  const clusters: Cluster[] = [];
  const place = (f: TreeFolder, cx: number, cy: number, r: number): void => {
    clusters.push({ key: f.key, label: f.label, host: f.host, depth: f.depth, x: cx, y: cy, r });
    const l = local.get(f);
    if (l === undefined) return;
    for (const part of l.parts as (Circle & { s?: TreeFolder; file?: { path: string } })[]) {
      const x = cx + l.x + part.x;
      const y = cy + l.y + part.y;
      if (part.file !== undefined) positions.set(part.file.path, { x, y });
      else if (part.s !== undefined) place(part.s, x, y, part.r - FOLDER_PAD * 0.5);
    }
  };
  for (const t of top) place(t.h, t.x, t.y, t.r - FOLDER_PAD);
  return { positions, clusters };
}

/** A uniform grid over positions, to find a free spot fast. */
class Grid {
  private readonly cells = new Map<string, Point[]>();
  constructor(private readonly size: number) {}
  private key(x: number, y: number): string {
    return `${Math.floor(x / this.size)},${Math.floor(y / this.size)}`;
  }
  add(p: Point): void {
    const k = this.key(p.x, p.y);
    const c = this.cells.get(k);
    if (c === undefined) this.cells.set(k, [p]);
    else c.push(p);
  }
  free(p: Point, min: number): boolean {
    const cx = Math.floor(p.x / this.size);
    const cy = Math.floor(p.y / this.size);
    for (let i = cx - 1; i <= cx + 1; i++)
      for (let j = cy - 1; j <= cy + 1; j++)
        for (const q of this.cells.get(`${i},${j}`) ?? [])
          if (Math.hypot(q.x - p.x, q.y - p.y) < min) return false;
    return true;
  }
}

const GOLDEN = Math.PI * (3 - Math.sqrt(5));

/**
 * Places `nodes` keeping the `previous` position of every node it still has; new nodes go to the nearest free spot
 * around their folder's known nodes (or their nearest ancestor's, or beside the map). With nothing to keep (or
 * less than half of the nodes known) it is the full packing.
 */
export function layoutNodes(
  nodes: readonly { path: string; provider: string }[],
  previous: ReadonlyMap<string, Point> | null,
): Layout {
  const kept = previous === null ? 0 : nodes.reduce((n, x) => n + (previous.has(x.path) ? 1 : 0), 0);
  if (previous === null || kept * 2 < nodes.length) return packLayout(nodes);
  const positions = new Map<string, Point>();
  const grid = new Grid(NODE_RADIUS * 3);
  const fresh: { path: string; provider: string }[] = [];
  for (const n of nodes) {
    const p = previous.get(n.path);
    if (p === undefined) fresh.push(n);
    else {
      positions.set(n.path, p);
      grid.add(p);
    }
  }
  if (fresh.length > 0) {
    // Known nodes per folder prefix (host:dir at every depth), for the anchors of new nodes.
    const sums = new Map<string, { x: number; y: number; n: number }>();
    let maxX = -Infinity;
    let cy = 0;
    for (const n of nodes) {
      const p = positions.get(n.path);
      if (p === undefined) continue;
      maxX = Math.max(maxX, p.x);
      cy += p.y / kept;
      for (const key of prefixes(n)) {
        const s = sums.get(key);
        if (s === undefined) sums.set(key, { x: p.x, y: p.y, n: 1 });
        else {
          s.x += p.x;
          s.y += p.y;
          s.n++;
        }
      }
    }
    fresh.sort((a, b) => (a.path < b.path ? -1 : 1));
    for (const n of fresh) {
      const anchorKey = prefixes(n).find((k) => sums.has(k));
      const s = anchorKey === undefined ? undefined : sums.get(anchorKey);
      const anchor = s === undefined ? { x: maxX + NODE_RADIUS * 8, y: cy } : { x: s.x / s.n, y: s.y / s.n };
      const min = (NODE_RADIUS + FILE_PAD) * 2;
      let p = anchor;
      for (let k = 0; k < 100000 && !grid.free(p, min); k++) {
        const d = min * 0.75 * Math.sqrt(k + 1);
        p = { x: anchor.x + d * Math.cos(k * GOLDEN), y: anchor.y + d * Math.sin(k * GOLDEN) };
      }
      positions.set(n.path, p);
      grid.add(p);
    }
  }
  return { positions, clusters: enclose(nodes, positions) };
}

/** `host:dir` keys of a node's folders, nearest first, ending with the host. */
function prefixes(n: { path: string; provider: string }): string[] {
  const parts = pathParts(n.path);
  parts.pop();
  const out: string[] = [];
  for (let i = parts.length; i >= 0; i--) out.push(`${n.provider}:${parts.slice(0, i).join('/')}`);
  return out;
}

/** The host and folder circles around placed nodes (bottom-up smallest enclosing circles). */
export function enclose(
  nodes: readonly { path: string; provider: string }[],
  positions: ReadonlyMap<string, Point>,
): Cluster[] {
  const out: Cluster[] = [];
  const walk = (f: TreeFolder): Circle | null => {
    const parts: Circle[] = [];
    for (const s of f.folders) {
      const c = walk(s);
      if (c !== null) parts.push({ ...c, r: c.r + FOLDER_PAD * 0.5 });
    }
    for (const file of f.files) {
      const p = positions.get(file.path);
      if (p !== undefined) parts.push({ x: p.x, y: p.y, r: NODE_RADIUS + FILE_PAD });
    }
    if (parts.length === 0) return null;
    const e = packEnclose(parts);
    out.push({ key: f.key, label: f.label, host: f.host, depth: f.depth, x: e.x, y: e.y, r: e.r });
    return e;
  };
  for (const h of buildTree(nodes)) walk(h);
  return out;
}
