// The plugin-load validators, imported on the first discovery that finds a plugin folder: their generated code is a
// quarter of the CLI's, and a project without plugins never loads it.
import type * as Validators from './validators.js';

type Checks = typeof Validators;

let loaded: Checks | null = null;

/** Imports the validators (once per process). */
export async function loadChecks(): Promise<Checks> {
  loaded ??= await import('./validators.js');
  return loaded;
}

/** The validators; discovery loaded them before any manifest, `ui` map or payload is checked. */
export function checks(): Checks {
  if (loaded === null) throw new Error('the plugin validators were not loaded (loadChecks)');
  return loaded;
}
