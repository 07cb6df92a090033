// Moving around the map: centring the camera on a node, a node's place on the page, the keyboard cursor's next
// node in a direction, the visible neighbours of a node, and zoom steps. Pure reads of the graph and sigma's
// camera; the renderer owns the selection these serve.
import type Graph from 'graphology';
import type Sigma from 'sigma';
import type { EdgeAttrs, NodeAttrs } from './graph-build';
import { nearestInDirection, type Direction } from './navigate';

export interface MapView {
  sigma: Sigma<NodeAttrs, EdgeAttrs>;
  graph: Graph<NodeAttrs, EdgeAttrs>;
  isVisible: (key: string) => boolean;
}

/** Centres the camera on a node (zooming in when the map is zoomed out). */
export function centerOn({ sigma, graph }: MapView, path: string, zoom: boolean): void {
  const d = sigma.getNodeDisplayData(path);
  if (d === undefined) return;
  const camera = sigma.getCamera();
  const ratio = zoom
    ? Math.min(camera.ratio, Math.max(0.05, 40 / Math.sqrt(graph.order + 1) / 8))
    : camera.ratio;
  void camera.animate({ x: d.x, y: d.y, ratio }, { duration: 250 });
}

/** Page CSS pixels of a node's centre, or null when it is absent, hidden or off the canvas. */
export function pagePosition(
  { sigma, graph, isVisible }: MapView,
  path: string,
): { x: number; y: number } | null {
  if (!graph.hasNode(path) || !isVisible(path)) return null;
  const a = graph.getNodeAttributes(path);
  const p = sigma.graphToViewport({ x: a.x, y: a.y });
  const { width, height } = sigma.getDimensions();
  if (p.x < 0 || p.y < 0 || p.x > width || p.y > height) return null;
  const rect = sigma.getContainer().getBoundingClientRect();
  return { x: rect.left + p.x, y: rect.top + p.y };
}

/** The node the cursor moves to toward `dir`: among `from`'s neighbours first, else the nearest visible node. */
export function nextInDirection(
  { sigma, graph, isVisible }: MapView,
  from: string | null,
  neighbours: Iterable<string>,
  dir: Direction,
): string | null {
  const candidates = (from === null ? [] : [...neighbours]).filter((k) => isVisible(k));
  const pos = (k: string) => {
    const a = graph.getNodeAttributes(k);
    return sigma.graphToViewport({ x: a.x, y: a.y });
  };
  const { width, height } = sigma.getDimensions();
  const origin = from === null ? { x: width / 2, y: height / 2 } : pos(from);
  const next = nearestInDirection(origin, dir, candidates, pos);
  if (next !== null) return next;
  const all: string[] = [];
  graph.forEachNode((k) => {
    if (k !== from && isVisible(k)) all.push(k);
  });
  return nearestInDirection(origin, from === null ? null : dir, all, pos);
}

/** The visible neighbours of a node, sorted by path. */
export function visibleNeighbours({ graph, isVisible }: MapView, key: string): string[] {
  if (!graph.hasNode(key)) return [];
  return graph
    .neighbors(key)
    .filter((k) => isVisible(k))
    .sort();
}

/** One zoom step in (1) or out (-1), or back to the whole map (0), animated. */
export function zoomStep(sigma: Pick<Sigma, 'getCamera'>, dir: 1 | -1 | 0): void {
  const camera = sigma.getCamera();
  if (dir === 1) void camera.animatedZoom({ duration: 200 });
  else if (dir === -1) void camera.animatedUnzoom({ duration: 200 });
  else void camera.animatedReset({ duration: 200 });
}
