import { loadConfig } from '../../adapters/index.js';
import { loadPlugins } from '../../engines/index.js';
import type { ExportQuery, Subgraph } from '../../kernel/index.js';
import type { ScanStore } from '../../adapters/index.js';
import { CliError } from '../errors.js';
import { formatOption } from '../format-option.js';
import { parseQueryArg, readNodes, toNodeQuery, storedKinds } from '../query.js';
import { withReadStore } from '../read-store.js';
import type { VerbContext, VerbResult } from '../verbs.js';
import { pluginFlags } from './plugins.js';

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

/**
 * `sm graph [<query>] --format <format>`: the persisted graph through a registered formatter (the built-in ascii,
 * json, mermaid and dot, plus the trusted plugins' formats).
 */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const { query, text } = parseQueryArg(ctx.args[0], storedKinds(ctx));
  const config = loadConfig({ projectRoot: ctx.project.root }).merged;
  const { registry } = await loadPlugins({
    projectRoot: ctx.project.root,
    config,
    ...pluginFlags(ctx),
    probabilistic: false,
  });
  const formats = registry.formatters().map((f) => f.format);
  const fallback = formats.includes('ascii') ? 'ascii' : (formats[0] ?? 'ascii');
  const format = formatOption<string>(ctx, formats, fallback);
  const formatter = registry.formatter(format);
  if (formatter === undefined)
    throw new CliError('UNAVAILABLE', 'no graph formatter is registered', { hint: 'drop --no-built-ins' });
  const graph = withReadStore(ctx, (store) => subgraph(store, text === '' ? null : query));
  let out: string;
  try {
    out = formatter.render(graph);
  } catch (error) {
    throw new CliError('UNAVAILABLE', `formatter '${formatter.id}' failed: ${(error as Error).message}`, {
      hint: `fix or disable its plugin (sm plugins disable ${formatter.id.split('/')[0]!})`,
    });
  }
  ctx.output.out(out);
  return {};
}
