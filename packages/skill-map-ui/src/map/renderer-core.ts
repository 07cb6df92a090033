// The map renderer's core: one sigma.js (WebGL) instance for the page's life and the graph it draws. New maps are
// merged into its graph in place (the first one built in slices, first-build.ts). No reducers: filters, scope and
// selection write their visual state (hidden, highlighted, size, ring) on the graph items themselves, only on the
// items whose state changed, and sigma redraws just those (refresh with partialGraph + skipIndexation). The dimming
// around a selection is one translucent layer (FocusLayer) under sigma's highlight layers, not a recolouring of
// every node and edge. The page's API over it (selection, activity, labels, navigation) is renderer.ts.
import Graph from 'graphology';
import type Sigma from 'sigma';
import type { MapProjection, Severity } from '../api/types';
import { EMPTY_ACTIVITY, type ActivityState } from '../state/activity-model';
import { ActivityLayer } from './activity-layer';
import { ClustersLayer } from './clusters-layer';
import { FocusLayer } from './focus-layer';
import { currentTheme, palette, type Palette, type Theme } from './colors';
import {
  desiredGraph,
  desiredGraphSteps,
  isGhost,
  syncGraph,
  type EdgeAttrs,
  type NodeAttrs,
} from './graph-build';
import { drive, fillGraph, pause, type Step } from './first-build';
import type { Cluster, Point } from './layout';
import { focusDisplayData, refreshNodes } from './sigma-partial';
import { finishHandOver, handOverSteps } from './sigma-handover';
import { followContainerSize, isMoving, lightenMouseHandling } from './sigma-tweaks';
import { HitIndex } from './hit-index';
import { startSigma } from './sigma-setup';
import type { PreparedCanvases } from './sigma-canvases';
import { hostsBox, Placement } from './placement';
import { defineDebugField } from './debug-hooks';
import { followCameraHistory } from './camera-history';
import { DEFAULT_SEVERITIES, ghostShown } from './markers';
import { SemanticZoom } from './semantic-zoom';
import { LabelLayer, takenBy } from './label-layer';

type MapGraph = Graph<NodeAttrs, EdgeAttrs>;

export abstract class MapRendererCore {
  // multi: a spawn edge (live activity) may join two nodes a link already joins.
  protected readonly unfollow: () => void;
  protected graph: MapGraph = new Graph({ type: 'directed', multi: true });
  readonly sigma: Sigma<NodeAttrs, EdgeAttrs>;
  protected readonly clusters = new ClustersLayer();
  protected readonly focusLayer = new FocusLayer();
  protected readonly labels = new LabelLayer();
  protected readonly hits: HitIndex;
  /** Semantic zoom: the folders drawn as one aggregate at this zoom, their members hidden. */
  protected readonly zoomCut: SemanticZoom;
  protected clusterList: Cluster[] = [];
  protected readonly placement = new Placement();
  protected focusProcessed = false;
  protected theme: Theme = currentTheme();
  protected pal: Palette = palette(this.theme);
  protected map: MapProjection | null = null;
  protected visible: Set<string> | null = null;
  protected focus: string | null = null;
  protected neighbours = new Set<string>();
  protected readonly activityLayer: ActivityLayer;
  protected activity: ActivityState = EMPTY_ACTIVITY;
  protected activityShown = true;
  protected severities: ReadonlySet<Severity> = new Set(DEFAULT_SEVERITIES);
  protected readonly undebug: Array<() => void> = [];
  /** The first map's graph while it is built in slices (first-build.ts), and the build's ticket. */
  protected building: Promise<void> | null = null;
  protected buildTicket = 0;
  /** The steps that compile sigma's programs still to compile (sigma-programs.ts); none once done. */
  protected readonly programs: () => Generator<Step, void, void>;
  /** False once the renderer is killed. */
  protected alive = true;

  constructor(
    protected readonly container: HTMLElement,
    /** A click on a node; `pathFrom`: with Shift, the node selected before (a path between the two). */
    protected readonly onOpen: (path: string, pathFrom: string | null) => void,
    protected readonly onCursor: (path: string | null) => void,
    /** sigma's WebGL canvases, made beforehand (sigma-canvases.ts); none: sigma makes its own. */
    canvases?: PreparedCanvases,
  ) {
    container.prepend(this.clusters.canvas);
    const stage = document.createElement('div');
    stage.className = 'map-stage';
    container.append(stage);
    const made = startSigma(
      this.graph,
      stage,
      this.pal,
      () => ({ focus: this.focus, neighbours: this.neighbours, pal: this.pal }),
      canvases,
      () => this.alive,
    );
    this.sigma = made.sigma;
    this.programs = made.programs;
    this.undebug.push(made.undebug);
    this.hits = new HitIndex(this.sigma, this.graph);
    lightenMouseHandling(this.sigma, (p) => this.hits.at(p));
    this.unfollow = followContainerSize(this.sigma);
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
      defineDebugField('camera', () => ({ ...this.sigma.getCamera().getState() })),
      defineDebugField('labelBoxes', () => this.labels.boxes.map((b) => ({ ...b }))),
    );
  }

  /** The keyboard/selection cursor (highlighted with its neighbourhood). */
  abstract setCursor(path: string | null): void;

  /** Resolves after the next frame sigma draws (after a pending layout is drawn). */
  async nextRender(): Promise<void> {
    // Changes are drawn synchronously (see refresh): by now they are on the canvas, unless the layout is pending
    // or the first map is still being built (a newer build may supersede the one awaited).
    await this.placement.settled();
    for (let b = this.building; b !== null; b = this.building === b ? null : this.building) await b;
  }

  /** Every node's visual state for the current filters and selection, written in place (no events). */
  protected restyleAll(): void {
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
  protected styleFocus(on: boolean): string[] {
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
  protected styleFocusDisplay(): void {
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
      // The first map's semantic-zoom index is built in its own slice (buildFirst).
      if (this.graph.order > 0) this.zoomCut.setMap(placed, this.clusterList);
      this.apply();
    });
  }

  /** The cluster layer's circles; the camera frames the host circles (not only the node centres). */
  protected setClusters(clusters: Cluster[]): void {
    this.clusterList = clusters;
    this.clusters.setClusters(clusters);
    const box = hostsBox(clusters);
    if (box !== null) this.sigma.setCustomBBox(box);
  }

  protected apply(): void {
    const positions = this.placement.positions;
    if (this.map === null || positions === null) return;
    if (this.graph.order === 0) {
      this.building = this.buildFirst(this.map, positions);
      return;
    }
    performance.mark('map:apply');
    const desired = desiredGraph(this.map, positions, this.theme, this.severities);
    performance.measure('map:desired', 'map:apply');
    syncGraph(this.graph, desired);
    if (this.focus !== null && !this.graph.hasNode(this.focus)) {
      this.focus = null;
      this.onCursor(null);
    }
    this.computeNeighbours();
    this.restyleAll();
    this.labels.setGraph(this.graph);
    this.sigma.refresh();
    this.hits.rebuild(this.graph);
    performance.measure('map:graph', 'map:apply');
  }

  /**
   * The first map: its graph is built off-screen in slices (first-build.ts: no long task), styled, and handed to
   * sigma in slices too (sigma-handover.ts), then drawn at once. A newer build supersedes this one.
   */
  protected async buildFirst(map: MapProjection, positions: ReadonlyMap<string, Point>): Promise<void> {
    const ticket = ++this.buildTicket;
    const alive = () => ticket === this.buildTicket;
    performance.mark('map:apply');
    // Not in the task that received the layout's answer (placement.ts).
    await pause();
    if (!alive()) return;
    if ((await drive(this.programs(), alive)) === undefined) return;
    if ((await drive(this.zoomCut.setMapSteps(map, this.clusterList), alive)) === undefined) return;
    const desired = await drive(desiredGraphSteps(map, positions, this.theme, this.severities), alive);
    if (desired === undefined) return;
    performance.measure('map:desired', 'map:apply');
    const g: MapGraph = new Graph({ type: 'directed', multi: true });
    if ((await drive(fillGraph(g, desired.value), alive)) === undefined) return;
    // Ranked before the draw: the frame drawn at the hand-over places the node labels too.
    if ((await drive(this.labels.setGraphSteps(g), alive)) === undefined) return;
    // The visual state sigma reads in the steps; written again at the end (what changed meanwhile is redrawn).
    this.onGraph(g, () => {
      this.computeNeighbours();
      this.restyleAll();
    });
    const handed = await drive(handOverSteps(this.sigma, g), alive);
    if (handed === undefined) return;
    this.building = null;
    this.graph = g;
    if (this.focus !== null && !g.hasNode(this.focus)) this.focus = null;
    this.computeNeighbours();
    this.restyleAll();
    // Either draws at once.
    if (handed.value === null) this.sigma.setGraph(g);
    else finishHandOver(this.sigma, g, handed.value);
    performance.measure('map:graph', 'map:apply');
    // The hit index in a task of its own: the draw above is the longest step of the build.
    await pause();
    if (this.alive && this.graph === g) this.hits.rebuild(g);
  }

  /** Runs `work` with `graph` as the renderer's graph (the selection's neighbours kept), then puts them back. */
  private onGraph(graph: MapGraph, work: () => void): void {
    const [before, neighbours] = [this.graph, this.neighbours];
    this.graph = graph;
    try {
      work();
    } finally {
      this.graph = before;
      this.neighbours = neighbours;
    }
  }

  /** The visible real-node paths (null = all); ghosts follow their sources. */
  setVisible(visible: Set<string> | null): void {
    if (visible === null && this.visible === null) return;
    this.visible = visible;
    this.zoomCut.setVisible(visible);
    this.reapplyVisibility();
  }

  /** Writes the visibility (filters, scope, semantic zoom) of every node whose visibility flipped, and redraws. */
  protected reapplyVisibility(): void {
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

  protected isVisible(key: string): boolean {
    const v = this.visible;
    if (isGhost(key) && !ghostShown(this.graph.getNodeAttribute(key, 'severity'), this.severities))
      return false;
    if (!isGhost(key)) return (v === null || v.has(key)) && !this.zoomCut.hides(key);
    return this.graph.someInNeighbor(key, (n) => (v === null || v.has(n)) && !this.zoomCut.hides(n));
  }

  /** Places and draws every label for the frame sigma just drew (none while the camera moves, as sigma did). */
  protected drawLabels(): void {
    if (isMoving(this.sigma)) return this.labels.clear();
    this.labels.draw(this.sigma, this.graph, {
      focus: this.focus,
      neighbours: this.neighbours,
      pal: this.pal,
      clusters: this.clusters.labels,
      taken: takenBy(this.zoomCut.layer),
    });
  }

  protected computeNeighbours(): void {
    this.neighbours = this.focus === null ? new Set() : new Set(this.graph.neighbors(this.focus));
  }
}
