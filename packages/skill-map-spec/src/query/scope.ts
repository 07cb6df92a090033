// Map scope overrides (spec §14), pure: shared by the kernel (`/api/branch`, MCP `get_branch`) and the web page's
// branch scoping, so a node's state is decided the same way everywhere.
import type { QueryResult } from './export-grammar.js';

/** True when `path` is `ancestor` or one of its `/`-descendants (`''` is every path's ancestor). */
export function isWithin(path: string, ancestor: string): boolean {
  if (ancestor === '') return true;
  return (
    path === ancestor ||
    (path.length > ancestor.length && path.startsWith(ancestor) && path[ancestor.length] === '/')
  );
}

/** A resolved map scope: include/exclude overrides plus the root state. */
export interface MapScope {
  /** De-duplicated includes, request order (order matters for seniority fill). */
  includes: string[];
  excludes: string[];
  rootExcluded: boolean;
}

/** Raw scope input as the wire carries it (`path=` repeated, `exclude=` repeated, `excludeRoot=1|0`). */
export interface MapScopeInput {
  paths?: readonly string[];
  exclude?: readonly string[];
  excludeRoot?: boolean | string | null;
}

/** Why a scope was rejected. */
export interface MapScopeError {
  code: 'scope-conflict' | 'invalid-exclude-root';
  message: string;
  path?: string;
}

function clean(list: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const raw of list ?? []) {
    const p = raw
      .trim()
      .replace(/^\.\/+/, '')
      .replace(/\/+$/, '');
    if (p !== '' && !out.includes(p)) out.push(p);
  }
  return out;
}

/**
 * Resolves scope overrides: empties filtered, duplicates keep the first, a path in both lists is a conflict, and a
 * missing `excludeRoot` is inferred (root excluded iff some include has no strict ancestor among the excludes).
 */
export function resolveMapScope(input: MapScopeInput): QueryResult<MapScope, MapScopeError> {
  const includes = clean(input.paths);
  const excludes = clean(input.exclude);
  const both = includes.find((p) => excludes.includes(p));
  if (both !== undefined)
    return {
      ok: false,
      error: { code: 'scope-conflict', message: `'${both}' is both included and excluded`, path: both },
    };
  let rootExcluded: boolean;
  const raw = input.excludeRoot;
  if (raw === undefined || raw === null || raw === '') {
    rootExcluded = includes.some((inc) => !excludes.some((ex) => ex !== inc && isWithin(inc, ex)));
  } else if (raw === true || raw === '1') rootExcluded = true;
  else if (raw === false || raw === '0') rootExcluded = false;
  else
    return {
      ok: false,
      error: { code: 'invalid-exclude-root', message: `excludeRoot must be 1 or 0, got '${String(raw)}'` },
    };
  return { ok: true, value: { includes, excludes, rootExcluded } };
}

/** The state of one path: the override of its nearest ancestor (longest match), else the root's. */
export function scopeAdmits(scope: MapScope, path: string): { included: boolean; rank: number } {
  let best = -1;
  let included = !scope.rootExcluded;
  let rank = -1;
  scope.includes.forEach((inc, i) => {
    if (!isWithin(path, inc)) return;
    if (rank < 0) rank = i;
    if (inc.length > best) {
      best = inc.length;
      included = true;
    }
  });
  for (const ex of scope.excludes) {
    if (ex.length > best && isWithin(path, ex)) {
      best = ex.length;
      included = false;
    }
  }
  return { included, rank };
}
