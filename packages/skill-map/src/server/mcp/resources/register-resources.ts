import { ResourceNotFoundError } from '@modelcontextprotocol/server';
import { toSpecScanResult } from '@skill-map/spec';
import { getNodeBundle } from '../../read/map-queries.js';
import { isServerError } from '../../errors.js';
import type { McpCatalog } from '../mcp-catalog.js';
import { summarizeGraph } from './graph-summary.js';

/** URIs of the fixed resources. */
export const GRAPH_URI = 'skillmap://graph';
/** The graph's summary: counts, kinds, issue tallies, hubs (a few KB at any size). */
export const GRAPH_SUMMARY_URI = 'skillmap://graph/summary';
export const ISSUES_URI = 'skillmap://issues';
export const ACTIVITY_URI = 'skillmap://activity';
/** Prefix of the per-node template `skillmap://node/{+path}`. */
export const NODE_URI_PREFIX = 'skillmap://node/';

/** The resource URI of one node (RFC 6570 reserved expansion: slashes stay, the rest is percent-encoded). */
export function nodeUri(path: string): string {
  return NODE_URI_PREFIX + encodeURI(path).replace(/[?#]/g, (c) => encodeURIComponent(c));
}

/** The node path named by a `skillmap://node/...` URI, or null when the URI is not one (or is malformed). */
export function nodePathOfUri(uri: string): string | null {
  if (!uri.startsWith(NODE_URI_PREFIX)) return null;
  try {
    const path = decodeURIComponent(uri.slice(NODE_URI_PREFIX.length));
    return path.length === 0 ? null : path;
  } catch {
    return null;
  }
}

/**
 * Registers the coarse, few resources: the graph, the issues, the live activity, and ONE template for
 * per-node bundles (no per-node static resources: a large corpus would flood `resources/list`).
 */
export function registerResources(catalog: McpCatalog): void {
  catalog.addResource({
    uri: GRAPH_URI,
    name: 'graph',
    title: 'Project graph',
    description:
      'The full persisted ScanResult of the project (nodes, links, issues, stats); the same payload as GET /api/scan. ' +
      'Large on a big project (about 0.6 KB per node): prefer skillmap://graph/summary and query_graph.',
    read: (deps) => toSpecScanResult(deps.reader.loadScanResult()),
  });
  catalog.addResource({
    uri: GRAPH_SUMMARY_URI,
    name: 'graph-summary',
    title: 'Project graph summary',
    description:
      'The project graph in brief, a few KB at any size: when it was scanned, node/link/issue counts, nodes per kind, ' +
      'links per kind, issues per severity and analyzer, and the ten most linked-to nodes. Read this first; ' +
      'query_graph pages the detail.',
    read: (deps) => summarizeGraph(deps.reader.loadScanResult()),
  });
  catalog.addResource({
    uri: ISSUES_URI,
    name: 'issues',
    title: 'Issues',
    description: 'Every deterministic issue of the last scan: {items, total}.',
    read: (deps) => deps.reader.listIssues({}, { limit: Number.MAX_SAFE_INTEGER, offset: 0 }),
  });
  catalog.addResource({
    uri: ACTIVITY_URI,
    name: 'activity',
    title: 'Live activity',
    description:
      'Live execution stats since this server started: {since, nodes, pairs}. In memory; resets each boot.',
    read: (deps) => deps.activity.snapshot(),
  });
  catalog.addTemplate({
    uriTemplate: `${NODE_URI_PREFIX}{+path}`,
    name: 'node',
    title: 'One node',
    description:
      'One node with its incoming/outgoing links and issues (the get_node bundle). {+path} is the node path; slashes stay as they are.',
    match: (uri) => {
      const path = nodePathOfUri(uri);
      return path === null ? null : { path };
    },
    read: async (vars, deps, uri) => {
      try {
        return await getNodeBundle(deps.reader, vars['path'] ?? '', false);
      } catch (err) {
        if (isServerError(err, 'not-found')) throw new ResourceNotFoundError(uri);
        throw err;
      }
    },
  });
}
