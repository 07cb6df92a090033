import { CliError } from '../errors.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/** `sm agent`: placeholder of the foundation commit, filled by the agent work. */
export function run(_ctx: VerbContext): Promise<VerbResult> {
  return Promise.reject(new CliError('UNAVAILABLE', 'sm agent is not built yet'));
}
