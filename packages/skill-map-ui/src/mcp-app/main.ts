// The MCP Apps view (ui://skill-map/map.html): the page's own map renderer inside a host's sandboxed iframe. It
// speaks the extension's bridge (revision 2026-01-26; docs/skill-map/mcp.md#mcp-apps-the-map-inside-a-host): the
// `ui/initialize` handshake, the tool input and result the host forwards, `tools/call` through the host for what the
// result lacks, and `ui/update-model-context` when the user clicks a node. It reaches no network.
import type { MapProjection } from '../api/types';
import { palette, type Theme } from '../map/colors';
import { defineDebugField } from '../map/debug-hooks';
import { MapRenderer } from '../map/renderer';
import { AppBridge } from './bridge';
import { neighbourQuery, structuredOf, viewOf, withNeighbours, type ToolView } from './tool-view';
import '../styles/theme.css';
import '../styles/map.css';
import './app.css';

/** The extension revision this view speaks. */
const PROTOCOL_VERSION = '2026-01-26';
/** With no tool result this long after the handshake (the host opened the view by itself), the view asks. */
const STANDALONE_AFTER_MS = 1500;
/** Nodes the view asks for when it loads the map itself. */
const STANDALONE_LIMIT = 500;
/** Height asked for when the host lets the view choose. */
const PREFERRED_HEIGHT = 480;

interface HostContext {
  theme?: Theme;
  containerDimensions?: { height?: number; maxHeight?: number };
}

const canvas = document.getElementById('canvas') as HTMLElement;
const message = document.getElementById('message') as HTMLElement;
const bridge = new AppBridge();
let view: ToolView | null = null;
let drawn: MapProjection | null = null;
let selections = 0;

/**
 * The renderer, made once the canvas has a size (sigma refuses a container without one, and a host may lay the
 * iframe out after the view's script has run).
 */
const renderer: Promise<MapRenderer> = new Promise((resolve) => {
  const ready = (): boolean => canvas.clientWidth > 0 && canvas.clientHeight > 0;
  const make = (): void =>
    resolve(
      new MapRenderer(
        canvas,
        (path) => void select(path),
        () => undefined,
      ),
    );
  if (ready()) return make();
  const watch = new ResizeObserver(() => {
    if (!ready()) return;
    watch.disconnect();
    make();
  });
  watch.observe(canvas);
});
let drawnBy: MapRenderer | null = null;
void renderer.then((r) => (drawnBy = r));

/** What a browser test reads (read-only): the nodes drawn and where one is on screen. */
defineDebugField('mcpApp', () => ({
  nodes: drawn?.nodes.map((n) => n.path) ?? [],
  focus: view?.focus ?? null,
  selections,
  viewportPosition: (path: string) => drawnBy?.viewportPosition(path) ?? null,
}));

function say(text: string | null): void {
  message.textContent = text ?? '';
  message.hidden = text === null;
}

function applyTheme(theme: Theme | undefined): void {
  if (theme !== 'light' && theme !== 'dark') return;
  document.documentElement.dataset['theme'] = theme;
  document.body.style.background = palette(theme).bg;
  void renderer.then((r) => r.setTheme(theme));
}

/** Fills a fixed-height container, or picks a height (up to the host's maximum) and tells the host. */
function applySize(dims: HostContext['containerDimensions']): void {
  const fixed = dims?.height;
  const height = fixed ?? Math.min(dims?.maxHeight ?? PREFERRED_HEIGHT, PREFERRED_HEIGHT);
  document.documentElement.style.height = fixed === undefined ? `${height}px` : '100vh';
  if (fixed === undefined)
    bridge.notify('ui/notifications/size-changed', { width: window.innerWidth, height });
}

async function draw(next: ToolView): Promise<void> {
  view = next;
  const r = await renderer;
  if (view !== next) return; // a newer result came meanwhile
  r.update(next.map);
  await r.nextRender(); // the layout may be packed asynchronously
  if (view !== next) return;
  drawn = next.map;
  // Selected in place: the camera frames the whole neighbourhood (centring the node could push its far ends out).
  r.setCursor(next.focus);
  say(next.map.nodes.length === 0 ? 'No nodes match.' : null);
  bridge.notify('notifications/message', {
    level: 'info',
    logger: 'skill-map',
    data: {
      event: 'map-drawn',
      nodes: next.map.nodes.length,
      links: next.map.links.length,
      focus: next.focus,
    },
  });
}

/**
 * Draws a tool result. A node's bundle is drawn once its neighbours are known (the host runs query_graph for
 * them), or alone when the host cannot.
 */
async function show(result: unknown): Promise<void> {
  const structured = structuredOf(result);
  const next = structured === null ? null : viewOf(structured);
  if (next === null) {
    say('This tool result has no map to draw.');
    return;
  }
  view = next;
  const query = neighbourQuery(next.missing);
  const more = query === null ? null : structuredOf(await call('query_graph', query));
  if (view !== next) return;
  await draw(more === null ? next : withNeighbours(next, more));
}

function call(name: string, args: Record<string, unknown>): Promise<unknown> {
  return bridge.request('tools/call', { name, arguments: args }).catch((err: unknown) => {
    say(`The host did not run ${name}: ${String(err)}`);
    return null;
  });
}

/** A click on a node: the host learns which node the user is looking at (it reaches the model's next turn). */
async function select(path: string): Promise<void> {
  const node = drawn?.nodes.find((n) => n.path === path);
  if (node === undefined) return;
  selections++;
  await bridge
    .request('ui/update-model-context', {
      content: [{ type: 'text', text: `In the skill-map view the user selected ${node.kind} ${node.path}.` }],
      structuredContent: { selected: { path: node.path, kind: node.kind, name: node.name } },
    })
    .catch(() => undefined); // a host may decline; the selection stays on the map
}

async function start(): Promise<void> {
  let toolArrived = false;
  bridge.onNotification('ui/notifications/tool-input', () => (toolArrived = true));
  bridge.onNotification('ui/notifications/tool-result', (params) => {
    toolArrived = true;
    void show(params);
  });
  bridge.onNotification('ui/notifications/tool-cancelled', () => say('The tool call was cancelled.'));
  bridge.onNotification('ui/notifications/host-context-changed', (ctx) => {
    const c = ctx as HostContext;
    applyTheme(c.theme);
    if (c.containerDimensions !== undefined) applySize(c.containerDimensions);
  });
  bridge.onRequest('ping', () => ({}));
  bridge.onRequest('ui/resource-teardown', async () => {
    (await renderer).kill();
    return {};
  });
  const init = (await bridge.request('ui/initialize', {
    protocolVersion: PROTOCOL_VERSION,
    appInfo: { name: 'skill-map', version: document.documentElement.dataset['version'] ?? '0' },
    appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] },
  })) as { hostContext?: HostContext } | undefined;
  applyTheme(init?.hostContext?.theme);
  applySize(init?.hostContext?.containerDimensions);
  bridge.notify('ui/notifications/initialized');
  say('Waiting for the map…');
  setTimeout(() => {
    if (toolArrived) return;
    void call('query_graph', { limit: STANDALONE_LIMIT }).then((r) => {
      if (r !== null && !toolArrived) void show(r);
    });
  }, STANDALONE_AFTER_MS);
}

void start().catch((err: unknown) => say(`The host did not answer: ${String(err)}`));
