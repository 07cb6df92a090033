import { describe, expect, it } from 'vitest';
import { GENERIC_PROCEDURE_SPEC } from './schemas/index.js';
import type { StateSchema } from './spec.js';
import { MAX_PATCH_KEYS, validatePatch, validatePatchDeep } from './validate.js';

const schema: StateSchema = {
  ...GENERIC_PROCEDURE_SPEC.schema,
  count: { type: 'number', default: 0 },
  flag: { type: 'boolean', default: false },
  meta: { type: 'object', default: {} },
  odd: { type: 'date' as 'string', default: '' },
};

function nest(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = levels - 1; i >= 0; i--) value = { [String.fromCharCode(97 + i)]: value };
  return value;
}

describe('validatePatchDeep', () => {
  it('accepts a valid patch and null deletions of declared keys', () => {
    expect(validatePatchDeep(schema, { goal: 'x', progress: ['a'], meta: { a: 1 }, notes: null })).toEqual({
      valid: true,
    });
  });

  it('rejects unknown keys, even with a null value', () => {
    expect(validatePatchDeep(schema, { nope: null })).toEqual({
      valid: false,
      error: 'Unknown key: nope',
      field: 'nope',
    });
  });

  it('reports inherited names as an unknown schema type, as the reference does', () => {
    for (const key of ['constructor', 'toString']) {
      expect(validatePatchDeep(schema, { [key]: 1 })).toEqual({
        valid: false,
        error: `Unknown schema type for field '${key}'`,
        field: key,
      });
    }
    const proto = JSON.parse('{"__proto__": 1}') as Record<string, unknown>;
    expect(validatePatchDeep(schema, proto)).toMatchObject({ valid: false, field: '__proto__' });
  });

  it('reports type mismatches with the kind received', () => {
    expect(validatePatchDeep(schema, { goal: 42 })).toEqual({
      valid: false,
      error: "Invalid type for field 'goal': expected string, got number",
      field: 'goal',
    });
    expect(validatePatchDeep(schema, { meta: [] })).toMatchObject({
      error: "Invalid type for field 'meta': expected object, got array",
    });
    expect(validatePatchDeep(schema, { progress: {} })).toMatchObject({
      error: "Invalid type for field 'progress': expected array, got object",
    });
    expect(validatePatchDeep(schema, { odd: 'x' })).toMatchObject({
      error: "Unknown schema type for field 'odd'",
    });
  });

  it('rejects non-finite numbers at the top level and nested', () => {
    expect(validatePatchDeep(schema, JSON.parse('{"count": 1e999}') as Record<string, unknown>)).toEqual({
      valid: false,
      error: "Invalid number for field 'count': NaN or Infinity rejected",
      field: 'count',
    });
    expect(validatePatchDeep(schema, { meta: { list: [1, Number.NaN] } })).toEqual({
      valid: false,
      error: "Invalid number at 'meta.list[1]': NaN or Infinity rejected",
      field: 'meta.list[1]',
    });
  });

  it('allows 8 levels of containers and refuses the 9th', () => {
    expect(validatePatchDeep(schema, { meta: nest(7) })).toEqual({ valid: true });
    expect(validatePatchDeep(schema, { meta: nest(8) })).toEqual({
      valid: false,
      error: "Too deep at 'meta.a.b.c.d.e.f.g.h': exceeds max depth 8",
      field: 'meta.a.b.c.d.e.f.g.h',
    });
  });

  it('counts nested arrays toward the depth limit like objects (8 levels pass, the 9th is refused)', () => {
    const arrays = (levels: number): unknown[] => {
      let value: unknown[] = [];
      for (let i = 1; i < levels; i++) value = [value];
      return value;
    };
    // `progress` itself is level 1.
    expect(validatePatchDeep(schema, { progress: arrays(8) })).toEqual({ valid: true });
    expect(validatePatchDeep(schema, { progress: arrays(9) })).toEqual({
      valid: false,
      error: "Too deep at 'progress[0][0][0][0][0][0][0][0]': exceeds max depth 8",
      field: 'progress[0][0][0][0][0][0][0][0]',
    });
    // Mixed: arrays inside objects count too.
    expect(validatePatchDeep(schema, { meta: { a: [[[[[[[1]]]]]]] } })).toMatchObject({ valid: true });
    expect(validatePatchDeep(schema, { meta: { a: [[[[[[[[1]]]]]]]] } })).toMatchObject({
      valid: false,
      field: 'meta.a[0][0][0][0][0][0][0]',
    });
    expect(validatePatchDeep(schema, { progress: arrays(3) }, { maxDepth: 2 })).toMatchObject({
      valid: false,
    });
  });

  it('counts top-level and nested object keys against one budget, not array elements', () => {
    const wide: Record<string, number> = {};
    for (let i = 0; i < MAX_PATCH_KEYS - 1; i++) wide[`k${i}`] = i;
    expect(validatePatchDeep(schema, { meta: wide })).toEqual({ valid: true });
    wide['one_more'] = 1;
    expect(validatePatchDeep(schema, { meta: wide })).toEqual({
      valid: false,
      error: `Too many keys: exceeds max ${MAX_PATCH_KEYS}`,
      field: 'meta.one_more',
    });
    expect(validatePatchDeep(schema, { progress: new Array(500).fill('x') })).toEqual({ valid: true });
  });

  it('rejects values JSON cannot carry and enforces an optional string limit', () => {
    expect(validatePatchDeep(schema, { meta: { f: () => 1 } })).toEqual({
      valid: false,
      error: "Unsupported type at 'meta.f': function",
      field: 'meta.f',
    });
    expect(validatePatchDeep(schema, { goal: 'abcdef' }, { maxStringLength: 3 })).toMatchObject({
      valid: false,
      field: 'goal',
    });
  });
});

describe('validatePatchDeep: limits at their boundary and every key checked', () => {
  it('checks every key, not only the first', () => {
    expect(validatePatchDeep(schema, { goal: 'x', nope: 1 })).toMatchObject({ valid: false, field: 'nope' });
    expect(validatePatchDeep(schema, { goal: 'x', count: 'no' })).toMatchObject({
      valid: false,
      field: 'count',
    });
  });

  it('enforces the string limit at the top level and nested, exactly at its length', () => {
    expect(validatePatchDeep(schema, { goal: 'abc' }, { maxStringLength: 3 })).toEqual({ valid: true });
    expect(validatePatchDeep(schema, { goal: 'abcd' }, { maxStringLength: 3 })).toEqual({
      valid: false,
      error: "String too long at 'goal': exceeds max length 3",
      field: 'goal',
    });
    expect(validatePatchDeep(schema, { meta: { s: ['abc', 'abcd'] } }, { maxStringLength: 3 })).toEqual({
      valid: false,
      error: "String too long at 'meta.s[1]': exceeds max length 3",
      field: 'meta.s[1]',
    });
    expect(validatePatchDeep(schema, { goal: 'x'.repeat(100_000) })).toEqual({ valid: true });
  });

  it('accepts booleans and nulls nested', () => {
    expect(validatePatchDeep(schema, { meta: { a: true, b: false, c: null, d: [null, true] } })).toEqual({
      valid: true,
    });
  });

  it('counts top-level keys against the key budget', () => {
    expect(validatePatchDeep(schema, { goal: 'x', notes: null }, { maxKeys: 2 })).toEqual({ valid: true });
    expect(validatePatchDeep(schema, { goal: 'x', notes: null, count: 1 }, { maxKeys: 2 })).toEqual({
      valid: false,
      error: 'Too many keys: exceeds max 2',
      field: 'count',
    });
  });
});

describe('validatePatch (flat)', () => {
  it('checks keys and top-level types only', () => {
    expect(validatePatch(schema, { goal: null, meta: { deep: nest(20) } })).toEqual({ valid: true });
    expect(validatePatch(schema, { nope: 1 })).toEqual({
      valid: false,
      error: 'Unknown key: nope',
      field: 'nope',
    });
    expect(validatePatch(schema, { count: Number.POSITIVE_INFINITY })).toEqual({
      valid: false,
      error: "Invalid number for field 'count': NaN or Infinity rejected",
      field: 'count',
    });
    expect(validatePatch(schema, { count: 3 })).toEqual({ valid: true });
    expect(validatePatch(schema, { flag: 'yes' })).toEqual({
      valid: false,
      error: "Invalid type for field 'flag': expected boolean, got string",
      field: 'flag',
    });
  });
});
