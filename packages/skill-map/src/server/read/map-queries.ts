/**
 * The map reads shared by every door: REST routes and MCP tools parse their own wire input, then call one
 * of these, so a query means the same thing everywhere. Invalid input throws `bad-query`; an unknown node
 * throws `not-found` (REST 404, MCP -32602).
 */
import { DEFAULT_MAX_RENDER_NODES, SEVERITIES } from '@skill-map/spec';
import type { Severity } from '@skill-map/spec';
import { badQuery, notFound } from '../errors.js';
import { parseExportQuery } from './export-query.js';
import type { ExportQuery, Subgraph } from './export-query.js';
import type { BranchResult, IssueFilter, MapReader, NodeBundle, Page, PageOf } from './map-reader.js';
import type { Issue } from '@skill-map/spec';
import { resolveScope } from './map-scope.js';
import { emptyBranch } from './branch-projection.js';

/** Default `query_graph` bound. */
export const DEFAULT_QUERY_LIMIT = 100;

/** The render cap of the persisted scan (`scan_meta.max_render_nodes`, 256 when absent). */
export function maxRenderNodes(reader: MapReader): number {
  return reader.scanMeta().maxRenderNodes ?? DEFAULT_MAX_RENDER_NODES;
}

/** Parses export-grammar text; grammar errors become `bad-query`. */
export function parseQueryOrThrow(text: string): ExportQuery {
  const parsed = parseExportQuery(text);
  if (!parsed.ok) throw badQuery(`invalid query: ${parsed.error}`, { query: text });
  return parsed.value;
}

/** Rebuilds `kind=… has=… path=…` from separate fields (undefined fields are left out). */
export function queryText(fields: { kind?: string | undefined; has?: string | undefined; path?: string | undefined }): string {
  const parts: string[] = [];
  if (fields.kind !== undefined) parts.push(`kind=${fields.kind}`);
  if (fields.has !== undefined) parts.push(`has=${fields.has}`);
  if (fields.path !== undefined) parts.push(`path=${fields.path}`);
  return parts.join(' ');
}

/** `query_graph`: the first `cap` matches closed over links and issues; cap = clamp(limit ?? 100, 1, maxRenderNodes). */
export function queryGraph(reader: MapReader, fields: { kind?: string; has?: string; path?: string; limit?: number }): Subgraph {
  const query = parseQueryOrThrow(queryText(fields));
  const cap = Math.min(maxRenderNodes(reader), Math.max(1, fields.limit ?? DEFAULT_QUERY_LIMIT));
  return reader.queryGraph(query, cap);
}

/** `get_node` / `GET /api/nodes/:pathB64`: the bundle, with `item.body` read on demand. */
export async function getNodeBundle(reader: MapReader, path: string, includeBody: boolean): Promise<NodeBundle> {
  const bundle = reader.findNode(path);
  if (bundle === null) {
    throw notFound(reader.status().db === 'missing' ? 'Project database not found; run `sm scan` first.' : `unknown node path: ${path}`, { path });
  }
  if (!includeBody) return bundle;
  return { ...bundle, item: { ...bundle.item, body: await reader.readNodeBody(path) } };
}

/** Validates severity tokens. */
export function parseSeverities(list: readonly string[] | undefined): Severity[] | undefined {
  if (list === undefined) return undefined;
  const bad = list.find((s) => !(SEVERITIES as readonly string[]).includes(s));
  if (bad !== undefined) throw badQuery(`unknown severity "${bad}" (expected error, warn or info)`, { severity: bad });
  return list as Severity[];
}

/** `list_issues` / `GET /api/issues`. */
export function listIssues(reader: MapReader, filter: IssueFilter, page: Page): PageOf<Issue> {
  return reader.listIssues(filter, page);
}

/** `get_branch` / `GET /api/branch`: scope validation, cap clamp (limit only lowers it), projection. */
export function getBranch(
  reader: MapReader,
  req: { includes: readonly string[]; excludes: readonly string[]; excludeRoot?: boolean; limit?: number },
): BranchResult {
  const scope = resolveScope(req);
  if (!scope.ok) throw badQuery(scope.error, { includes: [...req.includes], excludes: [...req.excludes] });
  const max = maxRenderNodes(reader);
  const cap = Math.min(max, Math.max(1, req.limit ?? max));
  if (reader.status().db === 'missing') return emptyBranch(scope.value, cap);
  return reader.branch(scope.value, cap);
}
