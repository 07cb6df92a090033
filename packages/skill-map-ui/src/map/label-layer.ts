// Every label of the map, placed without overlap at any zoom: node names (sigma's own label layer is off) and the
// host/folder circles' names, drawn on one canvas above the nodes after each sigma render. Each frame places
// labels greedily in priority order against the boxes already drawn this frame (label-placer.ts): the selected
// node, its neighbours, the searched nodes, host names, folder names, then nodes with issues and the most linked.
// A label that finds no room (on the right of its node, else on its left) is left out; past BUDGET labels a frame
// stops. Names, not paths, unless the person asks for paths. The boxes drawn are kept in `boxes` (window.__smMap.labelBoxes).
import type Graph from 'graphology';
import type { AggregatesLayer } from './aggregates-layer';
import type { Palette } from './colors';
import type { LabelBox } from './debug-hooks';
import type { EdgeAttrs, NodeAttrs } from './graph-build';
import { LabelPlacer, type Box } from './label-placer';
import { setShown } from './layer-hygiene';
import { sortSteps } from './sort-steps';
import { prepareOverlay } from './overlay-canvas';

/** The boxes the semantic zoom drew this frame (its labels and issue badges): no name goes over one. */
export function takenBy(layer: Pick<AggregatesLayer, 'drawn' | 'badges'>): Taken[] {
  return [
    ...layer.drawn.flatMap((d) =>
      d.labelBox === null ? [] : [{ key: d.key, layer: 'aggregate' as const, ...d.labelBox }],
    ),
    ...layer.badges.map((b) => ({ ...b, text: '', layer: 'badge' as const })),
  ];
}

type Taken = Box & { key: string; text: string; layer: 'aggregate' | 'badge' };

/** A host/folder circle's name, in viewport pixels: centred on x, its circle's top at y. */
export interface ClusterLabel {
  key: string;
  text: string;
  x: number;
  y: number;
  host: boolean;
  color: string;
}

interface View {
  getDimensions(): { width: number; height: number };
  graphToViewport(p: { x: number; y: number }): { x: number; y: number };
}

const BUDGET = 300;
const FONT = 'system-ui, sans-serif';
const NODE_FONT = `12px ${FONT}`;
const NODE_BOLD = `600 12px ${FONT}`;
const HOST_FONT = `600 13px ${FONT}`;
const FOLDER_FONT = `11px ${FONT}`;
const H = 16;
/** Nodes drawn smaller than this radius (CSS px) get no label unless selected, a neighbour or searched. */
const MIN_RADIUS = 2.5;

export class LabelLayer {
  readonly canvas = document.createElement('canvas');
  boxes: LabelBox[] = [];
  /** Nodes labelled with their paths instead of their names (only when the person asks: the legend's choice). */
  paths = false;
  private rank: string[] = [];
  private searched: string[] = [];
  private readonly widths = new Map<string, number>();

  constructor() {
    this.canvas.className = 'map-labels';
    this.canvas.setAttribute('aria-hidden', 'true');
    Object.assign(this.canvas.style, { position: 'absolute', inset: '0', pointerEvents: 'none' });
  }

  /** The nodes in label priority: issues first (worst first), then the most linked, then by name. */
  setGraph(graph: Graph<NodeAttrs, EdgeAttrs>): void {
    for (const step of this.setGraphSteps(graph)) void step;
  }

  /** setGraph step by step (the sort pauses), for a caller that pauses between steps. */
  *setGraphSteps(graph: Graph<NodeAttrs, EdgeAttrs>): Generator<void, void, void> {
    // Scores and names read once (not per comparison: a 10,000-node sort makes ~140,000 of them).
    const items: { key: string; score: number; label: string }[] = [];
    graph.forEachNode((key, a) =>
      items.push({ key, score: a.severity * 1e6 + graph.degree(key), label: a.label }),
    );
    const byName = new Intl.Collator().compare; // localeCompare's order, without a collator per call
    const sorted = yield* sortSteps(items, (a, b) => b.score - a.score || byName(a.label, b.label));
    this.rank = sorted.map((i) => i.key);
  }

  /** The nodes whose name contains the search text (labelled before the others). */
  setSearch(text: string, graph: Graph<NodeAttrs, EdgeAttrs>): void {
    const q = text.trim().toLowerCase();
    const out: string[] = [];
    if (q !== '')
      graph.forEachNode((k, a) => {
        if (out.length < 50 && a.label.toLowerCase().includes(q)) out.push(k);
      });
    this.searched = out;
  }

  /** No labels (while the camera moves): the canvas is cleared once and left out of the page's layers. */
  clear(): void {
    this.boxes = [];
    if (this.canvas.style.visibility === 'hidden') return;
    const ctx = this.canvas.getContext('2d');
    ctx?.clearRect(0, 0, this.canvas.width, this.canvas.height);
    setShown(this.canvas, false);
  }

  draw(
    view: View,
    graph: Graph<NodeAttrs, EdgeAttrs>,
    o: {
      focus: string | null;
      neighbours: ReadonlySet<string>;
      pal: Palette;
      clusters: readonly ClusterLabel[];
      /** Boxes another layer drew this frame (the aggregates' labels and badges). */
      taken: readonly Taken[];
    },
  ): void {
    const overlay = prepareOverlay(this.canvas, view);
    if (overlay === null) return;
    setShown(this.canvas, true);
    const { ctx, width, height } = overlay;
    const placer = new LabelPlacer(BUDGET);
    const boxes: LabelBox[] = [];
    for (const t of o.taken) {
      placer.occupy(t);
      boxes.push({ key: t.key, text: t.text, x: t.x, y: t.y, w: t.w, h: t.h, layer: t.layer });
    }
    // One affine map graph → viewport for the frame (the camera does not change during a draw).
    const p0 = view.graphToViewport({ x: 0, y: 0 });
    const px = view.graphToViewport({ x: 1, y: 0 });
    const py = view.graphToViewport({ x: 0, y: 1 });
    const ax = px.x - p0.x;
    const bx = py.x - p0.x;
    const ay = px.y - p0.y;
    const by = py.y - p0.y;
    const scale = Math.hypot(ax, ay);
    const inView = (b: Box) => b.x >= 0 && b.y >= 0 && b.x + b.w <= width && b.y + b.h <= height;
    const dim = o.focus !== null;

    const node = (key: string, important: boolean): void => {
      if (!graph.hasNode(key)) return;
      const a = graph.getNodeAttributes(key);
      const text = this.paths ? a.path : a.label;
      if (a.hidden === true || text === '') return;
      const r = a.size * scale * (key === o.focus ? 1.5 : 1);
      if (!important && r < MIN_RADIUS) return;
      const x = p0.x + a.x * ax + a.y * bx;
      const y = p0.y + a.x * ay + a.y * by;
      if (x < -200 || y < -20 || x > width + 200 || y > height + 20) return;
      const font = key === o.focus ? NODE_BOLD : NODE_FONT;
      const w = this.width(ctx, text, font) + 4;
      const right = { x: x + r + 2, y: y - H / 2, w, h: H };
      const left = { x: x - r - 2 - w, y: y - H / 2, w, h: H };
      const box = [right, left].find((b) => inView(b) && placer.tryPlace(b));
      if (box === undefined) return;
      ctx.globalAlpha = dim && !important ? 0.3 : 1;
      ctx.font = font;
      ctx.strokeText(text, box.x + 2, y);
      ctx.fillText(text, box.x + 2, y);
      boxes.push({ key, text, ...box, layer: 'node' });
    };
    const cluster = (c: ClusterLabel): void => {
      if (placer.full) return;
      const font = c.host ? HOST_FONT : FOLDER_FONT;
      const w = this.width(ctx, c.text, font) + 4;
      const h = c.host ? 17 : 15;
      // Above the circle's top, else just inside it.
      const above = { x: c.x - w / 2, y: Math.max(c.y - 2, h) - h, w, h };
      const inside = { x: c.x - w / 2, y: c.y + 3, w, h };
      const box = [above, inside].find((b) => inView(b) && placer.tryPlace(b));
      if (box === undefined) return;
      ctx.globalAlpha = dim ? 0.5 : 1;
      ctx.font = font;
      ctx.fillStyle = c.color;
      ctx.strokeText(c.text, c.x - w / 2 + 2, box.y + h / 2);
      ctx.fillText(c.text, c.x - w / 2 + 2, box.y + h / 2);
      ctx.fillStyle = o.pal.label;
      boxes.push({ key: `cluster:${c.key}`, text: c.text, ...box, layer: 'cluster' });
    };

    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 3;
    ctx.lineJoin = 'round';
    ctx.strokeStyle = o.pal.bg;
    ctx.fillStyle = o.pal.label;
    if (o.focus !== null) {
      node(o.focus, true);
      for (const k of o.neighbours) if (!placer.full) node(k, true);
    }
    for (const k of this.searched) if (!placer.full) node(k, true);
    for (const c of o.clusters) if (c.host) cluster(c);
    for (const c of o.clusters) if (!c.host) cluster(c);
    for (const k of this.rank) {
      if (placer.full) break;
      if (k !== o.focus && !o.neighbours.has(k)) node(k, false);
    }
    ctx.globalAlpha = 1;
    this.boxes = boxes;
  }

  /** A label's width in a font (cached per font and text: measuring is the costly part). */
  private width(ctx: CanvasRenderingContext2D, text: string, font: string): number {
    const key = `${font}\u0000${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      ctx.font = font;
      w = ctx.measureText(text).width;
      if (this.widths.size > 50_000) this.widths.clear();
      this.widths.set(key, w);
    }
    return w;
  }
}
