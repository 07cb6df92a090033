export {
  ACTIVITY_HOSTS,
  HOOK_PLANS,
  isOurCommand,
  hookCommandLine,
  OPENCODE_PLUGIN,
  shellCommand,
} from './hook-hosts.js';
export type { ActivityHost, HookPlan } from './hook-hosts.js';
export { installActivityHooks, uninstallActivityHooks } from './install.js';
export type { HookChange, HookInstall, HostHookStatus } from './install.js';
export { opencodePluginSource } from './opencode-plugin.js';
export { activityHookStatus } from './status.js';
export { neverRunFacts, neverRunWindowDays, NEVER_RUN_WINDOW_KEY, recordSightings } from './never-run.js';
export type { LastSeen, LastSeenStore, Sighting } from './last-seen-port.js';
