/** Keys that could reach an object's prototype; dropped from everything a sidecar write takes in. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A deep copy of a JSON-like value with every prototype key dropped (at any depth, arrays included). */
export function sanitize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sanitize);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (PROTOTYPE_KEYS.has(key) || v === undefined) continue;
    out[key] = sanitize(v);
  }
  return out;
}

/**
 * Merges `patch` into `base` (neither is modified): objects recurse, arrays and scalars replace, `null` deletes
 * the key, prototype keys are dropped.
 */
export function deepMerge(
  base: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out = sanitize(base) as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    if (PROTOTYPE_KEYS.has(key) || value === undefined) continue;
    if (value === null) delete out[key];
    else if (isRecord(value)) {
      const current = out[key];
      out[key] = deepMerge(isRecord(current) ? current : {}, value);
    } else out[key] = sanitize(value);
  }
  return out;
}
