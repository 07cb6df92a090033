import type { ProbExtension } from './types.js';

/** `core/ai-security-analyzer` → `plugins.core.extensions.ai-security-analyzer.enabled` (the enable key). */
export function enableKey(id: string): string {
  const slash = id.indexOf('/');
  const ns = slash === -1 ? 'core' : id.slice(0, slash);
  const name = slash === -1 ? id : id.slice(slash + 1);
  return `plugins.${ns}.extensions.${name}.enabled`;
}

/** The extension id an enable key names (`plugins.core.extensions.x.enabled` → `core/x`), else null. */
export function extensionOfEnableKey(key: string): string | null {
  const m = /^plugins\.([^.]+)\.extensions\.([^.]+)\.enabled$/.exec(key);
  return m === null ? null : `${m[1]}/${m[2]}`;
}

/** The value at a dot path of the merged config (segments are literal keys; ids contain no dots). */
function valueAt(config: Readonly<Record<string, unknown>>, path: string): unknown {
  let at: unknown = config;
  for (const segment of path.split('.')) {
    if (typeof at !== 'object' || at === null || Array.isArray(at)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(at, segment)) return undefined;
    at = (at as Record<string, unknown>)[segment];
  }
  return at;
}

/**
 * The setting that switches an extension off under the live merged config, or null when it is on: its plugin's
 * `plugins.<plugin>.enabled: false` first (the cascade of `sm plugins disable`; hidden system extensions are exempt),
 * then an explicit boolean at its own enable key; absent or not a boolean falls back to `defaultEnabled` (true when
 * unset).
 */
export function disabledBy(def: ProbExtension, config: Readonly<Record<string, unknown>>): string | null {
  const slash = def.id.indexOf('/');
  const pluginKey = `plugins.${slash === -1 ? 'core' : def.id.slice(0, slash)}.enabled`;
  if (def.locked !== true && valueAt(config, pluginKey) === false) return pluginKey;
  const key = enableKey(def.id);
  const value = valueAt(config, key);
  const on = typeof value === 'boolean' ? value : def.defaultEnabled !== false;
  return on ? null : key;
}

/** Whether an extension is enabled under the live merged config (see {@link disabledBy}). */
export function isEnabled(def: ProbExtension, config: Readonly<Record<string, unknown>>): boolean {
  return disabledBy(def, config) === null;
}
