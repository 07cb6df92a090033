// The layer that sets a selection apart: a translucent wash of the background over sigma's nodes, edges and
// labels, with the selected node's own links drawn on it; the selected node and its neighbours are sigma's
// highlighted nodes, drawn above it. One fill and a few lines per frame, whatever the map's size, where
// recolouring every other node and edge would touch them all on each selection.
import type Graph from 'graphology';
import type Sigma from 'sigma';
import { withAlpha, type Palette } from './colors';
import type { EdgeAttrs, NodeAttrs } from './graph-build';

export class FocusLayer {
  readonly canvas = document.createElement('canvas');
  private shown = false;

  constructor() {
    this.canvas.className = 'map-focus';
    this.canvas.setAttribute('aria-hidden', 'true');
    Object.assign(this.canvas.style, { position: 'absolute', inset: '0', pointerEvents: 'none' });
  }

  draw(
    sigma: Pick<Sigma, 'getDimensions' | 'graphToViewport'>,
    graph: Graph<NodeAttrs, EdgeAttrs>,
    focus: string | null,
    pal: Palette,
  ): void {
    const c = this.canvas;
    if (focus === null || !graph.hasNode(focus)) {
      if (this.shown) c.getContext('2d')?.clearRect(0, 0, c.width, c.height);
      this.shown = false;
      c.style.visibility = 'hidden';
      return;
    }
    const { width, height } = sigma.getDimensions();
    const dpr = window.devicePixelRatio || 1;
    if (c.width !== Math.round(width * dpr) || c.height !== Math.round(height * dpr)) {
      c.width = Math.round(width * dpr);
      c.height = Math.round(height * dpr);
      c.style.width = `${width}px`;
      c.style.height = `${height}px`;
    }
    const ctx = c.getContext('2d');
    if (ctx === null) return;
    this.shown = true;
    c.style.visibility = 'visible';
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.fillStyle = withAlpha(pal.bg, 0.78);
    ctx.fillRect(0, 0, width, height);
    ctx.lineCap = 'round';
    graph.forEachEdge(focus, (_e, a, source, target, sa, ta) => {
      if (sa.hidden === true || ta.hidden === true) return;
      const p = sigma.graphToViewport({ x: sa.x, y: sa.y });
      const q = sigma.graphToViewport({ x: ta.x, y: ta.y });
      ctx.strokeStyle = a.color;
      ctx.lineWidth = source === focus || target === focus ? 1.5 + 1.5 * a.confidence : 1;
      ctx.beginPath();
      ctx.moveTo(p.x, p.y);
      ctx.lineTo(q.x, q.y);
      ctx.stroke();
    });
  }
}
