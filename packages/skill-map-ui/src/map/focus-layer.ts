// The layer that sets a selection apart: a translucent wash of the background over sigma's nodes, edges and
// labels, with the selected node's own links drawn on it; the selected node and its neighbours are sigma's
// highlighted nodes, drawn above it. One fill and a few lines per frame, whatever the map's size, where
// recolouring every other node and edge would touch them all on each selection.
import type Graph from 'graphology';
import type Sigma from 'sigma';
import { withAlpha, type Palette } from './colors';
import type { EdgeAttrs, NodeAttrs } from './graph-build';
import { prepareOverlay } from './overlay-canvas';

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
    const overlay = prepareOverlay(c, sigma);
    if (overlay === null) return;
    const { ctx, width, height } = overlay;
    this.shown = true;
    c.style.visibility = 'visible';
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
