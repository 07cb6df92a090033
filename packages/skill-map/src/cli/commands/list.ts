import { CliError } from '../errors.js';
import { parseQueryArg, readNodes, toNodeQuery, storedKinds } from '../query.js';
import { withReadStore } from '../read-store.js';
import { renderNodes } from '../render-list.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

function limitOf(value: string | boolean | undefined): number {
  if (value === undefined) return Infinity;
  const text = String(value);
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new CliError('USAGE', `--limit must be a positive whole number (got ${text})`);
  return Number(text);
}

/** `sm list [<query>]`: nodes ordered by path, filtered in SQL with the export grammar. */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const { query, text } = parseQueryArg(ctx.args[0], storedKinds(ctx));
  const limit = limitOf(ctx.options['limit']);
  const { items, total } = withReadStore(ctx, (store) => readNodes(store, toNodeQuery(query), limit));
  const { output } = ctx;
  if (output.jsonMode) {
    output.json({ elapsedMs: elapsedMs(ctx), query: text, total, count: items.length, items });
  } else if (items.length === 0) {
    output.summary(text === '' ? 'no nodes (run `sm scan` to map the project)' : `no nodes match ${text}`);
  } else {
    output.out(renderNodes(items).join('\n'));
    output.summary(items.length === total ? `${total} node(s)` : `${items.length} of ${total} node(s)`);
  }
  return Promise.resolve({});
}
