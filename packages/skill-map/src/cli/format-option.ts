import { CliError } from './errors.js';
import type { VerbContext } from './verbs.js';

/**
 * The `--format` of a rendering verb: one of `formats`, `json` when only `--json` is given, `fallback`
 * otherwise. `--json` with a non-JSON format is a usage error (stdout would not be JSON).
 */
export function formatOption<T extends string>(ctx: VerbContext, formats: readonly T[], fallback: T): T {
  const given = ctx.options['format'];
  if (given === undefined) return ctx.output.jsonMode ? ('json' as T) : fallback;
  if (typeof given !== 'string' || !(formats as readonly string[]).includes(given)) {
    throw new CliError('USAGE', `unknown format '${String(given)}'`, {
      hint: `use one of ${formats.join(', ')}`,
    });
  }
  if (ctx.output.jsonMode && given !== 'json')
    throw new CliError('USAGE', `--json cannot be combined with --format ${given}`, {
      hint: 'drop --json, or use --format json',
    });
  return given as T;
}
