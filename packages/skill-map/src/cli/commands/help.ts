import { CliError } from '../errors.js';
import { renderGeneralHelp, renderVerbHelp } from '../help.js';
import { findVerb } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/** `sm help [<verb>]`: help on stdout (`--json`: `{ text }`). */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const name = ctx.args[0];
  const verb = name === undefined ? null : findVerb(name);
  if (verb === undefined)
    throw new CliError('USAGE', `unknown verb '${name ?? ''}'`, { hint: 'run `sm help` for every verb' });
  const text = verb === null ? renderGeneralHelp() : renderVerbHelp(verb);
  if (ctx.output.jsonMode) ctx.output.json({ verb: verb?.name ?? null, text });
  else ctx.output.out(text);
  return Promise.resolve({});
}
