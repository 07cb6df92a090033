/**
 * Map scope overrides (`/api/branch`, MCP `get_branch`): a set of include/exclude overrides plus the root.
 *
 * Interim: a stand-in for the kernel's map-scope functions until `src/kernel` lands them; swap the bodies
 * for re-exports in this one file. A node takes the override of its NEAREST ancestor (longest matching
 * path; a path matches itself and its `/`-descendants); the root override (`''`) covers everything.
 */
import type { ParseResult } from './export-query.js';

/** What a caller asked for (wire form: repeated `path=`, repeated `exclude=`, `excludeRoot=`). */
export interface ScopeRequest {
  readonly includes: readonly string[];
  readonly excludes: readonly string[];
  /** Absent: inferred (root excluded iff some include has no strict ancestor among the excludes). */
  readonly excludeRoot?: boolean;
}

/** A validated scope: de-duplicated includes in request order, excludes, and the resolved root state. */
export interface ResolvedScope {
  readonly paths: readonly string[];
  readonly excluded: readonly string[];
  readonly rootExcluded: boolean;
}

function normalise(list: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of list) {
    const p = raw.trim().replace(/\/+$/, '');
    if (p.length > 0 && !out.includes(p)) out.push(p);
  }
  return out;
}

/** True when `prefix` is `path` itself or one of its `/`-ancestors. */
export function coversPath(prefix: string, path: string): boolean {
  return prefix === '' || path === prefix || path.startsWith(`${prefix}/`);
}

/** Validates a scope request: conflict → error; missing excludeRoot → inferred. */
export function resolveScope(req: ScopeRequest): ParseResult<ResolvedScope> {
  const paths = normalise(req.includes);
  const excluded = normalise(req.excludes);
  const conflict = paths.find((p) => excluded.includes(p));
  if (conflict !== undefined) return { ok: false, error: `path "${conflict}" is both included and excluded` };
  const rootExcluded =
    req.excludeRoot ?? paths.some((inc) => !excluded.some((exc) => exc !== inc && coversPath(exc, inc)));
  return { ok: true, value: { paths, excluded, rootExcluded } };
}

/**
 * Ranks a node under a scope: `-1` when excluded, else the index of the first include (request order)
 * that admits it, or `paths.length` when only the root admits it. The rank drives "seniority fill".
 */
export function scopeRank(scope: ResolvedScope, path: string): number {
  let best = '';
  let bestInclude = !scope.rootExcluded;
  for (const p of scope.paths) {
    if (coversPath(p, path) && p.length > best.length) {
      best = p;
      bestInclude = true;
    }
  }
  for (const p of scope.excluded) {
    if (coversPath(p, path) && p.length > best.length) {
      best = p;
      bestInclude = false;
    }
  }
  if (!bestInclude) return -1;
  const first = scope.paths.findIndex((p) => coversPath(p, path));
  return first === -1 ? scope.paths.length : first;
}

/** True when the scope admits nothing at all (root excluded and no includes). */
export function isEmptyScope(scope: ResolvedScope): boolean {
  return scope.rootExcluded && scope.paths.length === 0;
}

/** Whether results are ordered by seniority (root excluded and at least two includes) or plain path order. */
export function usesSeniorityOrder(scope: ResolvedScope): boolean {
  return scope.rootExcluded && scope.paths.length >= 2;
}
