import type { Result } from '../errors.js';
import { isWithin } from '../util/posix-path.js';
import { closeOver, type ClosedSubgraph, type Subgraph } from './subgraph.js';

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
export function resolveMapScope(input: MapScopeInput): Result<MapScope, MapScopeError> {
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

/** The `/api/branch` projection (direct shape, no envelope). */
export interface BranchProjection extends ClosedSubgraph {
  schemaVersion: 1;
  kind: 'branch';
  branch: {
    paths: string[];
    excluded: string[];
    rootExcluded: boolean;
    total: number;
    rendered: number;
    truncated: boolean;
    cap: number;
  };
}

/**
 * Projects a scope over a graph: scoped set → order (seniority fill when the root is excluded and ≥2 includes, else
 * path order) → cap = clamp(limit ?? maxRenderNodes, 1, maxRenderNodes) → links with source and
 * `resolvedTarget ?? target` in the rendered set, issues with any nodeId in it.
 */
export function projectBranch(
  graph: Subgraph,
  scope: MapScope,
  options: { limit?: number; maxRenderNodes?: number } = {},
): BranchProjection {
  const max = Math.max(1, options.maxRenderNodes ?? 256);
  const cap = Math.min(max, Math.max(1, Math.floor(options.limit ?? max)));
  const fullyExcluded = scope.rootExcluded && scope.includes.length === 0;
  const scoped = fullyExcluded
    ? []
    : graph.nodes.map((n) => ({ n, s: scopeAdmits(scope, n.path) })).filter((x) => x.s.included);
  const seniority = scope.rootExcluded && scope.includes.length >= 2;
  scoped.sort((a, b) =>
    seniority && a.s.rank !== b.s.rank
      ? a.s.rank - b.s.rank
      : a.n.path < b.n.path
        ? -1
        : a.n.path > b.n.path
          ? 1
          : 0,
  );
  const rendered = scoped.slice(0, cap).map((x) => x.n);
  const closed = closeOver(graph, rendered, (l) => l.resolvedTarget ?? l.target);
  return {
    schemaVersion: 1,
    kind: 'branch',
    branch: {
      paths: scope.includes,
      excluded: scope.excludes,
      rootExcluded: scope.rootExcluded,
      total: scoped.length,
      rendered: rendered.length,
      truncated: scoped.length > cap,
      cap,
    },
    ...closed,
  };
}
