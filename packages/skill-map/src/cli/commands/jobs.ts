import { CliError } from '../errors.js';
import type { VerbContext, VerbResult } from '../verbs.js';
import { claim } from './jobs/claim.js';
import { onlyOptionsOf } from './jobs/options.js';
import { extensions, list, preview, show, submit } from './jobs/queue.js';
import { prune, terminate } from './jobs/terminate.js';

const SUBCOMMANDS: Readonly<Record<string, (ctx: VerbContext) => Promise<VerbResult>>> = {
  extensions,
  submit,
  list,
  show,
  preview,
  claim,
  cancel: (ctx) => terminate(ctx, 'cancel'),
  fail: (ctx) => terminate(ctx, 'fail'),
  prune,
};

/** `sm jobs <subcommand>`: the job queue through the shared jobs engine (engines/jobs). */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const sub = ctx.args[0];
  const handler = sub === undefined ? undefined : SUBCOMMANDS[sub];
  if (sub === undefined || handler === undefined)
    throw new CliError(
      'USAGE',
      sub === undefined ? '`sm jobs` needs a subcommand' : `unknown subcommand \`sm jobs ${sub}\``,
      { hint: `one of: ${Object.keys(SUBCOMMANDS).join(', ')} (see sm jobs --help)` },
    );
  onlyOptionsOf(ctx, sub);
  return handler(ctx);
}
