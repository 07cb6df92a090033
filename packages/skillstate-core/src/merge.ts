import { hasOwn, isPlainObject } from './json.js';
import type { JsonObject } from './json.js';

/**
 * The ⊕ operator: returns a new state with `patch` folded into `state`.
 *
 * Per key: `null` deletes the key (never resets it to a default); a plain object merged into a plain object
 * recurses; anything else (arrays included) replaces. Neither input is mutated; untouched sub-objects are shared.
 */
export function mergeState<T extends Record<string, unknown> = JsonObject>(
  state: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
): T {
  const result: Record<string, unknown> = { ...state };
  for (const key of Object.keys(patch)) {
    // Security: a `__proto__` key would re-point the copy's prototype; it is not state, so it is dropped.
    if (key === '__proto__') continue;
    const value = patch[key];
    if (value === null) {
      delete result[key];
      continue;
    }
    const current = result[key];
    result[key] =
      isPlainObject(value) && isPlainObject(current) && hasOwn(result, key)
        ? mergeState(current, value)
        : value;
  }
  return result as T;
}

/** Alias of {@link mergeState}, the name the paper uses. */
export const mergePatch = mergeState;
