import { nodeBump, runAction } from '../../engines/actions/index.js';
import { withConsent } from '../consent-prompt.js';
import { cliEngineContext } from '../engine-context.js';
import { CliError } from '../errors.js';
import type { VerbContext, VerbResult } from '../verbs.js';
import { runSummary } from './actions.js';
import { toNodePath } from './show.js';

/** `sm bump <node> [--dry-run] [--yes]`: the core/node-bump computation through the sidecar chokepoint. */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const raw = ctx.args[0];
  if (raw === undefined || raw === '')
    throw new CliError('USAGE', 'sm bump needs the node to bump', {
      hint: 'usage: sm bump <node> [--dry-run] [--yes]',
    });
  const node = toNodePath(raw, ctx.io.cwd, ctx.project.root);
  const engines = cliEngineContext(ctx);
  const dryRun = ctx.options['dry-run'] === true;
  const result = await withConsent(ctx, (consent) => runAction(engines, nodeBump, { node, dryRun }, consent));
  if (ctx.output.jsonMode) {
    // The reference's bump report (bump-report.schema.json); `sm actions run core/node-bump --json` has the run.
    const report = result.report as { to?: unknown; createdSidecar?: unknown };
    ctx.output.json(
      typeof report.to === 'number'
        ? {
            ok: true,
            version: report.to,
            ...(report.createdSidecar === true ? { createdSidecar: true } : {}),
          }
        : { ok: true, noop: true },
    );
  } else ctx.output.out(runSummary(result));
  return {};
}
