// The map renderer: one sigma.js (WebGL) instance for the page's life. New maps are merged into its graph in
// place; filters, scope, hover and selection are reducers over it, so applying them is one refresh, no rebuild.
import { createNodeBorderProgram } from '@sigma/node-border';
import Graph from 'graphology';
import Sigma from 'sigma';
import { EdgeLineProgram, EdgeRectangleProgram, type EdgeProgramType } from 'sigma/rendering';
import type { MapProjection } from '../api/types';
import { ClustersLayer } from './clusters-layer';
import { currentTheme, palette, type Palette, type Theme } from './colors';
import { desiredGraph, isGhost, syncGraph, type EdgeAttrs, type NodeAttrs } from './graph-build';
import { layoutNodes, type Cluster, type Point } from './layout';
import { nearestInDirection, type Direction } from './navigate';
import { loadPositions, savePositions } from './persist';

type MapGraph = Graph<NodeAttrs, EdgeAttrs>;

const NodeRing = createNodeBorderProgram<NodeAttrs, EdgeAttrs>({
  borders: [
    { size: { value: 0.16 }, color: { attribute: 'ringColor' } },
    { size: { value: 0.16 }, color: { attribute: 'hostColor' } },
    { size: { fill: true }, color: { attribute: 'color' } },
  ],
});
const NodeHollow = createNodeBorderProgram<NodeAttrs, EdgeAttrs>({
  borders: [
    { size: { value: 0.14 }, color: { attribute: 'ringColor' } },
    { size: { value: 0.22 }, color: { attribute: 'color' } },
    { size: { fill: true }, color: { attribute: 'hostColor' } },
  ],
});

export class MapRenderer {
  private graph: MapGraph = new Graph({ type: 'directed', multi: false });
  readonly sigma: Sigma<NodeAttrs, EdgeAttrs>;
  private readonly clusters = new ClustersLayer();
  private theme: Theme = currentTheme();
  private pal: Palette = palette(this.theme);
  private positions: Map<string, Point> | null = null;
  private map: MapProjection | null = null;
  private visible: Set<string> | null = null;
  private focus: string | null = null;
  private neighbours = new Set<string>();

  constructor(
    private readonly container: HTMLElement,
    private readonly onOpen: (path: string) => void,
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
      edgeProgramClasses: { line: EdgeRectangleProgram, thin: EdgeLineProgram } as unknown as Record<
        string,
        EdgeProgramType<NodeAttrs, EdgeAttrs>
      >,
      itemSizesReference: 'positions',
      zoomToSizeRatioFunction: (r) => r,
      hideEdgesOnMove: true,
      hideLabelsOnMove: true,
      labelRenderedSizeThreshold: 9,
      labelDensity: 0.5,
      labelFont: 'system-ui, sans-serif',
      labelSize: 12,
      labelColor: { color: this.pal.label },
      minEdgeThickness: 0.6,
      // No z-sorting (it costs a sort of every edge per refresh): the selected node is drawn on the hover layer.
      zIndex: false,
      minCameraRatio: 0.002,
      maxCameraRatio: 4,
      stagePadding: 48,
      defaultDrawNodeHover: (ctx, data, settings) => this.drawHover(ctx, data, settings),
      nodeReducer: (key, data) => this.reduceNode(key, data),
      edgeReducer: (key, data) => this.reduceEdge(key, data),
    });
    this.clusters.theme = this.theme;
    this.sigma.on('beforeRender', () => performance.mark('map:render'));
    this.sigma.on('afterRender', () => {
      performance.measure('map:render', 'map:render');
      this.clusters.draw(this.sigma);
      performance.measure('map:render+clusters', 'map:render');
    });
    this.sigma.on('clickNode', ({ node }) => {
      this.setCursor(node);
      if (!isGhost(node)) this.onOpen(node);
    });
    this.sigma.on('enterNode', () => (stage.style.cursor = 'pointer'));
    this.sigma.on('leaveNode', () => (stage.style.cursor = ''));
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () =>
      this.setTheme(currentTheme()),
    );
  }

  /** Resolves after the next frame sigma draws. */
  nextRender(): Promise<void> {
    // Changes are drawn synchronously (see refresh): by now they are on the canvas.
    return Promise.resolve();
  }

  /**
   * Draws a change now (one sigma process + render, synchronously): the map attributes a test or the bench reads
   * then describe pixels already drawn, whatever the browser's frame rate under load.
   */
  private refresh(skipIndexation: boolean): void {
    this.sigma.refresh({ skipIndexation });
  }

  /** Merges a (re)loaded map in: positions kept for known nodes, the graph updated in place, camera untouched. */
  update(map: MapProjection): void {
    const project = map.roots.join('\n');
    const previous = this.positions ?? loadPositions(project);
    const same =
      previous !== null && previous.size === map.nodes.length && map.nodes.every((n) => previous.has(n.path));
    performance.mark('map:update');
    const layout = same ? null : layoutNodes(map.nodes, previous);
    performance.measure('map:layout', 'map:update');
    if (layout !== null) {
      this.positions = layout.positions;
      this.setClusters(layout.clusters);
      savePositions(project, layout.positions);
    } else if (this.positions === null) {
      this.positions = previous;
      this.setClusters(layoutNodes(map.nodes, previous).clusters);
    }
    this.map = map;
    this.apply();
  }

  /** The cluster layer's circles; the camera frames the host circles (not only the node centres). */
  private setClusters(clusters: Cluster[]): void {
    this.clusters.setClusters(clusters);
    const hosts = clusters.filter((c) => c.depth === 0);
    if (hosts.length === 0) return;
    const x: [number, number] = [Infinity, -Infinity];
    const y: [number, number] = [Infinity, -Infinity];
    for (const c of hosts) {
      x[0] = Math.min(x[0], c.x - c.r);
      x[1] = Math.max(x[1], c.x + c.r);
      y[0] = Math.min(y[0], c.y - c.r);
      y[1] = Math.max(y[1], c.y + c.r);
    }
    this.sigma.setCustomBBox({ x, y });
  }

  private apply(): void {
    if (this.map === null || this.positions === null) return;
    performance.mark('map:apply');
    const desired = desiredGraph(this.map, this.positions, this.theme);
    performance.measure('map:desired', 'map:apply');
    if (this.graph.order === 0) {
      // First map: build the graph off-screen and hand it over (no per-node events).
      const g: MapGraph = new Graph({ type: 'directed', multi: false });
      syncGraph(g, desired);
      this.graph = g;
      this.sigma.setGraph(g); // processes and draws at once
    } else {
      syncGraph(this.graph, desired);
      this.refresh(false);
    }
    performance.measure('map:graph', 'map:apply');
    if (this.focus !== null && !this.graph.hasNode(this.focus)) this.setCursor(null);
    else this.computeNeighbours();
  }

  /** The visible real-node paths (null = all); ghosts follow their sources. */
  setVisible(visible: Set<string> | null): void {
    if (visible === null && this.visible === null) return;
    this.visible = visible;
    this.refresh(true);
  }

  private isVisible(key: string): boolean {
    const v = this.visible;
    if (v === null) return true;
    if (!isGhost(key)) return v.has(key);
    return this.graph.someInNeighbor(key, (n) => v.has(n));
  }

  setTheme(theme: Theme): void {
    this.theme = theme;
    this.pal = palette(theme);
    this.clusters.theme = theme;
    this.sigma.setSetting('labelColor', { color: this.pal.label });
    this.apply();
  }

  /** The keyboard/selection cursor (highlighted with its neighbourhood). */
  setCursor(path: string | null): void {
    const next = path !== null && this.graph.hasNode(path) ? path : null;
    if (next === this.focus) return;
    this.focus = next;
    this.computeNeighbours();
    this.onCursor(next);
    this.refresh(true);
  }

  cursor(): string | null {
    return this.focus;
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
    return new Map(this.positions ?? []);
  }

  kill(): void {
    this.sigma.kill();
  }

  private reduceNode(
    key: string,
    data: NodeAttrs,
  ): Partial<NodeAttrs> & { hidden?: boolean; highlighted?: boolean; forceLabel?: boolean } {
    if (this.visible !== null && !this.isVisible(key)) return { ...data, hidden: true };
    if (this.focus === null) return data;
    if (key === this.focus)
      return {
        ...data,
        size: data.size * 1.5,
        ringColor: this.pal.selected,
        highlighted: true,
        forceLabel: true,
        zIndex: 5,
      };
    if (this.neighbours.has(key)) return { ...data, forceLabel: this.neighbours.size <= 30, zIndex: 4 };
    return {
      ...data,
      color: this.pal.dim,
      ringColor: this.pal.dim,
      hostColor: this.pal.dim,
      label: '',
      zIndex: 0,
    };
  }

  private reduceEdge(key: string, data: EdgeAttrs): Partial<EdgeAttrs> & { hidden?: boolean } {
    if (this.focus === null) return data;
    const g = this.graph;
    if (g.source(key) === this.focus || g.target(key) === this.focus)
      return { ...data, type: 'line', size: data.size * 2, zIndex: 3 };
    return { ...data, color: this.pal.dimEdge };
  }

  private drawHover(
    ctx: CanvasRenderingContext2D,
    data: { x: number; y: number; size: number; label: string | null },
    settings: { labelSize: number; labelFont: string },
  ): void {
    const label = data.label ?? '';
    const size = settings.labelSize;
    ctx.font = `600 ${size}px ${settings.labelFont}`;
    const w = ctx.measureText(label).width + 10;
    ctx.fillStyle = this.pal.bg;
    ctx.shadowColor = 'rgba(0,0,0,0.3)';
    ctx.shadowBlur = 6;
    ctx.beginPath();
    ctx.arc(data.x, data.y, data.size + 3, 0, Math.PI * 2);
    ctx.fill();
    if (label !== '') ctx.fillRect(data.x + data.size + 3, data.y - size / 2 - 5, w, size + 10);
    ctx.shadowBlur = 0;
    ctx.fillStyle = this.pal.label;
    ctx.fillText(label, data.x + data.size + 8, data.y + size / 3);
  }
}
