/**
 * The map reads shared by every door: REST routes and MCP tools parse their own wire input, then call one
 * of these, so a query means the same thing everywhere (the grammar and scope rules are the kernel's).
 * Invalid input throws `bad-query`; an unknown node throws `not-found` (REST 404, MCP -32602).
 */
import { SEVERITIES } from '@skill-map/spec';
import type { Issue, Severity } from '@skill-map/spec';
import { exportQueryFromFields, resolveMapScope } from '../../kernel/index.js';
import type { ClosedSubgraph, ExportQuery, ExportQueryFields } from '../../kernel/index.js';
import { badQuery, notFound } from '../errors.js';
import { emptyBranch } from './branch-projection.js';
import type { BranchResult, IssueFilter, MapReader, NodeBundle, Page, PageOf } from './map-reader.js';

/** Default `query_graph` bound. */
/**
 * Nodes per `query_graph` page when no limit is given: 25 keeps a page near 25 KB (about 7k tokens) on real corpora,
 * where a node with its frontmatter is about 1 KB; `nextCursor` fetches the rest.
 */
export const DEFAULT_QUERY_LIMIT = 25;

/**
 * Builds a query from separate fields, structurally (never via the text grammar); errors name the field. A kind
 * outside the vocabulary is taken when the map has nodes of it (`kinds`, read only then: a plugin's own kind).
 */
export function fieldsQueryOrThrow(
  fields: ExportQueryFields,
  kinds: () => readonly string[] = () => [],
): ExportQuery {
  let parsed = exportQueryFromFields(fields);
  if (!parsed.ok && parsed.error.code === 'unknown-kind') parsed = exportQueryFromFields(fields, kinds());
  if (!parsed.ok) {
    const { message, code, field, token } = parsed.error;
    throw badQuery(`invalid query: ${message}`, { field, value: token, reason: code });
  }
  return parsed.value;
}

/**
 * `query_graph`: `cap` matches from `offset`, closed over links and issues, with the match `total`;
 * cap = clamp(limit ?? DEFAULT_QUERY_LIMIT, 1, maxRenderNodes).
 */
export function queryGraph(
  reader: MapReader,
  fields: ExportQueryFields & { limit?: number },
  offset = 0,
): ClosedSubgraph & { total: number } {
  const query = fieldsQueryOrThrow(fields, () => reader.nodeKinds());
  const cap = Math.min(reader.maxRenderNodes(), Math.max(1, fields.limit ?? DEFAULT_QUERY_LIMIT));
  return reader.queryGraph(query, cap, offset);
}

/** `get_node` / `GET /api/nodes/:pathB64`: the bundle, with `item.body` read on demand. */
export async function getNodeBundle(
  reader: MapReader,
  path: string,
  includeBody: boolean,
): Promise<NodeBundle> {
  const bundle = reader.findNode(path);
  if (bundle === null) {
    throw notFound(
      reader.status().db === 'missing'
        ? 'Project database not found; run `sm scan` first.'
        : `unknown node path: ${path}`,
      { path },
    );
  }
  if (!includeBody) return bundle;
  return { ...bundle, item: { ...bundle.item, body: await reader.readNodeBody(path) } };
}

/** Validates severity tokens. */
export function parseSeverities(list: readonly string[] | undefined): Severity[] | undefined {
  if (list === undefined) return undefined;
  const bad = list.find((s) => !(SEVERITIES as readonly string[]).includes(s));
  if (bad !== undefined)
    throw badQuery(`unknown severity "${bad}" (expected error, warn or info)`, { severity: bad });
  return list as Severity[];
}

/** `list_issues` / `GET /api/issues`. */
export function listIssues(reader: MapReader, filter: IssueFilter, page: Page): PageOf<Issue> {
  return reader.listIssues(filter, page);
}

/** `get_branch` / `GET /api/branch`: scope validation, cap clamp (limit only lowers it), projection. */
export function getBranch(
  reader: MapReader,
  req: {
    includes: readonly string[];
    excludes: readonly string[];
    excludeRoot?: boolean | string;
    limit?: number;
  },
): BranchResult {
  const scope = resolveMapScope({
    paths: req.includes,
    exclude: req.excludes,
    ...(req.excludeRoot === undefined ? {} : { excludeRoot: req.excludeRoot }),
  });
  if (!scope.ok)
    throw badQuery(scope.error.message, {
      reason: scope.error.code,
      ...(scope.error.path === undefined ? {} : { path: scope.error.path }),
    });
  const max = reader.maxRenderNodes();
  const cap = Math.min(max, Math.max(1, req.limit ?? max));
  if (reader.status().db === 'missing') return emptyBranch(scope.value, cap);
  return reader.branch(scope.value, cap);
}
