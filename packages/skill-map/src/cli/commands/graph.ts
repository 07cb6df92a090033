import { formatGraph, GRAPH_FORMATS } from '../../kernel/index.js';
import type { ExportQuery, GraphFormat, Subgraph } from '../../kernel/index.js';
import type { ScanStore } from '../../adapters/index.js';
import { formatOption } from '../format-option.js';
import { parseQueryArg, readNodes, toNodeQuery } from '../query.js';
import { withReadStore } from '../read-store.js';
import type { VerbContext, VerbResult } from '../verbs.js';

function subgraph(store: ScanStore, query: ExportQuery | null): Subgraph {
  if (query === null) return store.loadScan();
  const { items: nodes } = readNodes(store, toNodeQuery(query));
  // Unlike `sm export`, a graph keeps links by their RESOLVED target (so `/cmd` and `@agent` edges stay).
  return {
    nodes,
    ...store.closeOver(
      nodes.map((n) => n.path),
      'resolved',
    ),
  };
}

/** `sm graph [<query>] --format ascii|json|mermaid|dot`: the persisted graph through the kernel's formatters. */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const { query, text } = parseQueryArg(ctx.args[0]);
  const format = formatOption<GraphFormat>(ctx, GRAPH_FORMATS, 'ascii');
  const graph = withReadStore(ctx, (store) => subgraph(store, text === '' ? null : query));
  ctx.output.out(formatGraph(graph, format));
  return Promise.resolve({});
}
