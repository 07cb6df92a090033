export { ACTIVITY_HOSTS, HOOK_PLANS, isOurCommand, UNSUPPORTED } from './hook-hosts.js';
export type { ActivityHost, HookPlan } from './hook-hosts.js';
export { installActivityHooks, uninstallActivityHooks } from './install.js';
export type { HookChange, HostHookStatus } from './install.js';
export { activityHookStatus } from './status.js';
