// The typed error of plugin loading (one per boundary: the loader maps it to the plugin's `load-error` status).

/** Why a plugin's extensions could not be loaded (the plugin's status becomes `load-error`). */
export class PluginLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PluginLoadError';
  }
}
