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
 * Whether an extension is enabled under the live merged config: an explicit boolean at its enable key wins,
 * anything else (absent, not a boolean) falls back to the definition's `defaultEnabled` (true when unset).
 */
export function isEnabled(def: ProbExtension, config: Readonly<Record<string, unknown>>): boolean {
  const value = valueAt(config, enableKey(def.id));
  return typeof value === 'boolean' ? value : def.defaultEnabled !== false;
}
