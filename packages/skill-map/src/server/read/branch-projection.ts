import type { Issue, Link, Node } from '@skill-map/spec';
import { scopeAdmits } from '../../kernel/index.js';
import type { MapScope } from '../../kernel/index.js';
import type { BranchResult } from './map-reader.js';

/** The empty branch echoing the resolved scope (no DB, or a fully excluded scope). */
export function emptyBranch(scope: MapScope, cap: number): BranchResult {
  return {
    schemaVersion: 1,
    kind: 'branch',
    branch: {
      paths: [...scope.includes],
      excluded: [...scope.excludes],
      rootExcluded: scope.rootExcluded,
      total: 0,
      rendered: 0,
      truncated: false,
      cap,
    },
    nodes: [],
    links: [],
    issues: [],
  };
}

/**
 * The branch projection over node PATHS only (the kernel's `scopeAdmits` decides each path), so a large
 * corpus is never hydrated: only the rendered nodes are loaded (`hydrate`) and closed over (`close`:
 * links with source AND resolvedTarget-or-target in the set, issues naming any of them). `total` counts the
 * whole scoped set before the cap; ordering is seniority fill (root excluded, 2+ includes) or path order.
 */
export function projectBranchPaths(
  paths: readonly string[],
  scope: MapScope,
  cap: number,
  hydrate: (paths: string[]) => Node[],
  close: (paths: string[]) => { links: Link[]; issues: Issue[] },
): BranchResult {
  if (scope.rootExcluded && scope.includes.length === 0) return emptyBranch(scope, cap);
  const scoped: Array<{ path: string; rank: number }> = [];
  for (const path of paths) {
    const s = scopeAdmits(scope, path);
    if (s.included) scoped.push({ path, rank: s.rank });
  }
  const seniority = scope.rootExcluded && scope.includes.length >= 2;
  scoped.sort((a, b) =>
    seniority && a.rank !== b.rank ? a.rank - b.rank : a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
  const rendered = scoped.slice(0, cap).map((s) => s.path);
  const byPath = new Map(hydrate(rendered).map((n) => [n.path, n]));
  const nodes = rendered.map((p) => byPath.get(p)).filter((n): n is Node => n !== undefined);
  return {
    schemaVersion: 1,
    kind: 'branch',
    branch: {
      paths: [...scope.includes],
      excluded: [...scope.excludes],
      rootExcluded: scope.rootExcluded,
      total: scoped.length,
      rendered: nodes.length,
      truncated: scoped.length > cap,
      cap,
    },
    nodes,
    ...close(rendered),
  };
}
