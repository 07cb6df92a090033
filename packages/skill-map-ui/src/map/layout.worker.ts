// The layout's circle packing off the main thread: one message in (the nodes and the positions to keep), one out
// (positions as flat numbers in node order, and the circles), so a 10,000-node pack never blocks input.
import { layoutNodes, type Cluster } from './layout';

export interface LayoutRequest {
  id: number;
  nodes: { path: string; provider: string }[];
  /** Kept positions: paths and their x, y pairs (null: none). */
  previous: { paths: string[]; xy: Float64Array } | null;
}

export interface LayoutResponse {
  id: number;
  /** x, y of `nodes[i]` at 2i, 2i+1 (NaN for a node the layout did not place). */
  xy: Float64Array;
  clusters: Cluster[];
}

interface WorkerScope {
  onmessage: ((e: MessageEvent<LayoutRequest>) => void) | null;
  postMessage(message: LayoutResponse, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (e) => {
  const { id, nodes, previous } = e.data;
  let prev: Map<string, { x: number; y: number }> | null = null;
  if (previous !== null) {
    prev = new Map();
    previous.paths.forEach((p, i) =>
      prev?.set(p, { x: previous.xy[i * 2] as number, y: previous.xy[i * 2 + 1] as number }),
    );
  }
  const layout = layoutNodes(nodes, prev);
  const xy = new Float64Array(nodes.length * 2);
  nodes.forEach((n, i) => {
    const p = layout.positions.get(n.path);
    xy[i * 2] = p?.x ?? Number.NaN;
    xy[i * 2 + 1] = p?.y ?? Number.NaN;
  });
  scope.postMessage({ id, xy, clusters: layout.clusters }, [xy.buffer]);
};
