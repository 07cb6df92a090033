import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { McpCatalog } from '../mcp-catalog.js';

/*
 * The MCP Apps extension (`io.modelcontextprotocol/ui`, revision 2026-01-26, see docs/skill-map/mcp.md#mcp-apps): one
 * `ui://` HTML resource, the map drawn by the web page's own renderer (a second Vite entry of @skill-map/ui, inlined
 * into one file so a sandboxed iframe with no origin needs nothing else), and the tools whose results it draws.
 */

/** The extension's identifier: the key under `capabilities.extensions`. */
export const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui';
/** The extension revision this server follows (the app sends it in `ui/initialize`). */
export const UI_EXTENSION_VERSION = '2026-01-26';
/** The MIME type of an MCP App's HTML. */
export const MCP_APP_MIME = 'text/html;profile=mcp-app';
/** The map view: the whole map (query_graph, get_branch) or one node's neighbourhood (get_node). */
export const MAP_APP_URI = 'ui://skill-map/map.html';
/** Where the UI build puts the inlined app, under the page's dist folder. */
export const MAP_APP_FILE = join('mcp-app', 'map.html');

/**
 * The resource's `_meta.ui`: no outside origin at all (the HTML is self-contained and every datum arrives through
 * the host's bridge), no nested frames, no device permission; the view draws its own background.
 */
export const MAP_APP_RESOURCE_META = {
  ui: {
    csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    prefersBorder: false,
  },
} as const;

/** A tool's `_meta` when the map view draws its result (the flat key is the extension's deprecated spelling). */
export const MAP_APP_TOOL_META = {
  ui: { resourceUri: MAP_APP_URI, visibility: ['model', 'app'] },
  'ui/resourceUri': MAP_APP_URI,
} as const;

/** Served when the page was not built: still a valid HTML5 document, saying what is missing. */
const NOT_BUILT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>skill-map</title></head>' +
  '<body><p>The skill-map view was not built with this installation (run <code>npm run build</code>).</p>' +
  '</body></html>';

/**
 * The app's HTML from the built page folder, read on first use and kept (it does not change under a running
 * server); the placeholder while the file is absent (looked for again on the next read).
 */
export function mapAppHtmlSource(uiDist: string | null): () => string {
  let html: string | null = null;
  return () => {
    if (html !== null) return html;
    const file = uiDist === null ? null : join(uiDist, MAP_APP_FILE);
    if (file === null || !existsSync(file)) return NOT_BUILT;
    html = readFileSync(file, 'utf8');
    return html;
  };
}

/** Registers the map view's `ui://` resource. */
export function registerMapApp(catalog: McpCatalog, html: () => string): void {
  catalog.addResource({
    uri: MAP_APP_URI,
    name: 'map-view',
    title: 'skill-map view',
    description:
      'The project map drawn for hosts that render MCP Apps (text/html;profile=mcp-app): the whole map or one ' +
      "node's neighbourhood, from the results of query_graph, get_branch and get_node. Self-contained HTML; it " +
      'reaches no network and asks the host for data through tools/call.',
    mimeType: MCP_APP_MIME,
    meta: MAP_APP_RESOURCE_META,
    read: () => html(),
  });
}
