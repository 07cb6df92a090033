import type { Result } from '../errors.js';
import { KNOWN_NODE_KINDS } from '../providers/registry.js';
import { suggest } from '../util/suggest.js';
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
  code:
    'malformed-token' | 'duplicate-key' | 'no-values' | 'unknown-key' | 'unsupported-has' | 'unknown-kind';
  message: string;
  /** The offending grammar token (text input) or field value (structured input). */
  token: string;
  /** The input field at fault (structured input only). */
  field?: 'kind' | 'has' | 'path';
}

/** Why `kind` is not a kind any provider emits, with the nearest known kind when one is close; null when known. */
export function unknownKindMessage(kind: string): string | null {
  if (KNOWN_NODE_KINDS.includes(kind)) return null;
  const [near] = suggest(kind, KNOWN_NODE_KINDS);
  const hint = near === undefined ? '' : `; did you mean '${near}'?`;
  return `'${kind}' is not a known kind${hint} (known kinds: ${KNOWN_NODE_KINDS.join(', ')})`;
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
 * values, an unknown key, a `has` value other than `issues`, or a kind no provider emits (it could match nothing).
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
  // Kinds are checked once the grammar is known good, so grammar errors come first.
  for (const kind of value.kinds ?? []) {
    const unknown = unknownKindMessage(kind);
    if (unknown !== null) return fail('unknown-kind', `kind=${kind}`, unknown);
  }
  return { ok: true, value };
}

/** The separate fields of a structured query (MCP `query_graph`): each a comma list of values, never grammar. */
export interface ExportQueryFields {
  kind?: string | undefined;
  has?: string | undefined;
  path?: string | undefined;
}

const listOf = (text: string): string[] =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

/**
 * Builds a query from separate fields without going through the text grammar: a field's value is its comma list of
 * values, whatever characters they hold (`"skill has=issues"` is one unknown kind, not a kind and a filter; a path glob
 * may hold spaces). Errors name the field.
 */
export function exportQueryFromFields(fields: ExportQueryFields): Result<ExportQuery, ExportQueryError> {
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
        const unknown = unknownKindMessage(kind);
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
