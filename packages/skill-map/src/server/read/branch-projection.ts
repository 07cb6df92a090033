import type { Issue, Link, Node } from '@skill-map/spec';
import type { BranchResult } from './map-reader.js';
import { isEmptyScope, scopeRank, usesSeniorityOrder } from './map-scope.js';
import type { ResolvedScope } from './map-scope.js';

/** The empty branch echoing the resolved scope (no DB, or a fully excluded scope). */
export function emptyBranch(scope: ResolvedScope, cap: number): BranchResult {
  return {
    schemaVersion: '1',
    kind: 'branch',
    branch: { paths: [...scope.paths], excluded: [...scope.excluded], rootExcluded: scope.rootExcluded, total: 0, rendered: 0, truncated: false, cap },
    nodes: [],
    links: [],
    issues: [],
  };
}

/**
 * Scopes, orders and caps candidate nodes, then closes links (source AND resolvedTarget-or-target in the
 * kept set) and issues (any nodeId kept). `total` is counted BEFORE the cap. Candidates may be a superset
 * (e.g. the store pre-filtered by path prefix); ranking decides.
 */
export function projectBranch(
  candidates: Iterable<Node>,
  scope: ResolvedScope,
  cap: number,
  closeOver: (kept: ReadonlySet<string>) => { links: Link[]; issues: Issue[] },
): BranchResult {
  if (isEmptyScope(scope)) return emptyBranch(scope, cap);
  const ranked: Array<{ node: Node; rank: number }> = [];
  for (const node of candidates) {
    const rank = scopeRank(scope, node.path);
    if (rank >= 0) ranked.push({ node, rank });
  }
  const seniority = usesSeniorityOrder(scope);
  ranked.sort((a, b) => (seniority && a.rank !== b.rank ? a.rank - b.rank : a.node.path < b.node.path ? -1 : a.node.path > b.node.path ? 1 : 0));
  const nodes = ranked.slice(0, cap).map((r) => r.node);
  const kept = new Set(nodes.map((n) => n.path));
  const { links, issues } = closeOver(kept);
  return {
    schemaVersion: '1',
    kind: 'branch',
    branch: {
      paths: [...scope.paths],
      excluded: [...scope.excluded],
      rootExcluded: scope.rootExcluded,
      total: ranked.length,
      rendered: nodes.length,
      truncated: ranked.length > cap,
      cap,
    },
    nodes,
    links,
    issues,
  };
}

/** Closure rule of the branch projection over in-memory arrays. */
export function closeBranch(links: readonly Link[], issues: readonly Issue[], kept: ReadonlySet<string>): { links: Link[]; issues: Issue[] } {
  return {
    links: links.filter((l) => kept.has(l.source) && kept.has(l.resolvedTarget ?? l.target)),
    issues: issues.filter((i) => i.nodeIds.some((id) => kept.has(id))),
  };
}
