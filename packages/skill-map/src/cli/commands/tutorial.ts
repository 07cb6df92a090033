import { materializeTutorial } from '../../engines/scaffold/index.js';
import { CliError } from '../errors.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/** `sm tutorial [--for <host>] [--force]`: the tutorial skill into an empty folder (exit 2 when it is not empty). */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const host = ctx.options['for'];
  if (host === true) throw new CliError('USAGE', '--for needs a host', { hint: 'e.g. --for claude' });
  const r = materializeTutorial(ctx.project.root, {
    ...(typeof host === 'string' ? { host } : {}),
    force: ctx.options['force'] === true,
  });
  if (ctx.output.jsonMode) ctx.output.json({ elapsedMs: elapsedMs(ctx), kind: 'tutorial', ...r });
  else
    ctx.output.summary(
      `wrote the sm-tutorial skill into ${r.skillDir!}/sm-tutorial/ (${r.written.length} files, for ${r.host!})\n` +
        `next: open your agent in this folder and ask it to "start the skill-map tutorial"`,
    );
  return Promise.resolve({});
}
