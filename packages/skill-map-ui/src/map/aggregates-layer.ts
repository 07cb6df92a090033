// Draws the semantic zoom's aggregates (aggregate.ts) on a 2D canvas behind sigma's nodes, after each sigma render:
// the summed links first (width by count, the heaviest few hundred), then one disc per aggregate at its circle
// (host colour, ring by worst shown severity), its name and node count as a label (largest first, a label that
// would overlap one already placed is left out) and its issue count as a badge. Off-screen items are skipped.
import type Sigma from 'sigma';
import type { Aggregate, AggLink } from './aggregate';
import { hostColor, palette, withAlpha, type Theme } from './colors';
import { PanShift, setShown } from './layer-hygiene';
import { prepareOverlay } from './overlay-canvas';

/** The heaviest links drawn (more would be a hairball again). */
const MAX_LINKS = 250;
const FONT = '600 12px system-ui, sans-serif';
const LABEL_H = 16;

type Pt = { x: number; y: number };

/** One aggregate as drawn this frame, in viewport CSS pixels (the debug surface's `aggregates`). */
export interface DrawnAggregate {
  key: string;
  label: string;
  kind: Aggregate['kind'];
  count: number;
  severity: Aggregate['severity'];
  issues: Aggregate['issues'];
  x: number;
  y: number;
  r: number;
  /** The label's box, null when it was left out (no room without overlapping another). */
  labelBox: { text: string; x: number; y: number; w: number; h: number } | null;
}

export class AggregatesLayer {
  readonly canvas = document.createElement('canvas');
  theme: Theme = 'light';
  drawn: DrawnAggregate[] = [];
  /** The issue badges drawn this frame (the label layer places no name over one). */
  badges: { key: string; x: number; y: number; w: number; h: number }[] = [];
  /** Text widths already measured (measureText is most of a frame's work here). */
  private readonly widths = new Map<string, number>();
  private readonly shift = new PanShift(this.canvas);

  constructor() {
    this.canvas.className = 'map-clusters map-aggregates';
    this.canvas.setAttribute('aria-hidden', 'true');
  }

  /** Draws the aggregates for sigma's frame; while the camera pans (`moving`, same zoom) it moves what it drew. */
  draw(
    sigma: Pick<Sigma, 'getDimensions' | 'graphToViewport' | 'getCamera'>,
    aggregates: readonly Aggregate[],
    links: readonly AggLink[],
    hosts: readonly string[],
    positionOf: (key: string) => Pt | undefined,
    moving = false,
  ): void {
    if (this.shift.shifted(sigma, moving, [aggregates, links, hosts, this.theme])) return;
    const overlay = prepareOverlay(this.canvas, sigma);
    this.drawn = [];
    this.badges = [];
    setShown(this.canvas, overlay !== null && aggregates.length > 0);
    if (overlay === null || aggregates.length === 0) return;
    const { ctx, width, height } = overlay;
    const pal = palette(this.theme);
    const onScreen = (p: Pt, r: number) =>
      p.x + r >= 0 && p.y + r >= 0 && p.x - r <= width && p.y - r <= height;
    const centre = new Map<string, Pt>();
    const items = aggregates.map((a) => {
      const p = sigma.graphToViewport({ x: a.x, y: a.y });
      const q = sigma.graphToViewport({ x: a.x + a.r, y: a.y });
      const r = Math.max(4, Math.hypot(q.x - p.x, q.y - p.y) * 0.92);
      centre.set(a.key, p);
      return { a, p, r };
    });
    ctx.lineCap = 'round';
    ctx.strokeStyle = withAlpha(pal.label, this.theme === 'light' ? 0.16 : 0.22);
    for (const l of links.slice(0, MAX_LINKS)) {
      const s = centre.get(l.source) ?? this.viewport(sigma, positionOf(l.source));
      const t = centre.get(l.target) ?? this.viewport(sigma, positionOf(l.target));
      if (s === undefined || t === undefined) continue;
      if (
        Math.max(s.x, t.x) < 0 ||
        Math.min(s.x, t.x) > width ||
        Math.max(s.y, t.y) < 0 ||
        Math.min(s.y, t.y) > height
      )
        continue;
      ctx.lineWidth = Math.min(6, 0.75 + Math.log2(l.weight));
      ctx.beginPath();
      ctx.moveTo(s.x, s.y);
      ctx.lineTo(t.x, t.y);
      ctx.stroke();
    }
    const boxes: { x: number; y: number; w: number; h: number }[] = [];
    const visible = items.filter(({ p, r }) => onScreen(p, r)).sort((x, y) => y.a.count - x.a.count);
    for (const { a, p, r } of visible) {
      const hc = hostColor(a.host, hosts, this.theme);
      ctx.beginPath();
      ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
      ctx.fillStyle = withAlpha(hc, this.theme === 'light' ? 0.16 : 0.26);
      ctx.fill();
      ctx.setLineDash(a.kind === 'plugin' ? [4, 3] : []);
      ctx.lineWidth = a.severity >= 2 ? 2.5 : a.kind === 'host' ? 2 : 1.25;
      ctx.strokeStyle = a.severity === 3 ? pal.error : a.severity === 2 ? pal.warn : withAlpha(hc, 0.7);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    // Issue badges first: labels are placed around them.
    for (const { a, p, r } of visible) {
      const n = a.issues.error + a.issues.warn + a.issues.info;
      if (n > 0 && r >= 8) {
        const b = this.badge(ctx, p, r, n, a.severity, pal);
        boxes.push(b);
        this.badges.push({ key: a.key, ...b });
      }
    }
    ctx.font = FONT;
    for (const { a, p, r } of visible) {
      // The first free place among: the name and count inside the disc, below it, above it; then the name alone.
      const name = `${a.label}${a.kind === 'plugin' ? ' (plugin)' : ''}`;
      let placed: { text: string; cy: number; box: Box } | null = null;
      for (const text of [`${name} · ${a.count}`, name]) {
        const w = this.width(ctx, text) + 8;
        const spots = [p.y + r + LABEL_H / 2 + 2, p.y - r - LABEL_H / 2 - 2];
        if (w <= r * 2) spots.unshift(p.y);
        for (const cy of spots) {
          const box = { x: p.x - w / 2, y: cy - LABEL_H / 2, w, h: LABEL_H };
          const inView = box.x >= 0 && box.y >= 0 && box.x + box.w <= width && box.y + box.h <= height;
          if (inView && !boxes.some((o) => overlaps(o, box))) {
            placed = { text, cy, box };
            break;
          }
        }
        if (placed !== null) break;
      }
      if (placed !== null) {
        boxes.push(placed.box);
        ctx.lineWidth = 3;
        ctx.strokeStyle = pal.bg;
        ctx.strokeText(placed.text, p.x, placed.cy);
        ctx.fillStyle = pal.label;
        ctx.fillText(placed.text, p.x, placed.cy);
      }
      this.drawn.push({
        key: a.key,
        label: a.label,
        kind: a.kind,
        count: a.count,
        severity: a.severity,
        issues: a.issues,
        x: p.x,
        y: p.y,
        r,
        labelBox: placed === null ? null : { text: placed.text, ...placed.box },
      });
    }
  }

  /** `text`'s width in the context's current font; `font` names that font in the cache. */
  private width(ctx: CanvasRenderingContext2D, text: string, font = 'label'): number {
    const key = `${font}\n${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      if (this.widths.size > 5000) this.widths.clear();
      w = ctx.measureText(text).width;
      this.widths.set(key, w);
    }
    return w;
  }

  /** The drawn aggregate under a viewport point, or null. */
  at(p: Pt): DrawnAggregate | null {
    let best: DrawnAggregate | null = null;
    for (const d of this.drawn)
      if (Math.hypot(d.x - p.x, d.y - p.y) <= d.r && (best === null || d.r < best.r)) best = d;
    return best;
  }

  private viewport(sigma: Pick<Sigma, 'graphToViewport'>, p: Pt | undefined): Pt | undefined {
    return p === undefined ? undefined : sigma.graphToViewport(p);
  }

  private badge(
    ctx: CanvasRenderingContext2D,
    p: Pt,
    r: number,
    n: number,
    severity: number,
    pal: ReturnType<typeof palette>,
  ): { x: number; y: number; w: number; h: number } {
    const text = n > 999 ? '999+' : String(n);
    ctx.font = '600 10px system-ui, sans-serif';
    const w = Math.max(16, this.width(ctx, text, 'badge') + 8);
    const x = p.x + r * 0.7;
    const y = p.y - r * 0.7;
    ctx.fillStyle = severity === 3 ? pal.error : severity === 2 ? pal.warn : pal.clusterLabel;
    ctx.beginPath();
    ctx.roundRect(x - w / 2, y - 8, w, 16, 8);
    ctx.fill();
    ctx.fillStyle = '#ffffff';
    ctx.fillText(text, x, y + 0.5);
    return { x: x - w / 2, y: y - 8, w, h: 16 };
  }
}

type Box = { x: number; y: number; w: number; h: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
