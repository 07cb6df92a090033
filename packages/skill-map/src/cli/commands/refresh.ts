import { CliError } from '../errors.js';
import { withReadStore } from '../read-store.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';
import { toNodePath } from './show.js';

/**
 * `sm refresh <node> | --stale` and `sm enrich <node> | --stale`: the reference's enrichment verbs. Enrichment
 * rows come from network-declaring extensions, and this sm ships none (and loads none), so the report is always
 * the zero case: each targeted node of the last scan with 0 enrichments, `refreshed: 0`. A node the last scan
 * does not have is not found (exit 5); `--stale` targets no node.
 */
export const runFor =
  (verb: 'refresh' | 'enrich') =>
  (ctx: VerbContext): Promise<VerbResult> => {
    const [input] = ctx.args;
    const stale = ctx.options['stale'] === true;
    if ((input === undefined) === !stale)
      throw new CliError('USAGE', `\`sm ${verb}\` needs a node path or --stale (not both)`, {
        hint: `usage: sm ${verb} <path> | sm ${verb} --stale`,
      });
    const nodes: { path: string; enrichments: number }[] = [];
    if (input !== undefined) {
      const path = toNodePath(input, ctx.io.cwd, ctx.project.root);
      if (withReadStore(ctx, (store) => store.findNode(path)) === null)
        throw new CliError('NOT_FOUND', `no node at '${path}'`, {
          hint: '`sm list` shows every node path (run `sm scan` if the file is new)',
        });
      nodes.push({ path, enrichments: 0 });
    }
    if (ctx.output.jsonMode)
      ctx.output.json({
        ok: true,
        kind: `${verb}.report`,
        refreshed: 0,
        nodes,
        elapsedMs: elapsedMs(ctx),
      });
    else
      ctx.output.summary(
        nodes.length === 0
          ? 'nothing to enrich (no node is stale)'
          : `${nodes[0]!.path}: 0 enrichments (no enrichment extension is installed)`,
      );
    return Promise.resolve({});
  };

/** `sm refresh`. */
export const run = runFor('refresh');
