// `sm sidecars annotate|refresh|prune`: the `.sm` administration verbs (the reference's cli-contract, "Sidecar bump"
// section). annotate and refresh write through the curator and the consent gate (`--yes`, or the prompt on a
// terminal); prune deletes orphans after a confirmation (`--yes`/`--force`); `-n` changes nothing and asks nothing.
import { annotateSidecar, pruneSidecars, refreshSidecar } from '../../engines/sidecars/index.js';
import type { PruneReport, SidecarWrite } from '../../engines/sidecars/index.js';
import { confirmDestructive, withConsent } from '../consent-prompt.js';
import { cliEngineContext } from '../engine-context.js';
import { CliError } from '../errors.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';
import { toNodePath } from './show.js';

const USAGE_HINT =
  'usage: sm sidecars annotate <node> [--force] [-n] [--yes] | refresh <node> [-n] [--yes] | prune [-n] [--yes]';

const dryRun = (ctx: VerbContext): boolean => ctx.options['dry-run'] === true;

function nodeArg(ctx: VerbContext): string {
  if (ctx.args.length !== 2)
    throw new CliError('USAGE', `\`sm sidecars ${ctx.args[0] ?? ''}\` takes a node path`, {
      hint: USAGE_HINT,
    });
  return toNodePath(ctx.args[1]!, ctx.io.cwd, ctx.project.root);
}

function wrote(ctx: VerbContext, r: SidecarWrite): VerbResult {
  if (ctx.output.jsonMode) {
    ctx.output.json({ elapsedMs: elapsedMs(ctx), ...r });
    return {};
  }
  const would = r.dryRun ? ' (dry-run)' : '';
  const line =
    r.outcome === 'fresh'
      ? `${r.sidecar} is fresh: its hashes already match ${r.node}; nothing to refresh`
      : r.outcome === 'refreshed'
        ? `${r.dryRun ? 'would refresh' : 'refreshed'} the hashes of ${r.sidecar} to ${r.node}'s${would}`
        : `${r.dryRun ? `would ${r.outcome === 'created' ? 'create' : 'overwrite'}` : r.outcome} ${r.sidecar} for ${r.node}${would}` +
          (r.dryRun
            ? ''
            : '\nsidecars are managed files: comments and key order are not kept when skill-map writes them');
  ctx.output.summary(line);
  return {};
}

function pruned(ctx: VerbContext, r: PruneReport): VerbResult {
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), ...r });
  else {
    const lines = r.items.map((i) =>
      i.outcome === 'error'
        ? `failed  ${i.sidecar}: ${i.error ?? ''}`
        : `${i.outcome === 'would-delete' ? 'would delete' : i.outcome === 'gone' ? 'already gone' : 'deleted'}  ${i.sidecar}  (no ${i.expected})`,
    );
    if (lines.length > 0) ctx.output.out(lines.join('\n'));
    ctx.output.summary(
      r.items.length === 0
        ? 'no orphan sidecars'
        : r.dryRun
          ? `${r.wouldDelete} orphan sidecar(s) would be deleted (dry-run)`
          : `${r.deleted} orphan sidecar(s) deleted${r.errors.length > 0 ? `, ${r.errors.length} failed` : ''}`,
    );
  }
  return { failing: r.errors.length > 0 };
}

/** `sm sidecars annotate|refresh|prune`. */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const sub = ctx.args[0];
  const engines = cliEngineContext(ctx);
  try {
    switch (sub) {
      case 'annotate': {
        const node = nodeArg(ctx);
        const input = { node, force: ctx.options['force'] === true, dryRun: dryRun(ctx) };
        return wrote(ctx, await withConsent(ctx, (consent) => annotateSidecar(engines, input, consent)));
      }
      case 'refresh': {
        const node = nodeArg(ctx);
        const input = { node, dryRun: dryRun(ctx) };
        return wrote(ctx, await withConsent(ctx, (consent) => refreshSidecar(engines, input, consent)));
      }
      case 'prune': {
        if (ctx.args.length !== 1)
          throw new CliError('USAGE', '`sm sidecars prune` takes no argument', { hint: USAGE_HINT });
        if (!dryRun(ctx)) {
          const preview = await pruneSidecars(engines, { dryRun: true });
          if (preview.items.length === 0) return pruned(ctx, preview);
          if (!ctx.output.jsonMode)
            ctx.io.stderr.write(`${preview.items.map((i) => `  ${i.sidecar}`).join('\n')}\n`);
          await confirmDestructive(ctx, `delete these ${preview.items.length} orphan sidecar(s)?`);
        }
        return pruned(ctx, await pruneSidecars(engines, { dryRun: dryRun(ctx) }));
      }
      default:
        throw new CliError(
          'USAGE',
          sub === undefined ? 'sm sidecars needs a subcommand' : `unknown subcommand '${sub}'`,
          { hint: USAGE_HINT },
        );
    }
  } finally {
    engines.close?.();
  }
}
