// A brief pulse around a node that just ran (a live event, not a summary): an expanding, fading circle drawn on
// a 2D canvas above sigma's layers for PULSE_MS. Frames are requested only while a pulse runs, and each draws only
// the pulsing nodes; sigma redraws nothing for it. Off when the person asks for reduced motion.
import type Sigma from 'sigma';
import type { EdgeAttrs, NodeAttrs } from './graph-build';
import type Graph from 'graphology';
import { setShown } from './layer-hygiene';
import { prepareOverlay } from './overlay-canvas';

const PULSE_MS = 1200;

export class PulseLayer {
  readonly canvas = document.createElement('canvas');
  private readonly started = new Map<string, number>();
  private frame: number | null = null;
  /** The nodes of the latest pulse (for tests: a pulse is too short to poll for). */
  last: string[] = [];

  constructor(private readonly sigma: Sigma<NodeAttrs, EdgeAttrs>) {
    this.canvas.className = 'map-pulse';
    this.canvas.setAttribute('aria-hidden', 'true');
    Object.assign(this.canvas.style, { position: 'absolute', inset: '0', pointerEvents: 'none' });
    setShown(this.canvas, false); // shown only while a pulse runs
    const hovers = sigma.getCanvases().hovers;
    hovers?.parentElement?.insertBefore(this.canvas, hovers);
  }

  /** Pulses these nodes once, drawn in `color`. */
  pulse(graph: Graph<NodeAttrs, EdgeAttrs>, keys: readonly string[], color: string): void {
    if (keys.length === 0 || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const now = performance.now();
    this.last = [...keys];
    for (const k of keys) this.started.set(k, now);
    if (this.frame === null) this.frame = requestAnimationFrame(() => this.draw(graph, color));
  }

  private draw(graph: Graph<NodeAttrs, EdgeAttrs>, color: string): void {
    this.frame = null;
    const overlay = prepareOverlay(this.canvas, this.sigma);
    if (overlay === null) return;
    const { ctx } = overlay;
    setShown(this.canvas, true);
    const now = performance.now();
    ctx.strokeStyle = color;
    for (const [k, t0] of this.started) {
      const p = (now - t0) / PULSE_MS;
      if (p >= 1 || !graph.hasNode(k)) {
        this.started.delete(k);
        continue;
      }
      const a = graph.getNodeAttributes(k);
      if (a.hidden === true) continue;
      const c = this.sigma.graphToViewport({ x: a.x, y: a.y });
      const r = Math.max(this.sigma.scaleSize(a.size), 3);
      ctx.globalAlpha = 1 - p;
      ctx.lineWidth = 3 * (1 - p) + 1;
      ctx.beginPath();
      ctx.arc(c.x, c.y, r * (1 + 1.6 * p) + 2, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
    if (this.started.size > 0) this.frame = requestAnimationFrame(() => this.draw(graph, color));
    setShown(this.canvas, this.started.size > 0);
  }
}
