import { emptyScanResult } from '@skill-map/spec';
import type { Issue, Node, ScanResult } from '@skill-map/spec';
import { applyExportQuery, closeSubgraph } from './export-query.js';
import type { ExportQuery } from './export-query.js';
import { closeBranch, projectBranch } from './branch-projection.js';
import type { IssueFilter, MapReader, ScanMeta } from './map-reader.js';
import { readNodeBodyFile } from './read-node-body.js';

/** True when a stored (short) analyzer id matches a filter token, short or qualified. */
export function analyzerMatches(stored: string, token: string): boolean {
  return stored === token || stored.endsWith(`/${token}`) || token.endsWith(`/${stored}`);
}

/** True when an issue passes an IssueFilter. */
export function issueMatches(issue: Issue, filter: IssueFilter): boolean {
  if (filter.severities !== undefined && !filter.severities.includes(issue.severity)) return false;
  if (filter.analyzerIds !== undefined && !filter.analyzerIds.some((t) => analyzerMatches(issue.analyzerId, t))) return false;
  if (filter.nodes !== undefined && !issue.nodeIds.some((id) => filter.nodes?.includes(id) === true)) return false;
  return true;
}

/** Splits a ScanResult into its meta part. */
export function toScanMeta(scan: ScanResult): ScanMeta {
  const { nodes, links, issues, ...meta } = scan;
  return { ...meta, counts: { nodes: nodes.length, links: links.length, issues: issues.length } };
}

/**
 * A MapReader over a ScanResult held in memory (`null` = no database). For unit tests and for hosts that
 * already hold a graph; production reads go through the SQLite store.
 */
export function createMemoryMapReader(source: () => ScanResult | null, options: { scopeRoot: string; dbPath?: string }): MapReader {
  const scan = (): ScanResult => source() ?? emptyScanResult();
  const byPath = (path: string): Node | undefined => scan().nodes.find((n) => n.path === path);
  return {
    status: () => ({ db: source() === null ? 'missing' : 'present', dbPath: options.dbPath ?? '(memory)' }),
    loadScanResult: scan,
    scanMeta: () => toScanMeta(scan()),
    findNode(path) {
      const s = scan();
      const item = byPath(path);
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
    nodePaths: () => scan().nodes.map((n) => n.path).sort(),
    listNodes(query: ExportQuery, page) {
      const all = applyExportQuery(scan(), query).nodes;
      return { items: all.slice(page.offset, page.offset + page.limit), total: all.length };
    },
    queryGraph(query, cap) {
      const s = scan();
      const matched = applyExportQuery(s, query).nodes.slice(0, cap);
      return closeSubgraph(matched, s.links, s.issues);
    },
    listLinks(filter) {
      return scan().links.filter(
        (l) =>
          (filter.kinds === undefined || filter.kinds.includes(l.kind)) &&
          (filter.from === undefined || l.source === filter.from) &&
          (filter.to === undefined || l.target === filter.to || l.resolvedTarget === filter.to),
      );
    },
    listIssues(filter, page) {
      const all = scan().issues.filter((i) => issueMatches(i, filter));
      return { items: all.slice(page.offset, page.offset + page.limit), total: all.length };
    },
    branch(scope, cap) {
      const s = scan();
      return projectBranch(s.nodes, scope, cap, (kept) => closeBranch(s.links, s.issues, kept));
    },
    readNodeBody: (path) => (byPath(path)?.virtual === true ? Promise.resolve(null) : readNodeBodyFile(options.scopeRoot, path)),
  };
}
