/**
 * Structural equality of two JSON-shaped values (plain objects, arrays, primitives). Key order does not
 * matter; `undefined`-valued keys count as absent, as in `JSON.stringify`. Used by the diff writer to skip
 * unchanged rows without serialising them.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let count = 0;
  for (const key in ao) {
    const av = ao[key];
    if (av === undefined) continue;
    count += 1;
    if (!jsonEqual(av, bo[key])) return false;
  }
  for (const key in bo) if (bo[key] !== undefined) count -= 1;
  return count === 0;
}

/** `jsonEqual` of two objects ignoring one top-level key (the diff compares issues without `linkIndices`). */
export function jsonEqualExcept(a: object, b: object, skip: string): boolean {
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let count = 0;
  for (const key in ao) {
    if (key === skip || ao[key] === undefined) continue;
    count += 1;
    if (!jsonEqual(ao[key], bo[key])) return false;
  }
  for (const key in bo) if (key !== skip && bo[key] !== undefined) count -= 1;
  return count === 0;
}
