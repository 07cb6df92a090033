import { DEFAULT_MAX_RENDER_NODES, emptyScanResult } from '@skill-map/spec';
import type { Issue, ScanResult } from '@skill-map/spec';
import { applyExportQuery, closeOver } from '../../kernel/index.js';
import type { ExportQuery } from '../../kernel/index.js';
import { projectBranchPaths } from './branch-projection.js';
import type { IssueFilter, MapReader, ScanMeta } from './map-reader.js';
import { readNodeBodyFile } from './read-node-body.js';

/** True when a stored (short) analyzer id matches a filter token, short or qualified. */
export function analyzerMatches(stored: string, token: string): boolean {
  return stored === token || stored.endsWith(`/${token}`) || token.endsWith(`/${stored}`);
}

/** True when an issue passes an IssueFilter. */
export function issueMatches(issue: Issue, filter: IssueFilter): boolean {
  if (filter.severities !== undefined && !filter.severities.includes(issue.severity)) return false;
  if (
    filter.analyzerIds !== undefined &&
    !filter.analyzerIds.some((t) => analyzerMatches(issue.analyzerId, t))
  )
    return false;
  if (filter.nodes !== undefined && !issue.nodeIds.some((id) => filter.nodes?.includes(id) === true))
    return false;
  return true;
}

/** Splits a ScanResult into its meta part. */
export function toScanMeta(scan: ScanResult): ScanMeta {
  const { nodes, links, issues, ...meta } = scan;
  return { ...meta, counts: { nodes: nodes.length, links: links.length, issues: issues.length } };
}

const byPathOrder = (a: { path: string }, b: { path: string }): number =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;

/**
 * A MapReader over a ScanResult held in memory (`null` = no database), with the store's orderings (nodes
 * by path, links and issues in insertion order). For unit tests; production reads go through SQLite.
 */
export function createMemoryMapReader(
  source: () => ScanResult | null,
  options: { scopeRoot: string; dbPath?: string },
): MapReader {
  const scan = (): ScanResult => {
    const s = source() ?? emptyScanResult();
    return { ...s, nodes: [...s.nodes].sort(byPathOrder) };
  };
  const closeResolved = (
    s: ScanResult,
    paths: string[],
  ): { links: ScanResult['links']; issues: ScanResult['issues'] } => {
    const kept = new Set(paths);
    return {
      links: s.links.filter((l) => kept.has(l.source) && kept.has(l.resolvedTarget ?? l.target)),
      issues: s.issues.filter((i) => i.nodeIds.some((id) => kept.has(id))),
    };
  };
  return {
    status: () => ({ db: source() === null ? 'missing' : 'present', dbPath: options.dbPath ?? '(memory)' }),
    loadScanResult: scan,
    scanMeta: () => toScanMeta(scan()),
    maxRenderNodes: () => source()?.maxRenderNodes ?? DEFAULT_MAX_RENDER_NODES,
    findNode(path) {
      const s = scan();
      const item = s.nodes.find((n) => n.path === path);
      if (item === undefined) return null;
      return {
        item,
        links: {
          incoming: s.links.filter((l) => l.target === path || l.resolvedTarget === path),
          outgoing: s.links.filter((l) => l.source === path),
        },
        issues: s.issues.filter((i) => i.nodeIds.includes(path)),
      };
    },
    nodePaths: () => scan().nodes.map((n) => n.path),
    nodeKinds: () => [...new Set(scan().nodes.map((n) => n.kind))].sort(),
    listNodes(query: ExportQuery, page) {
      const all = applyExportQuery(scan(), query).nodes;
      return { items: all.slice(page.offset, page.offset + page.limit), total: all.length };
    },
    queryGraph(query, cap, offset = 0) {
      const s = scan();
      const all = applyExportQuery(s, query).nodes;
      const kept = all.slice(offset, offset + cap);
      // The raw-target closure, as the SQLite reader's.
      return { ...closeOver(s, kept, (l) => l.target), total: all.length };
    },
    listLinks(filter, page) {
      const all = scan().links.filter(
        (l) =>
          (filter.kinds === undefined || filter.kinds.includes(l.kind)) &&
          (filter.from === undefined || l.source === filter.from) &&
          (filter.to === undefined || l.target === filter.to || l.resolvedTarget === filter.to),
      );
      return { items: all.slice(page.offset, page.offset + page.limit), total: all.length };
    },
    listIssues(filter, page) {
      const all = scan().issues.filter((i) => issueMatches(i, filter));
      return { items: all.slice(page.offset, page.offset + page.limit), total: all.length };
    },
    branch(scope, cap) {
      const s = scan();
      return projectBranchPaths(
        s.nodes.map((n) => n.path),
        scope,
        cap,
        (paths) => s.nodes.filter((n) => paths.includes(n.path)),
        (paths) => closeResolved(s, paths),
      );
    },
    readNodeBody: (path) =>
      source()?.nodes.find((n) => n.path === path)?.virtual === true
        ? Promise.resolve(null)
        : readNodeBodyFile(options.scopeRoot, path),
  };
}
