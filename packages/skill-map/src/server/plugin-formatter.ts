import { loadConfig } from '../adapters/index.js';
import { loadPlugins } from '../engines/index.js';
import type { GraphFormatter, PluginFlags, RegistrySource } from './ports.js';

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

/** The project's registry (built-ins plus trusted, enabled drop-ins, no probabilistic extensions), per call. */
export function pluginRegistry(projectRoot: string, flags: PluginFlags = {}): RegistrySource {
  return {
    async load() {
      const config = loadConfig({ projectRoot }).merged;
      return (await loadPlugins({ projectRoot, config, ...flags, probabilistic: false })).registry;
    },
  };
}
