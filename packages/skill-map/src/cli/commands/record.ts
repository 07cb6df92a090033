import { CliError } from '../errors.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/** `sm record`: placeholder of the foundation commit, filled by the record work. */
export function run(_ctx: VerbContext): Promise<VerbResult> {
  return Promise.reject(new CliError('UNAVAILABLE', 'sm record is not built yet'));
}
