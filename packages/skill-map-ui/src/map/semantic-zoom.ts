// The semantic zoom's state on the page: the aggregate index of the current map, the cut for the current zoom
// (recomputed on every camera move; cheap, over the folder circles only), the folders opened by a click and the
// pinned node (the selection), and the layer that draws the aggregates. When the set of hidden nodes changes the
// renderer is told, and it redraws only the nodes whose visibility flipped.
import type Sigma from 'sigma';
import type { MapProjection } from '../api/types';
import { cutAggregates, indexAggregatesSteps, type AggregateIndex, type Cut } from './aggregate';
import { AggregatesLayer } from './aggregates-layer';
import type { Theme } from './colors';
import { defineDebugField } from './debug-hooks';
import { ALONE, type Step } from './first-build';
import type { Cluster, Point } from './layout';

/** How long the camera rests before the cut follows it. */
const SETTLE_MS = 90;
const EMPTY: Cut = { aggregates: [], links: [], collapsed: new Map() };

export class SemanticZoom {
  readonly layer = new AggregatesLayer();
  private index: AggregateIndex | null = null;
  private map: MapProjection | null = null;
  private hosts: string[] = [];
  private cut: Cut = EMPTY;
  private signature = '';
  private closed: ReadonlySet<string> = new Set();
  /** Folder key → the camera ratio it was opened at (zooming out well past it closes it again). */
  private readonly opened = new Map<string, number>();
  private pinned: string[] = [];
  private visible: ReadonlySet<string> | null = null;
  private severities: ReadonlySet<'error' | 'warn' | 'info'> | undefined;
  private readonly undebug: (() => void)[] = [];
  private settle: ReturnType<typeof setTimeout> | null = null;
  private lastPx = 0;

  constructor(
    private readonly sigma: Sigma,
    private readonly positionOf: (key: string) => Point | undefined,
    /** Called when the hidden nodes changed (after the cut was replaced). */
    private readonly onChange: () => void,
  ) {
    // While the camera moves (a wheel, an animation), the cut is taken once it rests: the nodes hidden or shown
    // by crossing several thresholds are redrawn once, not at every step.
    sigma.getCamera().on('updated', () => {
      if (this.settle !== null) clearTimeout(this.settle);
      this.settle = setTimeout(() => {
        this.settle = null;
        // A pan keeps the zoom: the cut is the same.
        if (this.pxPerUnit() !== this.lastPx) this.recompute(true);
      }, SETTLE_MS);
    });
    this.undebug.push(
      defineDebugField('aggregates', () => this.layer.drawn.map((d) => ({ ...d }))),
      defineDebugField('collapsedNodes', () => this.cut.collapsed.size),
    );
  }

  set theme(t: Theme) {
    this.layer.theme = t;
  }

  /** A new map (and its layout's circles): indexes it and cuts at the current zoom, silently. */
  setMap(map: MapProjection, clusters: readonly Cluster[]): void {
    for (const step of this.setMapSteps(map, clusters)) void step;
  }

  /** setMap in steps (the index's, then the cut), for a caller that pauses between them. */
  *setMapSteps(map: MapProjection, clusters: readonly Cluster[]): Generator<Step, void, void> {
    const index = yield* indexAggregatesSteps(map, clusters);
    this.map = map;
    this.index = index;
    this.hosts = [...new Set(clusters.map((c) => c.host))].sort();
    yield ALONE; // the cut reads the whole map in one call
    this.recompute(false);
  }

  setVisible(visible: ReadonlySet<string> | null): void {
    this.visible = visible;
    this.recompute(false);
  }

  /** The issue severities counted on aggregates (the issues view's filter). */
  setSeverities(shown: ReadonlySet<'error' | 'warn' | 'info'>): void {
    this.severities = shown;
    this.recompute(false);
  }

  setPinned(path: string | null): boolean {
    const next = path === null ? [] : [path];
    if (next.join() === this.pinned.join()) return false;
    this.pinned = next;
    return this.recompute(false);
  }

  /** Whether the node is hidden inside an aggregate. */
  hides(path: string): boolean {
    return this.cut.collapsed.has(path);
  }

  /** The keys of the circles the cluster layer leaves to the aggregates: every closed one and all inside. */
  closedCircles(): ReadonlySet<string> {
    return this.closed;
  }

  private closedOf(): Set<string> {
    const out = new Set<string>();
    for (const a of this.cut.aggregates) out.add(a.key);
    if (out.size === 0) return out;
    const prefixes = this.cut.aggregates.map((a) => (a.key.endsWith(':') ? a.key : `${a.key}/`));
    for (const f of this.allFolders()) if (prefixes.some((p) => f.startsWith(p))) out.add(f);
    return out;
  }

  /** Opens the aggregate under a viewport point; true when there was one. */
  openAt(p: { x: number; y: number }): boolean {
    const hit = this.layer.at(p);
    if (hit === null) return false;
    this.opened.set(hit.key, this.sigma.getCamera().ratio);
    this.recompute(true);
    return true;
  }

  /** Draws the aggregates for sigma's frame (`moving`: the camera moves, a pan only shifts the layer). */
  draw(moving = false): void {
    this.layer.draw(this.sigma, this.cut.aggregates, this.cut.links, this.hosts, this.positionOf, moving);
  }

  kill(): void {
    if (this.settle !== null) clearTimeout(this.settle);
    for (const u of this.undebug) u();
  }

  /**
   * Screen pixels per layout unit, as sigma frames the map's box (its custom bbox, set by the renderer) at the
   * camera's ratio: computed, not measured, so it holds before sigma has processed a new graph.
   */
  private pxPerUnit(): number {
    const b = this.sigma.getCustomBBox();
    const { width, height } = this.sigma.getDimensions();
    if (b === null || width === 0 || height === 0) return 1;
    const gw = b.x[1] - b.x[0];
    const gh = b.y[1] - b.y[0];
    const extent = Math.max(gw, gh);
    if (!(extent > 0)) return 1;
    const smallest = Math.min(width, height) - 2 * this.sigma.getStagePadding();
    const vr = height / width;
    const gr = gh / gw;
    // sigma's correction ratio (normalization.ts getCorrectionRatio).
    const correction =
      (vr < 1 && gr > 1) || (vr > 1 && gr < 1) ? 1 : Math.min(Math.max(gr, 1 / gr), Math.max(1 / vr, vr));
    return (smallest * correction) / extent / this.sigma.getCamera().ratio;
  }

  /** Cuts again; true (and `onChange` when `notify`) when the hidden nodes changed. */
  private recompute(notify: boolean): boolean {
    if (this.index === null || this.map === null) return false;
    const ratio = this.sigma.getCamera().ratio;
    for (const [k, at] of this.opened) if (ratio > at * 2) this.opened.delete(k);
    this.lastPx = this.pxPerUnit();
    const cut = cutAggregates(this.index, {
      pxPerUnit: this.lastPx,
      opened: new Set(this.opened.keys()),
      pinned: this.pinned,
      visible: this.visible,
      severities: this.severities,
    });
    const signature = cut.aggregates.map((a) => `${a.key}:${a.count}`).join('\n');
    const changed = signature !== this.signature;
    this.cut = cut;
    this.signature = signature;
    if (changed) this.closed = this.closedOf();
    if (changed && notify) this.onChange();
    return changed;
  }

  private allFolders(): string[] {
    const out: string[] = [];
    const walk = (n: { key: string; children: { key: string; children: never[] }[] }): void => {
      out.push(n.key);
      for (const c of n.children) walk(c);
    };
    for (const r of this.index?.roots ?? []) walk(r as never);
    return out;
  }
}
