import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { visibleNodes } from '../map/filter';
import { isGhost } from '../map/graph-build';
import type { Direction } from '../map/navigate';
import { pause } from '../map/first-build';
import { warmGpu } from '../map/gpu-warmup';
import type { MapRenderer } from '../map/renderer';
import type { PreparedCanvases } from '../map/sigma-canvases';
import { focusNodes, type FocusView } from '../state/focus-view';
import { navigate, openNode } from '../state/route';
import type { MapFilter, MapScope } from '../state/store';
import { defineDebugField } from '../map/debug-hooks';
import type { MapProjection } from '../api/types';
import { FocusBar } from './FocusBar';
import { savedCamera } from '../state/view-history';
import { store, useApp } from '../state/store';
import { Legend } from './Legend';
import '../styles/map.css';

const ARROWS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

interface MapHooks {
  viewportPosition(path: string): { x: number; y: number } | null;
  selected(): string | null;
  positions(): Record<string, { x: number; y: number }>;
  center(path: string): void;
  resetCamera(): void;
  /** Live activity: a node's ring (`width|recency level`, null when it shows none) and the spawn edges. */
  activityOf(path: string): string | null;
  spawnEdges(): Array<{ key: string; from: string; to: string; hidden: boolean }>;
  /** The nodes of the latest "just ran" pulse. */
  lastPulse(): string[];
}

/** How often the rings' recency is looked at again (only the nodes whose level changed are redrawn). */
const RECENCY_TICK = 20_000;

/** The hooks tests and the bench read, over one renderer. */
function hooksOf(r: MapRenderer): MapHooks {
  return {
    viewportPosition: (path) => r.viewportPosition(path),
    selected: () => r.cursor(),
    positions: () => Object.fromEntries(r.positionsOf()),
    center: (path) => r.center(path),
    resetCamera: () => r.zoom(0),
    activityOf: (path) => r.activityOf(path),
    spawnEdges: () => r.spawnEdges(),
    lastPulse: () => r.lastPulse(),
  };
}

function exposeHooks(hooks: MapHooks | null): void {
  const w = window as unknown as { __skillMap?: Record<string, unknown> };
  w.__skillMap = { ...(w.__skillMap ?? {}), map: hooks ?? undefined };
}

/** The nodes shown: the filters and scope, within the focus view when there is one (null: every node). */
function shownNodes(map: MapProjection, filter: MapFilter, scope: MapScope, focus: FocusView | null) {
  const visible = visibleNodes(map, filter, scope);
  if (focus === null) return visible;
  const kept = focusNodes(map, focus);
  return visible === null ? kept : new Set([...kept].filter((k) => visible.has(k)));
}

/** The map: every node on a WebGL canvas, filters and scope applied as reducers, keyboard moves on it. */
export function MapView() {
  const map = useApp((s) => s.map);
  const generation = useApp((s) => s.mapGeneration);
  const mapError = useApp((s) => s.mapError);
  const filter = useApp((s) => s.filter);
  const scope = useApp((s) => s.scope);
  const routeNode = useApp((s) => s.route.node);
  const routeFocus = useApp((s) => s.route.focus);
  const activity = useApp((s) => s.activity);
  const activityShown = useApp((s) => s.activityShown);
  const severities = useApp((s) => s.severities);
  const search = useApp((s) => s.search);
  const labelPaths = useApp((s) => s.labelPaths);
  const [activityCounts, setActivityCounts] = useState({ ran: 0, spawn: 0 });
  const canvasRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<MapRenderer | null>(null);
  // The renderer once made (the effects that feed it run again then); rendererRef is the same, for handlers.
  const [renderer, setRenderer] = useState<MapRenderer | null>(null);
  const clicked = useRef<string | null>(null);
  const shownRoute = useRef<string | null>(null);
  const framed = useRef<FocusView | null>(null);
  const tabCycle = useRef<{ anchor: string; list: string[]; index: number } | null>(null);
  const [drawn, setDrawn] = useState({ generation: -1, nodes: 0 });
  const [visibleCount, setVisibleCount] = useState<number | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);

  useEffect(() => {
    const el = canvasRef.current;
    if (el === null) return;
    // Created once the GPU channel is warm (gpu-warmup.ts): no main-thread wait for it before the first map.
    let r: MapRenderer | null = null;
    let unmounted = false;
    const create = (Renderer: typeof MapRenderer, canvases: PreparedCanvases): MapRenderer =>
      new Renderer(
        el,
        (path, pathFrom) => {
          clicked.current = path;
          // Shift+click with a node open: the path between the two, one gesture.
          if (pathFrom !== null && pathFrom !== path && !isGhost(pathFrom))
            navigate({ node: path, focus: { mode: 'path', from: pathFrom, to: path } });
          else openNode(path);
        },
        setCursor,
        canvases,
      );
    const warmup = warmGpu();
    // The renderer's code (sigma, graphology, the map's layers) is its own chunk: evaluated here, not at boot, and
    // not in the task that creates the renderer (a pause between the two).
    const loaded = Promise.all([import('../map/renderer'), warmup.ready]);
    void loaded.then(async ([{ MapRenderer: Renderer, prepareCanvases }]) => {
      // sigma's WebGL contexts, one per task, before the task that creates the renderer (sigma-canvases.ts).
      const canvases = await prepareCanvases();
      await pause();
      if (unmounted) return;
      const made = create(Renderer, canvases);
      r = made;
      rendererRef.current = made;
      exposeHooks(hooksOf(made));
      setRenderer(made);
    });
    return () => {
      unmounted = true;
      warmup.stop();
      if (r === null) return;
      exposeHooks(null);
      r.kill();
      rendererRef.current = null;
    };
  }, []);

  useEffect(() => {
    const r = renderer;
    if (r === null || map === null) return;
    r.setSeverities(store.get().severities);
    r.update(map);
    const s = store.get();
    r.setVisible(shownNodes(map, s.filter, s.scope, s.route.focus));
    const route = s.route.node;
    if (route !== null) r.setCursor(route);
    let live = true;
    void r.nextRender().then(() => {
      if (live) setDrawn({ generation, nodes: map.nodes.length });
    });
    return () => void (live = false);
  }, [renderer, map, generation]);

  useEffect(() => {
    const r = renderer;
    if (r === null || map === null) return;
    const visible = shownNodes(map, filter, scope, routeFocus);
    r.setVisible(visible);
    const undebug = defineDebugField('focusView', () =>
      routeFocus === null ? null : { ...routeFocus, nodes: [...(visible ?? [])].sort() },
    );
    let live = true;
    void r.nextRender().then(() => {
      if (live) setVisibleCount(visible === null ? null : visible.size);
    });
    return () => {
      live = false;
      undebug();
    };
  }, [renderer, map, filter, scope, routeFocus]);

  useEffect(() => {
    if (map !== null) renderer?.setSeverities(severities);
  }, [renderer, map, severities]);

  useEffect(() => {
    renderer?.setLabelPaths(labelPaths);
  }, [renderer, labelPaths]);

  useEffect(() => {
    if (map !== null) renderer?.setSearch(search);
  }, [renderer, map, search, drawn.generation]);

  useEffect(() => {
    const r = renderer;
    if (r === null) return;
    const apply = (): void => {
      r.setActivity(activity, activityShown);
      const next = r.activityCounts();
      setActivityCounts((c) => (c.ran === next.ran && c.spawn === next.spawn ? c : next));
    };
    apply();
    // Rings fade with time since the last run: re-looked at while something ran and the overlay shows.
    if (!activityShown || activity.nodes.size === 0) return;
    const timer = setInterval(apply, RECENCY_TICK);
    return () => clearInterval(timer);
  }, [renderer, activity, activityShown, drawn.generation]);

  useEffect(() => {
    const r = renderer;
    if (r === null) return;
    const changed = shownRoute.current !== routeNode;
    shownRoute.current = routeNode;
    // Back (or Forward) to an entry that recorded its camera: that view again, as it was left.
    const saved = changed ? savedCamera() : null;
    if (routeNode === null) {
      if (!changed) return;
      r.setCursor(null); // the panel closed: no highlight or dimming left
      if (saved !== null) r.restoreView(saved);
      return;
    }
    r.setCursor(routeNode);
    // Opened from search, a link or the URL: bring it into view. A click on the canvas already has it in view.
    if (clicked.current === routeNode) clicked.current = null;
    else if (saved !== null) r.restoreView(saved);
    else r.center(routeNode);
  }, [renderer, routeNode, drawn.generation]);

  useEffect(() => {
    // A focus view chosen now (not one returned to, which has its camera): its nodes brought into sight.
    const r = renderer;
    if (r === null || map === null || drawn.generation !== generation || routeFocus === framed.current)
      return;
    framed.current = routeFocus;
    const s = store.get();
    const keep = shownNodes(map, s.filter, s.scope, routeFocus);
    if (routeFocus !== null && keep !== null && savedCamera() === null) r.frame(keep);
  }, [renderer, map, generation, routeFocus, drawn.generation]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>): void => {
    const r = rendererRef.current;
    if (r === null || e.altKey || e.ctrlKey || e.metaKey) return;
    const dir = ARROWS[e.key];
    if (dir !== undefined) {
      r.move(dir);
      tabCycle.current = null;
    } else if (e.key === 'Tab') {
      // Tab walks the anchor's neighbours; past the last one it leaves the map (no keyboard trap).
      const anchor = store.get().route.node ?? r.cursor();
      if (anchor === null) return;
      let cyc = tabCycle.current;
      if (cyc === null || cyc.anchor !== anchor) cyc = { anchor, list: r.neighboursOf(anchor), index: -1 };
      const index = cyc.index + (e.shiftKey ? -1 : 1);
      if (index < 0 || index >= cyc.list.length) {
        tabCycle.current = null;
        return;
      }
      tabCycle.current = { ...cyc, index };
      r.reveal(cyc.list[index] as string);
    } else if (e.key === 'Enter') {
      const c = r.cursor();
      if (c !== null && !isGhost(c)) {
        clicked.current = c;
        openNode(c);
      }
    } else if (e.key === '+' || e.key === '=') r.zoom(1);
    else if (e.key === '-' || e.key === '_') r.zoom(-1);
    else if (e.key === '0') r.zoom(0);
    else return;
    e.preventDefault();
  };

  const ready = map !== null && drawn.generation === generation;
  const total = map?.nodes.length ?? 0;
  // Memoised: activity events re-render this view, and a 10,000-node map is not searched per event.
  const cursorNode = useMemo(
    () => (cursor === null ? null : (map?.nodes.find((n) => n.path === cursor) ?? null)),
    [map, cursor],
  );
  return (
    <section
      className="map-view"
      aria-label="Map"
      aria-roledescription="graph map"
      aria-describedby="map-help"
      data-testid="map"
      data-ready={ready ? 'true' : 'false'}
      data-nodes={ready ? drawn.nodes : 0}
      data-generation={generation}
      data-visible={visibleCount ?? total}
      data-activity={activityShown ? 'on' : 'off'}
      data-ran={activityCounts.ran}
      data-spawn-edges={activityCounts.spawn}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div ref={canvasRef} className="map-canvas" />
      <Legend map={map} activity={activityShown} />
      <FocusBar shown={visibleCount ?? total} />
      <p id="map-help" className="sr-only">
        Arrow keys move between nodes, Tab walks the selected node&apos;s links, Enter opens, plus and minus
        zoom, 0 resets the view.
      </p>
      <p className="sr-only" aria-live="polite">
        {cursorNode === null
          ? cursor === null
            ? ''
            : `Missing target ${cursor.replace(/^\S+ /, '')}`
          : `${cursorNode.name}, ${cursorNode.kind}, ${cursorNode.path}`}
      </p>
      <p className="map-count" aria-live="polite">
        {visibleCount === null ? `${total} nodes` : `${visibleCount} of ${total} nodes shown`}
      </p>
      {mapError !== null && (
        <p className="map-message" role="alert">
          The map could not be loaded: {mapError}
        </p>
      )}
      {map === null && mapError === null && <p className="map-message">Loading the map…</p>}
      {map !== null && total === 0 && (
        <p className="map-message">
          No nodes yet: run <code>sm scan</code> in the project.
        </p>
      )}
    </section>
  );
}
