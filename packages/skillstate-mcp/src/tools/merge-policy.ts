import { hasOwn, isPlainObject, jsonEqual } from '@skillstate/core';
import type { StateSchema } from '@skillstate/core';

/** Which side wins a conflicting scalar when a sub-agent's state is merged into the main state. */
export type KeepPolicy = 'main' | 'sub';

/** Bookkeeping a merge leaves inside the sub copy; it is history of the copy, not procedure state. */
export const MERGED_AT_KEY = 'mergedAt';

/**
 * Builds the patch that folds `sub` into `main`: keys only in the sub state are taken, equal values are
 * skipped, nested objects merge recursively, and a conflict goes to the side `keep` names, except that a
 * top-level schema default counts as "never set" (a default in the sub never wins; a default in main always
 * loses). Keys only in main are left alone: a merge never deletes.
 */
export function mergePolicyPatch(
  main: Record<string, unknown>,
  sub: Record<string, unknown>,
  keep: KeepPolicy,
  schema: StateSchema | null,
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(sub)) {
    // Security: a `__proto__` own key (possible from JSON.parse) must not re-point the patch's prototype.
    if (key === '__proto__') continue;
    if (schema !== null && key === MERGED_AT_KEY && !hasOwn(schema, key)) continue;
    const subValue = sub[key];
    if (!hasOwn(main, key)) {
      patch[key] = subValue;
      continue;
    }
    const mainValue = main[key];
    if (jsonEqual(mainValue, subValue)) continue;
    if (isPlainObject(mainValue) && isPlainObject(subValue)) {
      const nested = mergePolicyPatch(mainValue, subValue, keep, null);
      if (Object.keys(nested).length > 0) patch[key] = nested;
      continue;
    }
    const field = schema !== null && hasOwn(schema, key) ? schema[key] : undefined;
    if (field !== undefined && jsonEqual(subValue, field.default)) continue;
    if (keep === 'sub' || (field !== undefined && jsonEqual(mainValue, field.default))) patch[key] = subValue;
  }
  return patch;
}
