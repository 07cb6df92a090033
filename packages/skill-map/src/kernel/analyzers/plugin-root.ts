// The plugin a file belongs to: the nearest enclosing folder that holds a plugin manifest node
// (`.claude-plugin/plugin.json`, `.cursor-plugin/`, `.codex-plugin/`). A host namespaces a plugin's skills, commands
// and agents (`plugin:name`), so names and files of two plugins never meet. Pure: reads the assembled nodes only.
import type { Assembled } from '../graph/assemble.js';
import { dirname, joinPath } from '../util/posix-path.js';

const MANIFESTS = ['.claude-plugin/plugin.json', '.cursor-plugin/plugin.json', '.codex-plugin/plugin.json'];

/** True when `dir` holds a plugin manifest node. */
function isPluginDir(dir: string, g: Pick<Assembled, 'byPath'>): boolean {
  for (const m of MANIFESTS) if (g.byPath.get(joinPath(dir, m))?.kind === 'plugin') return true;
  return false;
}

/** The root folder of the plugin `path` belongs to (`''` for a plugin at the scope root), or null for none. */
export function pluginRootOf(path: string, g: Pick<Assembled, 'byPath'>): string | null {
  for (let d = dirname(path); ; d = dirname(d)) {
    if (isPluginDir(d, g)) return d;
    if (d === '') return null;
  }
}
