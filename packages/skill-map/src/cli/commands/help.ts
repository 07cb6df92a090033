import { CliError } from '../errors.js';
import { formatOption } from '../format-option.js';
import { helpDump, helpMarkdown } from '../help-formats.js';
import { renderGeneralHelp, renderVerbHelp } from '../help.js';
import { findVerb } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

const FORMATS = ['human', 'md', 'json'] as const;

/** `sm help [<verb>] [--format human|md|json]`: help on stdout; json (also `--json`) is the CLI surface as data. */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const name = ctx.args[0];
  const verb = name === undefined ? null : findVerb(name);
  if (verb === undefined)
    throw new CliError('USAGE', `unknown verb '${name ?? ''}'`, { hint: 'run `sm help` for every verb' });
  const format = formatOption(ctx, FORMATS, 'human');
  if (format === 'json') {
    const dump = helpDump();
    ctx.output.json(
      verb === null ? dump : { ...dump, verbs: dump.verbs.filter((v) => v.name === verb.name) },
    );
  } else if (format === 'md') ctx.output.out(helpMarkdown(verb ?? undefined));
  else ctx.output.out(verb === null ? renderGeneralHelp() : renderVerbHelp(verb));
  return Promise.resolve({});
}
