import type { Issue, Link, Node } from '@skill-map/spec';
import type { ExportQuery } from '../query/export-query.js';
import type { ClosedSubgraph } from '../query/subgraph.js';
import { mdCell } from './escape.js';
import { formatJson, formatMermaid } from './graph-formats.js';

/** The `sm export` document (json and md formats). */
export interface ExportDocument {
  query: string;
  filters: { kind: string[] | null; has: string[] | null; path: string[] | null };
  counts: { nodes: number; links: number; issues: number };
  nodes: Node[];
  links: Link[];
  issues: Issue[];
}

/** Builds the export document for a query and its closed result. */
export function toExportDocument(
  queryText: string,
  query: ExportQuery,
  result: ClosedSubgraph,
): ExportDocument {
  return {
    query: queryText,
    filters: { kind: query.kinds, has: query.hasIssues ? ['issues'] : null, path: query.paths },
    counts: { nodes: result.nodes.length, links: result.links.length, issues: result.issues.length },
    nodes: result.nodes,
    links: result.links,
    issues: result.issues,
  };
}

/** Markdown rendering of an export document: summary, then node, link and issue tables. */
export function formatExportMarkdown(doc: ExportDocument): string {
  const lines = [
    '# skill-map export',
    '',
    `Query: \`${doc.query === '' ? '(everything)' : doc.query}\``,
    '',
    `${doc.counts.nodes} nodes, ${doc.counts.links} links, ${doc.counts.issues} issues.`,
    '',
    '## Nodes',
    '',
    '| Path | Kind | Provider | Out | In |',
    '|---|---|---|---|---|',
    ...doc.nodes.map(
      (n) =>
        `| ${mdCell(n.path)} | ${mdCell(n.kind)} | ${mdCell(n.provider)} | ${n.linksOutCount} | ${n.linksInCount} |`,
    ),
    '',
    '## Links',
    '',
    '| Source | Kind | Target | Confidence |',
    '|---|---|---|---|',
    ...doc.links.map(
      (l) =>
        `| ${mdCell(l.source)} | ${l.kind} | ${mdCell(l.resolvedTarget ?? l.target)} | ${l.confidence} |`,
    ),
    '',
    '## Issues',
    '',
    '| Severity | Analyzer | Nodes | Message |',
    '|---|---|---|---|',
    ...doc.issues.map(
      (i) => `| ${i.severity} | ${i.analyzerId} | ${mdCell(i.nodeIds.join(', '))} | ${mdCell(i.message)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** Export formats (`sm export --format`). */
export const EXPORT_FORMATS = ['json', 'md', 'mermaid'] as const;

/** An export format. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Renders an export document in one of the closed set of formats. */
export function formatExport(doc: ExportDocument, format: ExportFormat): string {
  if (format === 'json') return formatJson(doc);
  if (format === 'md') return formatExportMarkdown(doc);
  return formatMermaid(doc);
}
