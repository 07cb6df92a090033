// Which node is under the pointer, answered on the CPU from a grid of node positions. sigma answers it by
// reading its picking texture back from the GPU (gl.readPixels), which waits for every frame in flight: under
// software WebGL on a 10,000-node map that wait is most of a click's cost and stalls pans. The grid is rebuilt
// when positions change (a map update); hidden nodes never answer; the nearest centre wins among overlaps.
import type Graph from 'graphology';
import type Sigma from 'sigma';
import type { EdgeAttrs, NodeAttrs } from './graph-build';

type Pt = { x: number; y: number };

export class HitIndex {
  private cells = new Map<string, string[]>();
  private cell = 1;
  private maxSize = 0;

  constructor(
    private readonly sigma: Pick<
      Sigma<NodeAttrs, EdgeAttrs>,
      'graphToViewport' | 'viewportToGraph' | 'scaleSize'
    >,
    private graph: Graph<NodeAttrs, EdgeAttrs>,
  ) {}

  rebuild(graph: Graph<NodeAttrs, EdgeAttrs>): void {
    this.graph = graph;
    this.cells.clear();
    let max = 0;
    graph.forEachNode((_k, a) => void (max = Math.max(max, a.baseSize)));
    this.maxSize = max * 1.5;
    this.cell = Math.max(max * 4, 1e-9);
    graph.forEachNode((k, a) => {
      const key = `${Math.floor(a.x / this.cell)},${Math.floor(a.y / this.cell)}`;
      const list = this.cells.get(key);
      if (list === undefined) this.cells.set(key, [k]);
      else list.push(k);
    });
  }

  /** The visible node drawn under a viewport point (CSS px in the map), or null. */
  at(p: Pt): string | null {
    const s = this.sigma;
    const g = s.viewportToGraph(p);
    const o = s.graphToViewport({ x: 0, y: 0 });
    const u = s.graphToViewport({ x: this.cell, y: 0 });
    const pxPerCell = Math.hypot(u.x - o.x, u.y - o.y);
    if (!(pxPerCell > 0)) return null;
    // Search as far as the biggest node's drawn radius (plus a little slack for tiny nodes).
    const reach = Math.ceil((s.scaleSize(this.maxSize) + 4) / pxPerCell);
    const cx = Math.floor(g.x / this.cell);
    const cy = Math.floor(g.y / this.cell);
    let best: string | null = null;
    let bestD = Infinity;
    for (let ix = cx - reach; ix <= cx + reach; ix++)
      for (let iy = cy - reach; iy <= cy + reach; iy++) {
        const list = this.cells.get(`${ix},${iy}`);
        if (list === undefined) continue;
        for (const k of list) {
          const a = this.graph.getNodeAttributes(k);
          if (a.hidden === true) continue;
          const q = s.graphToViewport({ x: a.x, y: a.y });
          const d = Math.hypot(q.x - p.x, q.y - p.y);
          if (d <= Math.max(s.scaleSize(a.size), 3) && d < bestD) {
            best = k;
            bestD = d;
          }
        }
      }
    return best;
  }
}
