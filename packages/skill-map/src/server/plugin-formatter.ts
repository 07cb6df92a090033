import { loadConfig } from '../adapters/index.js';
import { loadPlugins } from '../engines/index.js';
import type { GraphFormatter, PluginFlags } from './ports.js';

/** The formatters the project's plugins register (built-ins plus trusted drop-ins), loaded per request. */
export function pluginFormatter(projectRoot: string, flags: PluginFlags = {}): GraphFormatter {
  return {
    async load() {
      const config = loadConfig({ projectRoot }).merged;
      return (
        await loadPlugins({ projectRoot, config, ...flags, probabilistic: false })
      ).registry.formatters();
    },
  };
}
