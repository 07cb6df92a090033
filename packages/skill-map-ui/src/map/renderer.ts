// The map renderer as the page uses it (MapView.tsx): the selection cursor, live activity, the issue severities
// and theme, labels and search, camera moves and the read-only accessors browser tests use, over the core that
// owns sigma and the graph (renderer-core.ts).
import type Sigma from 'sigma';
import type { Severity } from '../api/types';
import type { ActivityState } from '../state/activity-model';
import type { CameraView } from '../state/view-history';
import type { SpawnEdgeInfo } from './activity-style';
import { frameNodes } from './camera-fit';
import { restoreCamera } from './camera-history';
import { currentTheme, palette, type Theme } from './colors';
import { defineDebugField } from './debug-hooks';
import type { Point } from './layout';
import {
  centerOn,
  nextInDirection,
  pagePosition,
  visibleNeighbours,
  zoomStep,
  type MapView,
} from './map-navigation';
import { edgeDrawn, nodeDrawn } from './drawn-items';
import { ringState } from './markers';
import type { Direction } from './navigate';
import { MapRendererCore } from './renderer-core';
import type { PreparedCanvases } from './sigma-canvases';

export { prepareCanvases } from './sigma-canvases';
import { refreshHighlights, refreshNodes } from './sigma-partial';

export class MapRenderer extends MapRendererCore {
  constructor(
    container: HTMLElement,
    /** A click on a node; `pathFrom`: with Shift, the node selected before (a path between the two). */
    onOpen: (path: string, pathFrom: string | null) => void,
    onCursor: (path: string | null) => void,
    canvases?: PreparedCanvases,
  ) {
    super(container, onOpen, onCursor, canvases);
    this.undebug.push(
      defineDebugField('ringOf', () => (key: string) => this.ringOf(key)),
      defineDebugField('selection', () => this.selectionState()),
      defineDebugField('drawn', () => this.drawnItems()),
    );
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () =>
      this.setTheme(currentTheme()),
    );
  }

  /** The severities whose markers show (the issues view's filter): rings and broken targets follow them. */
  setSeverities(shown: ReadonlySet<Severity>): void {
    if (shown === this.severities) return;
    this.severities = shown;
    this.zoomCut.setSeverities(shown);
    this.apply();
  }

  /** For tests: the ring a node is drawn with now, read from sigma's display data (null: no such node). */
  ringOf(key: string): string | null {
    return ringState(this.sigma.getNodeDisplayData(key), this.pal);
  }

  setTheme(theme: Theme): void {
    this.theme = theme;
    this.pal = palette(theme);
    this.clusters.theme = theme;
    this.zoomCut.theme = theme;
    this.sigma.setSetting('labelColor', { color: this.pal.label });
    this.apply();
  }

  /**
   * Live activity (the nodes that ran, the spawn pairs) and whether the overlay shows. Only the nodes and spawn
   * edges whose look changed are redrawn; adding or dropping a spawn edge has sigma process the graph once
   * (coalesced into the next frame).
   */
  setActivity(activity: ActivityState, shown: boolean, now = Date.now()): void {
    this.activity = activity;
    this.activityShown = shown;
    if (this.graph.order > 0) this.activityLayer.update(this.graph, activity, shown, this.pal, now);
  }

  /** For tests: a node's activity look (`ring|level`), null when the node's attributes do not carry it. */
  activityOf(key: string): string | null {
    const look = this.activityLayer.style.lookOf(key);
    if (look === null || !this.graph.hasNode(key)) return null;
    const a = this.graph.getNodeAttributes(key);
    return (a.activityRing ?? 0) > 0 && a.size > a.baseSize ? look : null;
  }

  /** For tests: the nodes of the latest "just ran" pulse. */
  lastPulse(): string[] {
    return this.activityLayer.lastPulse();
  }

  /** The spawn edges in the graph, each hidden or not by the filters and scope. */
  spawnEdges(): SpawnEdgeInfo[] {
    return this.activityLayer.style.spawnEdges(this.graph, (k) => this.isVisible(k));
  }

  /** How many nodes carry the activity ring, and how many spawn edges the graph holds. */
  activityCounts(): { ran: number; spawn: number } {
    return { ran: this.activityLayer.style.ranCount(), spawn: this.spawnEdges().length };
  }

  /** The keyboard/selection cursor (highlighted with its neighbourhood). */
  setCursor(path: string | null): void {
    if (this.building !== null && path !== null && path !== this.focus) {
      // The first map is being built: the cursor is set on it at the hand-over (dropped if it has no such node).
      this.focus = path;
      this.onCursor(path);
      return;
    }
    const next = path !== null && this.graph.hasNode(path) ? path : null;
    if (next === this.focus) return;
    const before = this.styleFocus(false);
    this.focus = next;
    // The selection's folders open (its aggregate would hide it).
    if (this.zoomCut.setPinned(next)) this.reapplyVisibility();
    this.computeNeighbours();
    const after = this.styleFocus(true);
    this.onCursor(next);
    const touched = [...new Set([...before, ...after])];
    if (!this.focusProcessed && refreshHighlights(this.sigma, touched, () => this.styleFocusDisplay())) {
      this.drawLabels();
      this.focusLayer.draw(this.sigma, this.graph, this.focus, this.pal);
      return;
    }
    this.focusProcessed = false;
    refreshNodes(this.sigma, this.graph, touched, new Set());
  }

  cursor(): string | null {
    return this.focus;
  }

  /** Node labels as paths (true) or names (false, the default). */
  setLabelPaths(on: boolean): void {
    if (this.labels.paths === on) return;
    this.labels.paths = on;
    this.drawLabels();
  }

  /** The search text: the nodes it names are labelled first. */
  setSearch(text: string): void {
    this.labels.setSearch(text, this.graph);
    this.drawLabels();
  }

  /** Brings a set of nodes into view (a focus view's). */
  frame(keys: Iterable<string>): void {
    frameNodes(this.sigma, keys);
  }

  /** Back to a view recorded in the history (state/view-history.ts). */
  restoreView(view: CameraView): void {
    restoreCamera(this.sigma, view);
  }

  /** For tests: the selected node, the nodes drawn highlighted, and whether the dimming layer shows. */
  private selectionState(): { node: string | null; highlighted: string[]; dimmed: boolean } {
    const highlighted: string[] = [];
    this.graph.forEachNode((k) => {
      if (this.sigma.getNodeDisplayData(k)?.highlighted === true) highlighted.push(k);
    });
    const dimmed = this.focusLayer.canvas.style.visibility === 'visible';
    return { node: this.focus, highlighted, dimmed };
  }

  /** For tests: the nodes and edges (`source`, `target`) sigma's buffers draw now, null when unreadable. */
  private drawnItems(): { nodes: string[]; edges: [string, string][] } | null {
    const s = this.sigma as unknown as Sigma;
    const nodes: string[] = [];
    const edges: [string, string][] = [];
    let known = true;
    this.graph.forEachNode((k) => {
      const d = nodeDrawn(s, k);
      if (d === null) known = false;
      else if (d) nodes.push(k);
    });
    this.graph.forEachEdge((e, _a, source, target) => {
      const d = edgeDrawn(s, e);
      if (d === null) known = false;
      else if (d) edges.push([source, target]);
    });
    return known ? { nodes, edges } : null;
  }

  private view(): MapView {
    return { sigma: this.sigma, graph: this.graph, isVisible: (k) => this.isVisible(k) };
  }

  /** Centres the camera on a node (zooming in when the map is zoomed out). */
  center(path: string, zoom = true): void {
    centerOn(this.view(), path, zoom);
  }

  /** Page CSS pixels of a node's centre, or null when it is absent, hidden or off the canvas. */
  viewportPosition(path: string): { x: number; y: number } | null {
    return pagePosition(this.view(), path);
  }

  /** Moves the cursor toward `dir`: among the cursor's neighbours first, else the nearest visible node. */
  move(dir: Direction): void {
    const next = nextInDirection(this.view(), this.focus, this.neighbours, dir);
    if (next !== null) this.reveal(next);
  }

  /** The visible neighbours of a node, sorted by path. */
  neighboursOf(key: string): string[] {
    return visibleNeighbours(this.view(), key);
  }

  reveal(key: string): void {
    this.setCursor(key);
    const p = this.viewportPosition(key);
    if (p === null) this.center(key, false);
  }

  zoom(dir: 1 | -1 | 0): void {
    zoomStep(this.sigma, dir);
  }

  positionsOf(): Map<string, Point> {
    return new Map(this.placement.positions ?? []);
  }

  kill(): void {
    this.alive = false;
    this.buildTicket++; // a first build under way stops
    for (const off of this.undebug) off();
    this.unfollow();
    this.zoomCut.kill();
    this.placement.kill();
    this.sigma.kill();
  }
}
