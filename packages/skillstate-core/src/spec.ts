import { hasOwn, isPlainObject, kindOf } from './json.js';
import type { JsonValue } from './json.js';

/** The closed set of field types a procedural spec may declare. */
export const FIELD_TYPES = ['string', 'number', 'boolean', 'array', 'object'] as const;

/** One declared field type. */
export type FieldType = (typeof FIELD_TYPES)[number];

/** One field of a spec's schema. */
export interface SchemaField {
  type: FieldType;
  default: JsonValue;
  description?: string;
}

/** The schema of a spec: field name to declaration. */
export type StateSchema = Record<string, SchemaField>;

/** A procedural spec (P): what the procedure is and which state fields it keeps. */
export interface SkillSpec {
  id: string;
  name: string;
  version: string;
  instructions: string;
  schema: StateSchema;
}

/** Result of {@link parseSpec}: the spec, or every problem found. */
export type ParseSpecResult = { ok: true; value: SkillSpec } | { ok: false; errors: string[] };

/** True when `value` has the declared field type (plain objects only for `object`). */
export function matchesFieldType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isPlainObject(value);
    default:
      return false;
  }
}

function checkText(raw: Record<string, unknown>, key: string, errors: string[]): void {
  const value = raw[key];
  if (typeof value !== 'string' || value.trim() === '') {
    errors.push(`"${key}" must be a non-empty string (got ${kindOf(value)})`);
  }
}

function checkField(key: string, field: unknown, errors: string[]): void {
  if (!isPlainObject(field)) {
    errors.push(`schema.${key} must be an object with "type" and "default"`);
    return;
  }
  const type = field['type'];
  if (typeof type !== 'string' || !(FIELD_TYPES as readonly string[]).includes(type)) {
    errors.push(`schema.${key}.type must be one of ${FIELD_TYPES.join(', ')} (got ${JSON.stringify(type)})`);
    return;
  }
  if (!hasOwn(field, 'default')) {
    errors.push(`schema.${key}.default is required`);
  } else if (!matchesFieldType(type, field['default'])) {
    errors.push(`schema.${key}.default must be of type ${type} (got ${kindOf(field['default'])})`);
  }
  if (hasOwn(field, 'description') && typeof field['description'] !== 'string') {
    errors.push(`schema.${key}.description must be a string`);
  }
}

/**
 * Checks that `raw` is a usable spec: non-empty `id`, `name`, `version`, `instructions`, and a schema whose
 * every field has a known type and a default of that type. Returns every problem, not just the first.
 */
export function parseSpec(raw: unknown): ParseSpecResult {
  if (!isPlainObject(raw))
    return { ok: false, errors: [`a spec must be a JSON object (got ${kindOf(raw)})`] };
  const errors: string[] = [];
  for (const key of ['id', 'name', 'version', 'instructions']) checkText(raw, key, errors);
  const schema = raw['schema'];
  if (!isPlainObject(schema)) {
    errors.push(`"schema" must be an object of fields (got ${kindOf(schema)})`);
  } else {
    for (const [key, field] of Object.entries(schema)) checkField(key, field, errors);
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: raw as unknown as SkillSpec };
}
