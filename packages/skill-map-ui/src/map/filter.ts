// Which nodes the map shows: the filters (the `sm export` grammar's kind / has=issues / path, plus hosts) AND the
// branch scope (/api/branch's overrides, nearest ancestor decides). The matcher and the scope rule are the
// kernel's own, from @skill-map/spec: one copy.
import { exportQueryMatcher, resolveMapScope, scopeAdmits } from '@skill-map/spec';
import type { MapNode, MapProjection } from '../api/types';
import type { MapFilter, MapScope } from '../state/store';

export const isFilterEmpty = (f: MapFilter): boolean =>
  f.kinds.length === 0 && f.providers.length === 0 && f.paths.length === 0 && !f.hasIssues;

export const isScopeEmpty = (s: MapScope): boolean => s.includes.length === 0 && s.excludes.length === 0;

/** The scope as /api/branch resolves it, or why it is refused (a path both included and excluded). */
export function resolveScope(scope: MapScope) {
  return resolveMapScope({ paths: scope.includes, exclude: scope.excludes });
}

/**
 * The set of visible node paths, or null when everything is visible. A refused scope shows nothing filtered by
 * it (the toolbar shows the error).
 */
export function visibleNodes(
  map: Pick<MapProjection, 'nodes' | 'issues'>,
  filter: MapFilter,
  scope: MapScope,
): Set<string> | null {
  if (isFilterEmpty(filter) && isScopeEmpty(scope)) return null;
  const flagged = filter.hasIssues ? new Set(map.issues.flatMap((i) => i.nodeIds)) : null;
  const matches = exportQueryMatcher(
    {
      kinds: filter.kinds.length === 0 ? null : filter.kinds,
      paths: filter.paths.length === 0 ? null : filter.paths,
      hasIssues: filter.hasIssues,
    },
    flagged,
  );
  const hosts = filter.providers.length === 0 ? null : new Set(filter.providers);
  const resolved = resolveScope(scope);
  const scoped = resolved.ok && !isScopeEmpty(scope) ? resolved.value : null;
  const fullyExcluded = scoped !== null && scoped.rootExcluded && scoped.includes.length === 0;
  const out = new Set<string>();
  for (const n of map.nodes as readonly MapNode[]) {
    if (hosts !== null && !hosts.has(n.provider)) continue;
    if (!matches(n)) continue;
    if (scoped !== null && (fullyExcluded || !scopeAdmits(scoped, n.path).included)) continue;
    out.add(n.path);
  }
  return out;
}
