// The map renderer: one sigma.js (WebGL) instance for the page's life. New maps are merged into its graph in
// place. No reducers: filters, scope and selection write their visual state (hidden, highlighted, size, ring) on
// the graph items themselves, only on the items whose state changed, and sigma redraws just those
// (refresh with partialGraph + skipIndexation). The dimming around a selection is one translucent layer
// (FocusLayer) under sigma's highlight layers, not a recolouring of every node and edge.
import Graph from 'graphology';
import Sigma from 'sigma';
import {
  EdgeArrowProgram,
  EdgeLineProgram,
  EdgeRectangleProgram,
  type EdgeProgramType,
} from 'sigma/rendering';
import type { MapProjection, Severity } from '../api/types';
import { EMPTY_ACTIVITY, type ActivityState } from '../state/activity-model';
import { ActivityLayer } from './activity-layer';
import type { SpawnEdgeInfo } from './activity-style';
import { ClustersLayer } from './clusters-layer';
import { FocusLayer } from './focus-layer';
import { currentTheme, palette, type Palette, type Theme } from './colors';
import { desiredGraph, isGhost, syncGraph, type EdgeAttrs, type NodeAttrs } from './graph-build';
import type { Cluster, Point } from './layout';
import { focusDisplayData, refreshHighlights, refreshNodes } from './sigma-partial';
import { followContainerSize, isMoving, lightenMouseHandling } from './sigma-tweaks';
import { cacheEdgeLayer } from './edge-cache';
import { HitIndex } from './hit-index';
import { nearestInDirection, type Direction } from './navigate';
import { NodeHollow, NodeRing } from './node-programs';
import { hostsBox, Placement } from './placement';
import { defineDebugField } from './debug-hooks';
import { followCameraHistory, restoreCamera } from './camera-history';
import { frameNodes } from './camera-fit';
import type { CameraView } from '../state/view-history';
import { DEFAULT_SEVERITIES, ghostShown, ringState } from './markers';
import { SemanticZoom } from './semantic-zoom';
import { drawNodeHover } from './hover-draw';
import { LabelLayer, takenBy } from './label-layer';
import { hideIdleSigmaLayers } from './layer-hygiene';
import { compactProgramBuffers } from './compact-buffers';

type MapGraph = Graph<NodeAttrs, EdgeAttrs>;

export class MapRenderer {
  // multi: a spawn edge (live activity) may join two nodes a link already joins.
  private readonly unfollow: () => void;
  private graph: MapGraph = new Graph({ type: 'directed', multi: true });
  readonly sigma: Sigma<NodeAttrs, EdgeAttrs>;
  private readonly clusters = new ClustersLayer();
  private readonly focusLayer = new FocusLayer();
  private readonly labels = new LabelLayer();
  private readonly hits: HitIndex;
  /** Semantic zoom: the folders drawn as one aggregate at this zoom, their members hidden. */
  private readonly zoomCut: SemanticZoom;
  private clusterList: Cluster[] = [];
  private readonly placement = new Placement();
  private focusProcessed = false;
  private theme: Theme = currentTheme();
  private pal: Palette = palette(this.theme);
  private map: MapProjection | null = null;
  private visible: Set<string> | null = null;
  private focus: string | null = null;
  private neighbours = new Set<string>();
  private readonly activityLayer: ActivityLayer;
  private activity: ActivityState = EMPTY_ACTIVITY;
  private activityShown = true;
  private severities: ReadonlySet<Severity> = new Set(DEFAULT_SEVERITIES);
  private readonly undebug: Array<() => void> = [];

  constructor(
    private readonly container: HTMLElement,
    /** A click on a node; `pathFrom`: with Shift, the node selected before (a path between the two). */
    private readonly onOpen: (path: string, pathFrom: string | null) => void,
    private readonly onCursor: (path: string | null) => void,
  ) {
    container.prepend(this.clusters.canvas);
    const stage = document.createElement('div');
    stage.className = 'map-stage';
    container.append(stage);
    this.sigma = new Sigma(this.graph, stage, {
      nodeProgramClasses: { border: NodeRing, hollow: NodeHollow },
      defaultNodeType: 'border',
      // Wide edges (width by confidence) on small maps; one-pixel lines (cheaper to raster) past THIN_EDGES.
      edgeProgramClasses: {
        line: EdgeRectangleProgram,
        thin: EdgeLineProgram,
        spawn: EdgeArrowProgram,
      } as unknown as Record<string, EdgeProgramType<NodeAttrs, EdgeAttrs>>,
      itemSizesReference: 'positions',
      zoomToSizeRatioFunction: (r) => r,
      hideEdgesOnMove: true,
      hideLabelsOnMove: true,
      // Labels are the label layer's (placed without overlap, label-layer.ts), not sigma's grid.
      renderLabels: false,
      labelFont: 'system-ui, sans-serif',
      labelSize: 12,
      labelColor: { color: this.pal.label },
      minEdgeThickness: 0.6,
      // No z-sorting (it costs a sort of every edge per refresh): the selected node is drawn on the hover layer.
      zIndex: false,
      minCameraRatio: 0.002,
      maxCameraRatio: 4,
      stagePadding: 48,
      defaultDrawNodeHover: (ctx, data, settings) =>
        drawNodeHover(ctx, data, settings, { focus: this.focus, neighbours: this.neighbours, pal: this.pal }),
    });
    this.hits = new HitIndex(this.sigma, this.graph);
    lightenMouseHandling(this.sigma, (p) => this.hits.at(p));
    this.unfollow = followContainerSize(this.sigma);
    cacheEdgeLayer(this.sigma);
    hideIdleSigmaLayers(this.sigma as unknown as Sigma);
    compactProgramBuffers(this.sigma as unknown as Sigma);
    this.clusters.theme = this.theme;
    this.zoomCut = new SemanticZoom(
      this.sigma as unknown as Sigma,
      (k) => this.placement.positions?.get(k),
      () => this.reapplyVisibility(),
    );
    this.zoomCut.theme = this.theme;
    this.clusters.canvas.after(this.zoomCut.layer.canvas);
    this.sigma.on('clickStage', ({ event }) => void this.zoomCut.openAt(event));
    const hovers = this.sigma.getCanvases().hovers;
    hovers?.parentElement?.insertBefore(this.focusLayer.canvas, hovers);
    hovers?.parentElement?.insertBefore(this.labels.canvas, hovers);
    this.activityLayer = new ActivityLayer(this.sigma); // its pulses above the selection's wash
    this.sigma.on('beforeRender', () => {
      this.styleFocusDisplay();
      performance.mark('map:render');
    });
    this.sigma.on('afterProcess', () => {
      if (this.focus !== null) this.focusProcessed = true;
    });
    this.sigma.on('afterRender', () => {
      performance.measure('map:render', 'map:render');
      this.clusters.skip = this.zoomCut.closedCircles();
      const moving = isMoving(this.sigma);
      this.clusters.draw(this.sigma, moving);
      this.zoomCut.draw(moving);
      this.drawLabels();
      this.focusLayer.draw(this.sigma, this.graph, this.focus, this.pal);
      performance.measure('map:render+clusters', 'map:render');
    });
    this.sigma.on('clickNode', ({ node, event }) => {
      const from = this.focus;
      this.setCursor(node);
      if (!isGhost(node)) this.onOpen(node, event.original.shiftKey ? from : null);
    });
    this.sigma.on('enterNode', () => (stage.style.cursor = 'pointer'));
    this.sigma.on('leaveNode', () => (stage.style.cursor = ''));
    this.undebug.push(
      followCameraHistory(this.sigma),
      defineDebugField('ringOf', () => (key: string) => this.ringOf(key)),
      defineDebugField('camera', () => ({ ...this.sigma.getCamera().getState() })),
      defineDebugField('selection', () => this.selectionState()),
      defineDebugField('labelBoxes', () => this.labels.boxes.map((b) => ({ ...b }))),
    );
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () =>
      this.setTheme(currentTheme()),
    );
  }

  /** Resolves after the next frame sigma draws (after a pending layout is drawn). */
  nextRender(): Promise<void> {
    // Changes are drawn synchronously (see refresh): by now they are on the canvas, unless the layout is pending.
    return this.placement.settled();
  }

  /** Every node's visual state for the current filters and selection, written in place (no events). */
  private restyleAll(): void {
    this.graph.forEachNode((key, a) => {
      a.hidden = !this.isVisible(key);
      a.size = a.baseSize;
      a.ringColor = a.baseRing;
      a.highlighted = false;
      a.forceLabel = false;
    });
    this.styleFocus(true);
    this.activityLayer.style.apply(this.graph, this.activity, this.activityShown, this.pal, Date.now(), true);
  }

  /** Writes (on) or clears (off) the selection's state on the selected node and its neighbours. */
  private styleFocus(on: boolean): string[] {
    const f = this.focus;
    if (f === null || !this.graph.hasNode(f)) return [];
    const touched = [f, ...this.neighbours];
    for (const k of touched) this.graph.getNodeAttributes(k).highlighted = on;
    return touched;
  }

  /**
   * The selected node's look (bigger, selection ring) lives only in sigma's display data, which its highlight
   * layer draws from: the main node layer keeps the node as it is, so a selection change redraws only the
   * highlight layers (unless a full process wrote the look into the main layer meanwhile: focusProcessed).
   */
  private styleFocusDisplay(): void {
    const f = this.focus;
    if (f === null || !this.graph.hasNode(f)) return;
    const d = focusDisplayData(this.sigma, f);
    if (d === undefined) return;
    d.size = this.graph.getNodeAttribute(f, 'baseSize') * 1.5;
    d.ringColor = this.pal.selected;
  }

  /**
   * Merges a (re)loaded map in: positions kept for known nodes, the graph updated in place, camera untouched. A
   * map whose nodes all have positions is drawn at once; otherwise the layout runs in a Web Worker and the map is
   * drawn when it answers (nextRender waits for it; a newer map supersedes a pending one).
   */
  update(map: MapProjection): void {
    this.placement.place(map, (placed, circles) => {
      if (circles !== null) this.setClusters(circles);
      this.map = placed;
      this.zoomCut.setMap(placed, this.clusterList);
      this.apply();
    });
  }

  /** The cluster layer's circles; the camera frames the host circles (not only the node centres). */
  private setClusters(clusters: Cluster[]): void {
    this.clusterList = clusters;
    this.clusters.setClusters(clusters);
    const box = hostsBox(clusters);
    if (box !== null) this.sigma.setCustomBBox(box);
  }

  private apply(): void {
    const positions = this.placement.positions;
    if (this.map === null || positions === null) return;
    performance.mark('map:apply');
    const desired = desiredGraph(this.map, positions, this.theme, this.severities);
    performance.measure('map:desired', 'map:apply');
    if (this.graph.order === 0) {
      // First map: build the graph off-screen and hand it over (no per-node events).
      const g: MapGraph = new Graph({ type: 'directed', multi: true });
      syncGraph(g, desired);
      this.graph = g;
      if (this.focus !== null && !g.hasNode(this.focus)) this.focus = null;
      this.computeNeighbours();
      this.restyleAll();
      this.labels.setGraph(g); // before the draw: the frame drawn now places the node labels too
      this.sigma.setGraph(g); // processes and draws at once
    } else {
      syncGraph(this.graph, desired);
      if (this.focus !== null && !this.graph.hasNode(this.focus)) {
        this.focus = null;
        this.onCursor(null);
      }
      this.computeNeighbours();
      this.restyleAll();
      this.labels.setGraph(this.graph);
      this.sigma.refresh();
    }
    this.hits.rebuild(this.graph);
    performance.measure('map:graph', 'map:apply');
  }

  /** The visible real-node paths (null = all); ghosts follow their sources. */
  setVisible(visible: Set<string> | null): void {
    if (visible === null && this.visible === null) return;
    this.visible = visible;
    this.zoomCut.setVisible(visible);
    this.reapplyVisibility();
  }

  /** Writes the visibility (filters, scope, semantic zoom) of every node whose visibility flipped, and redraws. */
  private reapplyVisibility(): void {
    // Diff: only the nodes whose visibility flips are redrawn, with the edges that touch them.
    const flipped = new Set<string>();
    this.graph.forEachNode((key, a) => {
      const hidden = !this.isVisible(key);
      if ((a.hidden ?? false) === hidden) return;
      a.hidden = hidden;
      flipped.add(key);
    });
    const nodes = [...flipped];
    if (this.focus !== null) nodes.push(...this.styleFocus(true));
    refreshNodes(this.sigma, this.graph, nodes, flipped);
  }

  private isVisible(key: string): boolean {
    const v = this.visible;
    if (isGhost(key) && !ghostShown(this.graph.getNodeAttribute(key, 'severity'), this.severities))
      return false;
    if (!isGhost(key)) return (v === null || v.has(key)) && !this.zoomCut.hides(key);
    return this.graph.someInNeighbor(key, (n) => (v === null || v.has(n)) && !this.zoomCut.hides(n));
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

  /** Places and draws every label for the frame sigma just drew (none while the camera moves, as sigma did). */
  private drawLabels(): void {
    if (isMoving(this.sigma)) return this.labels.clear();
    this.labels.draw(this.sigma, this.graph, {
      focus: this.focus,
      neighbours: this.neighbours,
      pal: this.pal,
      clusters: this.clusters.labels,
      taken: takenBy(this.zoomCut.layer),
    });
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

  private computeNeighbours(): void {
    this.neighbours = this.focus === null ? new Set() : new Set(this.graph.neighbors(this.focus));
  }

  /** Centres the camera on a node (zooming in when the map is zoomed out). */
  center(path: string, zoom = true): void {
    const d = this.sigma.getNodeDisplayData(path);
    if (d === undefined) return;
    const camera = this.sigma.getCamera();
    const ratio = zoom
      ? Math.min(camera.ratio, Math.max(0.05, 40 / Math.sqrt(this.graph.order + 1) / 8))
      : camera.ratio;
    void camera.animate({ x: d.x, y: d.y, ratio }, { duration: 250 });
  }

  /** Page CSS pixels of a node's centre, or null when it is absent, hidden or off the canvas. */
  viewportPosition(path: string): { x: number; y: number } | null {
    if (!this.graph.hasNode(path) || !this.isVisible(path)) return null;
    const a = this.graph.getNodeAttributes(path);
    const p = this.sigma.graphToViewport({ x: a.x, y: a.y });
    const { width, height } = this.sigma.getDimensions();
    if (p.x < 0 || p.y < 0 || p.x > width || p.y > height) return null;
    const rect = this.sigma.getContainer().getBoundingClientRect();
    return { x: rect.left + p.x, y: rect.top + p.y };
  }

  /** Moves the cursor toward `dir`: among the cursor's neighbours first, else the nearest visible node. */
  move(dir: Direction): void {
    const from = this.focus;
    const candidates = (from === null ? [] : [...this.neighbours]).filter((k) => this.isVisible(k));
    const pos = (k: string) => {
      const a = this.graph.getNodeAttributes(k);
      return this.sigma.graphToViewport({ x: a.x, y: a.y });
    };
    const { width, height } = this.sigma.getDimensions();
    const origin = from === null ? { x: width / 2, y: height / 2 } : pos(from);
    let next = nearestInDirection(origin, dir, candidates, pos);
    if (next === null) {
      const all: string[] = [];
      this.graph.forEachNode((k) => {
        if (k !== from && this.isVisible(k)) all.push(k);
      });
      next = nearestInDirection(origin, from === null ? null : dir, all, pos);
    }
    if (next !== null) this.reveal(next);
  }

  /** The visible neighbours of a node, sorted by path. */
  neighboursOf(key: string): string[] {
    if (!this.graph.hasNode(key)) return [];
    return this.graph
      .neighbors(key)
      .filter((k) => this.isVisible(k))
      .sort();
  }

  reveal(key: string): void {
    this.setCursor(key);
    const p = this.viewportPosition(key);
    if (p === null) this.center(key, false);
  }

  zoom(dir: 1 | -1 | 0): void {
    const camera = this.sigma.getCamera();
    if (dir === 1) void camera.animatedZoom({ duration: 200 });
    else if (dir === -1) void camera.animatedUnzoom({ duration: 200 });
    else void camera.animatedReset({ duration: 200 });
  }

  positionsOf(): Map<string, Point> {
    return new Map(this.placement.positions ?? []);
  }

  kill(): void {
    for (const off of this.undebug) off();
    this.unfollow();
    this.zoomCut.kill();
    this.placement.kill();
    this.sigma.kill();
  }
}
