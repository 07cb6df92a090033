import { CliError } from '../errors.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/** `sm jobs`: placeholder of the foundation commit, filled by the jobs work. */
export function run(_ctx: VerbContext): Promise<VerbResult> {
  return Promise.reject(new CliError('UNAVAILABLE', 'sm jobs is not built yet'));
}
