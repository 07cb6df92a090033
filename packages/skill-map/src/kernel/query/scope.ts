// Overrides and the nearest-ancestor rule live in @skill-map/spec (one copy, shared with the web page).
import { scopeAdmits, type MapScope } from '@skill-map/spec';
import { closeOver, type ClosedSubgraph, type Subgraph } from './subgraph.js';

export { resolveMapScope, scopeAdmits } from '@skill-map/spec';
export type { MapScope, MapScopeError, MapScopeInput } from '@skill-map/spec';

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
