import { CliError } from '../errors.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/** `sm issues`: placeholder of the foundation commit, filled by the issues work. */
export function run(_ctx: VerbContext): Promise<VerbResult> {
  return Promise.reject(new CliError('UNAVAILABLE', 'sm issues is not built yet'));
}
