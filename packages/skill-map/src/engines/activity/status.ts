import { join } from 'node:path';
import { isEngineError } from '../errors.js';
import { HookFileInvalid, hookStateOf, parseHookDoc } from './hook-doc.js';
import { ACTIVITY_HOSTS, HOOK_PLANS, hookCommandLine } from './hook-hosts.js';
import type { ActivityHost } from './hook-hosts.js';
import type { HostHookStatus } from './install.js';
import { readBytes } from './install-record.js';
import { opencodePluginStatus } from './opencode-plugin.js';

/**
 * Whether the activity hook is registered for each host (or the one asked for). `argv` is what this build would
 * run (node and bin): another command of ours counts as `outdated`; null accepts any of ours (the server, which
 * does not know the bin path of the CLI that installed it).
 */
export function activityHookStatus(
  root: string,
  opts: { host?: string; argv: readonly string[] | null },
): HostHookStatus[] {
  const hosts = opts.host === undefined ? ACTIVITY_HOSTS : ACTIVITY_HOSTS.filter((h) => h === opts.host);
  return hosts.map((host: ActivityHost): HostHookStatus => {
    if (host === 'opencode') return opencodePluginStatus(root, opts.argv);
    const plan = HOOK_PLANS[host];
    const command = opts.argv === null ? null : hookCommandLine(opts.argv, host);
    let text: string;
    try {
      const bytes = readBytes(join(root, plan.file));
      if (bytes === null) return { host, file: plan.file, state: 'absent', reports: plan.reports };
      text = bytes.toString('utf8');
    } catch (err) {
      if (!isEngineError(err, 'hook-file-invalid')) throw err;
      return { host, file: plan.file, state: 'invalid', reports: plan.reports };
    }
    try {
      return {
        host,
        file: plan.file,
        state: hookStateOf(parseHookDoc(text), plan, command),
        reports: plan.reports,
      };
    } catch (err) {
      if (!(err instanceof HookFileInvalid)) throw err;
      return { host, file: plan.file, state: 'invalid', reports: plan.reports };
    }
  });
}
