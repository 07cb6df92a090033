// The `sm export` query grammar (spec §13), pure: shared by the kernel (`sm export`, `GET /api/nodes`, MCP
// `query_graph`) and the web page's map filters, so both read a query the same way, kinds checked against the one
// node-kind vocabulary (NODE_KINDS).
import { unknownKindMessage } from '../node-kinds.js';

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

/** A value or the reason there is none. */
export type QueryResult<T, E> = { ok: true; value: T } | { ok: false; error: E };

function fail(
  code: ExportQueryError['code'],
  token: string,
  message: string,
): QueryResult<ExportQuery, ExportQueryError> {
  return { ok: false, error: { code, message, token } };
}

/**
 * Parses the grammar: whitespace-separated `key=value` tokens, keys case-insensitive, values comma-separated,
 * trimmed, empties dropped. Errors are values: a token without `=` or with an empty side, a duplicate key, no
 * values, an unknown key, a `has` value other than `issues`. Kinds are not checked here (see `parseExportQuery`).
 */
export function parseExportGrammar(query: string): QueryResult<ExportQuery, ExportQueryError> {
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
    const values = listOf(token.slice(eq + 1));
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

/**
 * Parses the grammar (see `parseExportGrammar`), then checks every kind against the node-kind vocabulary and `also`
 * (the kinds of the project's plugins: a kind no scan produces could match nothing). Grammar errors come first. What `sm list`, `sm export` and the page's filter
 * read.
 */
export function parseExportQuery(
  query: string,
  also: readonly string[] = [],
): QueryResult<ExportQuery, ExportQueryError> {
  const parsed = parseExportGrammar(query);
  if (!parsed.ok) return parsed;
  for (const kind of parsed.value.kinds ?? []) {
    const unknown = unknownKindMessage(kind, also);
    if (unknown !== null) return fail('unknown-kind', `kind=${kind}`, unknown);
  }
  return parsed;
}

/** A comma list of values, trimmed, empties dropped. */
export const listOf = (text: string): string[] =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** Canonical text of a parsed query (what `sm export` echoes as `query`). */
export function formatExportQuery(query: ExportQuery): string {
  const parts: string[] = [];
  if (query.kinds !== null) parts.push(`kind=${query.kinds.join(',')}`);
  if (query.hasIssues) parts.push('has=issues');
  if (query.paths !== null) parts.push(`path=${query.paths.join(',')}`);
  return parts.join(' ');
}

/**
 * Compiles an export-grammar glob: anchored full match, `**` = any characters including `/`, `*` = any run without
 * `/`; every other character is literal (no `?`, braces or classes).
 */
export function compileGlob(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        re += '.*';
        i++;
      } else re += '[^/]*';
    } else re += c.replace(/[.+?^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 's');
}

/**
 * The node predicate of a query: kinds AND has=issues AND (any glob). `flagged` holds the paths named by some
 * issue's nodeIds (needed only when the query has `has=issues`).
 */
export function exportQueryMatcher(
  query: ExportQuery,
  flagged: ReadonlySet<string> | null,
): (node: { path: string; kind: string }) => boolean {
  const kinds = query.kinds === null ? null : new Set(query.kinds);
  const globs = query.paths?.map(compileGlob) ?? null;
  const issues = query.hasIssues ? (flagged ?? new Set<string>()) : null;
  return (n) =>
    (kinds === null || kinds.has(n.kind)) &&
    (issues === null || issues.has(n.path)) &&
    (globs === null || globs.some((g) => g.test(n.path)));
}
