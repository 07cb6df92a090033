import type { Result } from '../errors.js';
import { compileGlob } from './glob.js';
import { closeOver, type ClosedSubgraph, type Subgraph } from './subgraph.js';

/** Keys the export grammar accepts. */
export const EXPORT_QUERY_KEYS = ['kind', 'has', 'path'] as const;

/** A parsed `sm export` query (empty = everything). */
export interface ExportQuery {
  /** Exact, case-sensitive kind whitelist. */
  kinds: string[] | null;
  /** `has=issues`: only nodes named by some issue. */
  hasIssues: boolean;
  /** POSIX globs over node.path, OR-ed. */
  paths: string[] | null;
}

/** Why a query was rejected (→ 400 / exit 2 / MCP invalid params). */
export interface ExportQueryError {
  code: 'malformed-token' | 'duplicate-key' | 'no-values' | 'unknown-key' | 'unsupported-has';
  message: string;
  token: string;
}

function fail(
  code: ExportQueryError['code'],
  token: string,
  message: string,
): Result<ExportQuery, ExportQueryError> {
  return { ok: false, error: { code, message, token } };
}

/**
 * Parses the export grammar: whitespace-separated `key=value` tokens, keys case-insensitive, values comma-separated,
 * trimmed, empties dropped. Errors are values: a token without `=` or with an empty side, a duplicate key, no
 * values, an unknown key, or a `has` value other than `issues`.
 */
export function parseExportQuery(query: string): Result<ExportQuery, ExportQueryError> {
  const value: ExportQuery = { kinds: null, hasIssues: false, paths: null };
  const seen = new Set<string>();
  for (const token of query.split(/\s+/).filter((t) => t !== '')) {
    const eq = token.indexOf('=');
    if (eq <= 0 || eq === token.length - 1)
      return fail('malformed-token', token, `'${token}' is not a key=value token`);
    const key = token.slice(0, eq).toLowerCase();
    if (!(EXPORT_QUERY_KEYS as readonly string[]).includes(key)) {
      return fail('unknown-key', token, `unknown key '${key}' (expected ${EXPORT_QUERY_KEYS.join(', ')})`);
    }
    if (seen.has(key)) return fail('duplicate-key', token, `key '${key}' appears more than once`);
    seen.add(key);
    const values = token
      .slice(eq + 1)
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (values.length === 0) return fail('no-values', token, `key '${key}' has no values`);
    if (key === 'kind') value.kinds = values;
    else if (key === 'path') value.paths = values;
    else {
      const bad = values.find((v) => v !== 'issues');
      if (bad !== undefined)
        return fail('unsupported-has', token, `has=${bad} is not supported (only has=issues)`);
      value.hasIssues = true;
    }
  }
  return { ok: true, value };
}

/** Canonical text of a parsed query (what `sm export` echoes as `query`). */
export function formatExportQuery(query: ExportQuery): string {
  const parts: string[] = [];
  if (query.kinds !== null) parts.push(`kind=${query.kinds.join(',')}`);
  if (query.hasIssues) parts.push('has=issues');
  if (query.paths !== null) parts.push(`path=${query.paths.join(',')}`);
  return parts.join(' ');
}

/**
 * Applies a query: filters AND together, globs OR among themselves. Closure on the RAW link target (so trigger links
 * such as `/cmd` drop out, unlike the branch projection), issues kept when any nodeId survives.
 */
export function applyExportQuery(graph: Subgraph, query: ExportQuery): ClosedSubgraph {
  const kinds = query.kinds === null ? null : new Set(query.kinds);
  const globs = query.paths?.map(compileGlob) ?? null;
  const flagged = query.hasIssues ? new Set(graph.issues.flatMap((i) => i.nodeIds)) : null;
  const kept = graph.nodes.filter(
    (n) =>
      (kinds === null || kinds.has(n.kind)) &&
      (flagged === null || flagged.has(n.path)) &&
      (globs === null || globs.some((g) => g.test(n.path))),
  );
  return closeOver(graph, kept, (l) => l.target);
}
