import { ProjectConfigSchema } from '@skill-map/spec';

/** The subset of JSON Schema the project-config schema uses. */
interface SchemaNode {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly items?: SchemaNode;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly additionalProperties?: boolean | SchemaNode;
}

const ROOT = ProjectConfigSchema as unknown as SchemaNode;
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype']);

/** Where a dot-path lands in the schema: a described key, inside an open object, or nowhere. */
export type KeyLookup = { kind: 'known'; schema: SchemaNode } | { kind: 'open' } | { kind: 'unknown' };

/** Resolves a dot-path (`scan.watch.debounceMs`) against the project-config schema. */
export function lookupKey(key: string): KeyLookup {
  let node: SchemaNode = ROOT;
  for (const segment of key.split('.')) {
    // Security: prototype keys are never config keys (they would reach Object.prototype below).
    if (segment === '' || FORBIDDEN_SEGMENTS.has(segment)) return { kind: 'unknown' };
    const child =
      node.properties !== undefined && Object.hasOwn(node.properties, segment)
        ? node.properties[segment]
        : undefined;
    if (child !== undefined) {
      node = child;
      continue;
    }
    const isObject = node.type === 'object' || node.properties !== undefined;
    if (isObject && node.additionalProperties !== false) return { kind: 'open' };
    return { kind: 'unknown' };
  }
  return { kind: 'known', schema: node };
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(expected: string, actual: string): boolean {
  return expected === actual || (expected === 'number' && actual === 'integer');
}

/** Checks a value against a schema node; returns a human-readable problem or null. */
export function checkValue(schema: SchemaNode, value: unknown): string | null {
  if (schema.enum !== undefined) {
    return schema.enum.includes(value)
      ? null
      : `must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const types = typeof schema.type === 'string' ? [schema.type] : schema.type;
    if (!types.some((t) => typeMatches(t, actual))) return `must be ${types.join(' or ')}, got ${actual}`;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return `must be >= ${schema.minimum}`;
    if (schema.maximum !== undefined && value > schema.maximum) return `must be <= ${schema.maximum}`;
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    for (const item of value) {
      const problem = checkValue(schema.items, item);
      if (problem !== null) return `every item ${problem}`;
    }
  }
  return null;
}

/** Validates one leaf (dot-path + value) of a settings layer; null when fine. */
export function validateLeaf(
  key: string,
  value: unknown,
): { code: 'unknown' | 'invalid'; message: string } | null {
  if (key === '$schema') return null;
  const found = lookupKey(key);
  if (found.kind === 'unknown') return { code: 'unknown', message: `unknown configuration key "${key}"` };
  if (found.kind === 'open') return null;
  const problem = checkValue(found.schema, value);
  return problem === null ? null : { code: 'invalid', message: `invalid value for "${key}": ${problem}` };
}
