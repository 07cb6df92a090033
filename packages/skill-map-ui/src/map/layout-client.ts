// Runs the layout (layout.ts) in a Web Worker (layout.worker.ts) so that packing a big map never blocks input;
// the answer is the same Layout the pure function returns. Without Worker support, or when the worker fails, the
// layout runs here on the main thread, as before.
import { layoutNodes, type Layout, type Point } from './layout';
import type { LayoutRequest, LayoutResponse } from './layout.worker';

type Nodes = readonly { path: string; provider: string }[];

export class LayoutClient {
  private worker: Worker | null | undefined;
  private next = 1;
  private readonly waiting = new Map<
    number,
    { nodes: Nodes; resolve: (l: Layout) => void; previous: ReadonlyMap<string, Point> | null }
  >();

  /** The layout of `nodes`, keeping `previous` positions (see layoutNodes). */
  layout(nodes: Nodes, previous: ReadonlyMap<string, Point> | null): Promise<Layout> {
    const worker = this.start();
    if (worker === null) return Promise.resolve(layoutNodes(nodes, previous));
    const id = this.next++;
    const message: LayoutRequest = {
      id,
      nodes: nodes.map((n) => ({ path: n.path, provider: n.provider })),
      previous: previous === null ? null : flatten(previous),
    };
    return new Promise((resolve) => {
      this.waiting.set(id, { nodes, resolve, previous });
      worker.postMessage(message, message.previous === null ? [] : [message.previous.xy.buffer]);
    });
  }

  kill(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  private start(): Worker | null {
    if (this.worker !== undefined) return this.worker;
    if (typeof Worker === 'undefined') return (this.worker = null);
    try {
      const w = new Worker(new URL('./layout.worker.ts', import.meta.url), {
        type: 'module',
        name: 'map-layout',
      });
      w.onmessage = (e: MessageEvent<LayoutResponse>) => this.answer(e.data);
      // A worker that cannot load or throws: every pending layout, and every later one, runs here.
      w.onerror = () => this.fallBack();
      this.worker = w;
    } catch {
      this.worker = null;
    }
    return this.worker;
  }

  private answer({ id, xy, clusters }: LayoutResponse): void {
    const job = this.waiting.get(id);
    if (job === undefined) return;
    this.waiting.delete(id);
    const positions = new Map<string, Point>();
    job.nodes.forEach((n, i) => {
      const x = xy[i * 2] as number;
      const y = xy[i * 2 + 1] as number;
      if (!Number.isNaN(x)) positions.set(n.path, { x, y });
    });
    job.resolve({ positions, clusters });
  }

  private fallBack(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const [id, job] of this.waiting) {
      this.waiting.delete(id);
      job.resolve(layoutNodes(job.nodes, job.previous));
    }
  }
}

function flatten(previous: ReadonlyMap<string, Point>): { paths: string[]; xy: Float64Array } {
  const paths: string[] = [];
  const xy = new Float64Array(previous.size * 2);
  let i = 0;
  for (const [p, { x, y }] of previous) {
    paths.push(p);
    xy[i++] = x;
    xy[i++] = y;
  }
  return { paths, xy };
}
