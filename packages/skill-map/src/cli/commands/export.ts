import { formatExport, formatGraph, toExportDocument } from '../../kernel/index.js';
import { formatOption } from '../format-option.js';
import { parseQueryArg, readSubgraph, storedKinds } from '../query.js';
import { withReadStore } from '../read-store.js';
import type { VerbContext, VerbResult } from '../verbs.js';

const FORMATS = ['json', 'md', 'mermaid', 'dot'] as const;

/**
 * `sm export [<query>] --format json|md|mermaid|dot`: the closed subgraph of an export-grammar query
 * (`{query, filters, counts, nodes, links, issues}` in json and md). Nodes are selected in SQL; links are kept
 * when their source and RAW target are selected, issues when any of their nodes is.
 */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const { query, text } = parseQueryArg(ctx.args[0], storedKinds(ctx));
  const format = formatOption(ctx, FORMATS, 'json');
  const subgraph = withReadStore(ctx, (store) => readSubgraph(store, query));
  const doc = toExportDocument(text, query, subgraph);
  ctx.output.out(format === 'dot' ? formatGraph(doc, 'dot') : formatExport(doc, format));
  return Promise.resolve({});
}
