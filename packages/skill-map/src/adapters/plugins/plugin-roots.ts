// Where drop-in plugins live, in a module of its own: the CLI's entry looks there on every run (for the boot hooks)
// without loading discovery and its validators.
import { readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where drop-in plugins live. */
export interface PluginRoots {
  project: string;
  user: string;
}

/** The project's and the user's plugin folders (the user's from `SKILL_MAP_USER_PLUGINS` when set). */
export function pluginRoots(projectRoot: string, env: NodeJS.ProcessEnv = process.env): PluginRoots {
  const override = env['SKILL_MAP_USER_PLUGINS'];
  return {
    project: join(projectRoot, '.skill-map', 'plugins'),
    user: override !== undefined && override !== '' ? override : join(homedir(), '.skill-map', 'plugins'),
  };
}

/** True when either plugin folder holds anything: a cheap look before loading any plugin. */
export function hasDropIns(roots: PluginRoots): boolean {
  return [roots.project, roots.user].some((dir) => {
    try {
      return readdirSync(dir).length > 0;
    } catch {
      return false;
    }
  });
}
