import { hasOwn, isPlainObject, kindOf } from './json.js';
import { matchesFieldType } from './spec.js';
import type { StateSchema } from './spec.js';

/** Deepest container nesting a patch may have (the top-level value is depth 1). */
export const MAX_PATCH_DEPTH = 8;
/** Most object keys a patch may carry, counting top-level keys and every nested object key. */
export const MAX_PATCH_KEYS = 100;

/** The verdict of a patch validation: `field` names the offending key or path. */
export type ValidationResult = { valid: true } | { valid: false; error: string; field: string };

/** Limits for {@link validatePatchDeep}. */
export interface ValidatePatchOptions {
  maxDepth?: number;
  maxKeys?: number;
  maxStringLength?: number;
}

const VALID: ValidationResult = { valid: true };

function fail(error: string, field: string): ValidationResult {
  return { valid: false, error, field };
}

function typeMismatch(key: string, type: string, value: unknown): ValidationResult {
  return fail(`Invalid type for field '${key}': expected ${type}, got ${kindOf(value)}`, key);
}

/** Flat validation (paper §6.2): unknown keys and top-level types only; null is always legal. */
export function validatePatch(schema: StateSchema, patch: Record<string, unknown>): ValidationResult {
  for (const [key, value] of Object.entries(patch)) {
    const field = hasOwn(schema, key) ? schema[key] : undefined;
    if (field === undefined) return fail(`Unknown key: ${key}`, key);
    if (value === null) continue;
    if (!matchesFieldType(field.type, value)) return typeMismatch(key, field.type, value);
    if (typeof value === 'number' && !Number.isFinite(value)) {
      return fail(`Invalid number for field '${key}': NaN or Infinity rejected`, key);
    }
  }
  return VALID;
}

interface Budget {
  keys: number;
  readonly maxKeys: number;
  readonly maxDepth: number;
  readonly maxStringLength: number | undefined;
}

function checkString(value: string, path: string, budget: Budget): ValidationResult {
  if (budget.maxStringLength !== undefined && value.length > budget.maxStringLength) {
    return fail(`String too long at '${path}': exceeds max length ${budget.maxStringLength}`, path);
  }
  return VALID;
}

function checkNested(value: unknown, path: string, depth: number, budget: Budget): ValidationResult {
  if (value === null || typeof value === 'boolean') return VALID;
  if (typeof value === 'string') return checkString(value, path, budget);
  if (typeof value === 'number') {
    return Number.isFinite(value)
      ? VALID
      : fail(`Invalid number at '${path}': NaN or Infinity rejected`, path);
  }
  if (Array.isArray(value) || isPlainObject(value)) return checkContainer(value, path, depth + 1, budget);
  return fail(`Unsupported type at '${path}': ${typeof value}`, path);
}

function checkContainer(
  value: unknown[] | Record<string, unknown>,
  path: string,
  depth: number,
  budget: Budget,
): ValidationResult {
  if (depth > budget.maxDepth)
    return fail(`Too deep at '${path}': exceeds max depth ${budget.maxDepth}`, path);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const verdict = checkNested(value[i], `${path}[${i}]`, depth, budget);
      if (!verdict.valid) return verdict;
    }
    return VALID;
  }
  for (const key of Object.keys(value)) {
    const childPath = `${path}.${key}`;
    budget.keys += 1;
    if (budget.keys > budget.maxKeys) return fail(`Too many keys: exceeds max ${budget.maxKeys}`, childPath);
    const verdict = checkNested(value[key], childPath, depth, budget);
    if (!verdict.valid) return verdict;
  }
  return VALID;
}

function checkTopLevel(schema: StateSchema, key: string, value: unknown, budget: Budget): ValidationResult {
  budget.keys += 1;
  if (budget.keys > budget.maxKeys) return fail(`Too many keys: exceeds max ${budget.maxKeys}`, key);
  // Deliberately a plain lookup: inherited names (`constructor`, `__proto__`) are not undefined on a plain
  // schema object, so they fall through to the unknown-type verdict, exactly as the reference reports them.
  const field = (schema as Record<string, { type?: unknown } | undefined>)[key];
  if (field === undefined) return fail(`Unknown key: ${key}`, key);
  if (value === null) return VALID;
  // Stryker disable next-line StringLiteral: any non-type placeholder fails the type list check below the same way
  const type = typeof field.type === 'string' ? field.type : '';
  if (!(['string', 'number', 'boolean', 'array', 'object'] as string[]).includes(type)) {
    return fail(`Unknown schema type for field '${key}'`, key);
  }
  if (!matchesFieldType(type, value)) return typeMismatch(key, type, value);
  if (typeof value === 'string') return checkString(value, key, budget);
  if (typeof value === 'number' && !Number.isFinite(value)) {
    return fail(`Invalid number for field '${key}': NaN or Infinity rejected`, key);
  }
  if (Array.isArray(value) || isPlainObject(value)) return checkContainer(value, key, 1, budget);
  return VALID;
}

/**
 * Validates a patch against a schema and structural budgets before it may be merged: unknown keys, declared
 * types, non-finite numbers, nesting depth, total key count and (optionally) string length. Returns the first
 * failure in iteration order.
 */
export function validatePatchDeep(
  schema: StateSchema,
  patch: Record<string, unknown>,
  options: ValidatePatchOptions = {},
): ValidationResult {
  const budget: Budget = {
    keys: 0,
    maxKeys: options.maxKeys ?? MAX_PATCH_KEYS,
    maxDepth: options.maxDepth ?? MAX_PATCH_DEPTH,
    maxStringLength: options.maxStringLength,
  };
  for (const key of Object.keys(patch)) {
    const verdict = checkTopLevel(schema, key, patch[key], budget);
    if (!verdict.valid) return verdict;
  }
  return VALID;
}
