import type { EngineContext } from '../../engines/context.js';
import { CliError } from '../errors.js';
import type { VerbContext, VerbResult } from '../verbs.js';
import { claim } from './jobs/claim.js';
import { jobEngines, onlyOptionsOf } from './jobs/options.js';
import { extensions, list, preview, show, status, submit } from './jobs/queue.js';
import { prune, terminate } from './jobs/terminate.js';

type Subcommand = (ctx: VerbContext, engines: EngineContext) => Promise<VerbResult>;

const SUBCOMMANDS: Readonly<Record<string, Subcommand>> = {
  extensions,
  submit,
  list,
  show,
  status,
  preview,
  claim,
  cancel: (ctx, engines) => terminate(ctx, engines, 'cancel'),
  fail: (ctx, engines) => terminate(ctx, engines, 'fail'),
  prune,
};

/**
 * `sm jobs <subcommand>`: the job queue through the shared jobs engine (engines/jobs). The operations-log lines
 * of the run are on disk before the verb returns (the process may exit right after).
 */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  const sub = ctx.args[0];
  const handler = sub === undefined ? undefined : SUBCOMMANDS[sub];
  if (sub === undefined || handler === undefined)
    throw new CliError(
      'USAGE',
      sub === undefined ? '`sm jobs` needs a subcommand' : `unknown subcommand \`sm jobs ${sub}\``,
      { hint: `one of: ${Object.keys(SUBCOMMANDS).join(', ')} (see sm jobs --help)` },
    );
  onlyOptionsOf(ctx, sub);
  const engines = jobEngines(ctx);
  try {
    return await handler(ctx, engines);
  } finally {
    await engines.opsLog.flush();
  }
}
