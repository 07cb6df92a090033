// Under software WebGL (SwiftShader, the machine's only WebGL in CI and on many VMs) the compositor blends every
// canvas of the map, at the map's full size, into every frame, whether anything was drawn on it or not: on a
// near-empty map that is most of a pan frame. So a canvas that shows nothing is not composited (visibility
// hidden): sigma's own label canvases (the label layer draws the labels), its hover layers while no node is
// hovered or highlighted, the edge layer while the camera moves (sigma draws no edge then), the label layer and the
// pulse layer while they are empty, the circle layers when no circle is on screen. And while the camera pans (same
// zoom), the circle and aggregate layers keep what they drew and follow the graph by a CSS translation (PanShift)
// instead of being drawn again; they are drawn afresh once the camera rests or the zoom changes.
import type Sigma from 'sigma';

/** Shows or hides (without layout) a canvas; touches its style only when that changes. */
export function setShown(canvas: HTMLCanvasElement | undefined | null, shown: boolean): void {
  if (canvas === undefined || canvas === null) return;
  const v = shown ? '' : 'hidden';
  if (canvas.style.visibility !== v) canvas.style.visibility = v;
}

interface HoverInternals {
  hoveredNode?: string | null;
  highlightedNodes?: ReadonlySet<string>;
  nodeDataCache?: Record<string, { hidden?: boolean } | undefined>;
  renderHighlightedNodes?: () => void;
}

/**
 * Takes sigma's never-drawn label canvases out of the page's layers, and shows its two hover layers only while a
 * node is hovered or highlighted (they are drawn by renderHighlightedNodes, on every render and on hover changes).
 */
export function hideIdleSigmaLayers(sigma: Sigma<never, never> | Sigma): void {
  const canvases = sigma.getCanvases();
  for (const id of ['labels', 'edgeLabels']) {
    const c = canvases[id];
    if (c !== undefined) c.style.display = 'none';
  }
  const s = sigma as unknown as HoverInternals;
  const original = s.renderHighlightedNodes;
  if (typeof original !== 'function') return;
  s.renderHighlightedNodes = function (this: unknown) {
    original.call(sigma);
    const hovered = s.hoveredNode ?? null;
    const any =
      (hovered !== null && s.nodeDataCache?.[hovered]?.hidden !== true) ||
      (s.highlightedNodes?.size ?? 0) > 0;
    setShown(canvases['hovers'], any);
    setShown(canvases['hoverNodes'], any);
  };
}

type Camera = { x: number; y: number; ratio: number; angle: number };
type View = Pick<Sigma, 'graphToViewport' | 'getDimensions'> & { getCamera(): { getState(): Camera } };

/**
 * An overlay drawn from the graph's coordinates that, while the camera only pans, is moved rather than redrawn:
 * `shifted` translates the canvas by how far the graph moved since the last draw and answers true (skip the
 * draw) when the camera is moving at the same zoom and angle, the viewport is the same size and the overlay's
 * content (`content`: the objects it was drawn from, compared by identity) is unchanged; otherwise it answers
 * false (draw now) and takes the current view as the new reference.
 */
export class PanShift {
  private ref: { ratio: number; angle: number; x: number; y: number; w: number; h: number } | null = null;
  private content: readonly unknown[] = [];

  constructor(private readonly canvas: HTMLCanvasElement) {}

  shifted(view: View, moving: boolean, content: readonly unknown[]): boolean {
    const cam = view.getCamera().getState();
    const o = view.graphToViewport({ x: 0, y: 0 });
    const { width: w, height: h } = view.getDimensions();
    const r = this.ref;
    const same =
      r !== null &&
      r.ratio === cam.ratio &&
      r.angle === cam.angle &&
      r.w === w &&
      r.h === h &&
      content.length === this.content.length &&
      content.every((c, i) => c === this.content[i]);
    if (moving && same) {
      this.canvas.style.transform = `translate(${o.x - r.x}px, ${o.y - r.y}px)`;
      return true;
    }
    this.ref = { ratio: cam.ratio, angle: cam.angle, x: o.x, y: o.y, w, h };
    this.content = content;
    if (this.canvas.style.transform !== '') this.canvas.style.transform = '';
    return false;
  }
}
