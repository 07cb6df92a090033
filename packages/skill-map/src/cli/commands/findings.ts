import { CliError } from '../errors.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/** `sm findings`: placeholder of the foundation commit, filled by the findings work. */
export function run(_ctx: VerbContext): Promise<VerbResult> {
  return Promise.reject(new CliError('UNAVAILABLE', 'sm findings is not built yet'));
}
