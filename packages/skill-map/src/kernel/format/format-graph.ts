import { KernelError } from '../errors.js';
import type { Subgraph } from '../query/subgraph.js';
import { formatAscii, formatDot, formatJson, formatMermaid } from './graph-formats.js';

/** Built-in graph formatters (`sm graph --format`, `GET /api/graph?format=`). */
export const GRAPH_FORMATS = ['ascii', 'json', 'mermaid', 'dot'] as const;

/** A graph format id. */
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

/** True when `format` is a built-in graph format. */
export function isGraphFormat(format: string): format is GraphFormat {
  return (GRAPH_FORMATS as readonly string[]).includes(format);
}

/** Renders a graph; throws KernelError `unknown-format` for an unknown id (callers validate input first). */
export function formatGraph(graph: Subgraph, format: string): string {
  if (!isGraphFormat(format))
    throw new KernelError('unknown-format', `unknown graph format '${format}'`, { data: { format } });
  if (format === 'json') return formatJson({ nodes: graph.nodes, links: graph.links, issues: graph.issues });
  if (format === 'mermaid') return formatMermaid(graph);
  if (format === 'dot') return formatDot(graph);
  return formatAscii(graph);
}
