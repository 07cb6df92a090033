import type { Result } from '../errors.js';
import { closeOver, type ClosedSubgraph, type Subgraph } from './subgraph.js';
import {
  EXPORT_QUERY_KEYS,
  exportQueryMatcher,
  listOf,
  unknownKindMessage,
  type ExportQuery,
  type ExportQueryError,
} from '@skill-map/spec';

// The grammar, its glob, its node predicate and the node-kind vocabulary live in @skill-map/spec (one copy, shared
// with the web page): `sm list`, `sm export`, REST and MCP accept exactly the kinds the page filters.
export { EXPORT_QUERY_KEYS, formatExportQuery, parseExportQuery, unknownKindMessage } from '@skill-map/spec';
export type { ExportQuery, ExportQueryError } from '@skill-map/spec';

/** The separate fields of a structured query (MCP `query_graph`): each a comma list of values, never grammar. */
export interface ExportQueryFields {
  kind?: string | undefined;
  has?: string | undefined;
  path?: string | undefined;
}

/**
 * Builds a query from separate fields without going through the text grammar: a field's value is its comma list of
 * values, whatever characters they hold (`"skill has=issues"` is one unknown kind, not a kind and a filter; a path glob
 * may hold spaces). Errors name the field.
 */
export function exportQueryFromFields(
  fields: ExportQueryFields,
  also: readonly string[] = [],
): Result<ExportQuery, ExportQueryError> {
  const value: ExportQuery = { kinds: null, hasIssues: false, paths: null };
  const bad = (
    code: ExportQueryError['code'],
    field: 'kind' | 'has' | 'path',
    token: string,
    message: string,
  ) => ({ ok: false, error: { code, message: `${field}: ${message}`, token, field } }) as const;
  for (const field of EXPORT_QUERY_KEYS) {
    const text = fields[field];
    if (text === undefined) continue;
    const values = listOf(text);
    if (values.length === 0) return bad('no-values', field, text, 'no values given');
    if (field === 'kind') {
      for (const kind of values) {
        const unknown = unknownKindMessage(kind, also);
        if (unknown !== null) return bad('unknown-kind', field, kind, unknown);
      }
      value.kinds = values;
    } else if (field === 'path') value.paths = values;
    else {
      const other = values.find((v) => v !== 'issues');
      if (other !== undefined)
        return bad('unsupported-has', field, other, `'${other}' is not supported (only "issues")`);
      value.hasIssues = true;
    }
  }
  return { ok: true, value };
}

/** True when a query has no filter at all (`sm export` with no query): it selects the whole graph. */
export function isEmptyExportQuery(query: ExportQuery): boolean {
  return query.kinds === null && query.paths === null && !query.hasIssues;
}

/**
 * Applies a query: filters AND together, globs OR among themselves. Closure on the RAW link target (so trigger links
 * such as `/cmd` drop out, unlike the branch projection), issues kept when any nodeId survives. An empty query is
 * the whole graph: every link (trigger links such as `invokes` `/cmd` and broken links included) and every issue,
 * since nothing was selected out.
 */
export function applyExportQuery(graph: Subgraph, query: ExportQuery): ClosedSubgraph {
  if (isEmptyExportQuery(query))
    return { nodes: [...graph.nodes], links: [...graph.links], issues: [...graph.issues] };
  const flagged = query.hasIssues ? new Set(graph.issues.flatMap((i) => i.nodeIds)) : null;
  const kept = graph.nodes.filter(exportQueryMatcher(query, flagged));
  return closeOver(graph, kept, (l) => l.target);
}
