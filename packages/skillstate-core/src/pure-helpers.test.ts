import { describe, expect, it } from 'vitest';
import { nestedMergeWarnings, topChanges } from './changes.js';
import { sanitizeAgentId, sanitizeCheckpointLabel } from './names.js';
import { GENERIC_PROCEDURE_SPEC, INTERCODE_CTF_SPEC } from './schemas/index.js';
import { STALE_MS, sessionStaleness } from './session.js';
import { parseSpec } from './spec.js';
import { buildSummary, examplePatch, nextGuidance } from './summary.js';
import { validatePatchDeep } from './validate.js';

describe('topChanges and nestedMergeWarnings', () => {
  it('reports top-level additions, updates and deletions', () => {
    expect(topChanges({ a: 1, b: { x: 1 }, c: 3 }, { b: { x: 2 }, c: 3, d: 4 })).toEqual({
      added: ['d'],
      updated: ['b'],
      deleted: ['a'],
    });
  });

  it('warns once per nested object merge', () => {
    expect(nestedMergeWarnings({ meta: { a: 1 }, list: [] }, { meta: { b: 1 }, list: { a: 1 } })).toEqual([
      "nested merge under 'meta': the patch object was merged into the existing object (set nested keys to null to delete them)",
    ]);
  });
});

describe('names', () => {
  it('sanitises agent ids and checkpoint labels', () => {
    expect(sanitizeAgentId('w/.././x')).toBe('w-x');
    expect(sanitizeAgentId('///')).toBe('');
    expect(sanitizeAgentId('a'.repeat(80))).toHaveLength(64);
    expect(sanitizeCheckpointLabel('before risk!')).toBe('before-risk');
    expect(sanitizeCheckpointLabel('!!!')).toBe('checkpoint');
  });
});

describe('sessionStaleness', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');
  it('classifies orphan, stale and active sidecars', () => {
    expect(sessionStaleness(null, now)).toBe('orphan');
    expect(
      sessionStaleness({ status: 'running', lastActivityAt: new Date(now - 1000).toISOString() }, now),
    ).toBe('active');
    expect(
      sessionStaleness(
        { status: 'running', lastActivityAt: new Date(now - STALE_MS - 1).toISOString() },
        now,
      ),
    ).toBe('stale');
    expect(sessionStaleness({ status: 'running', startedAt: new Date(now).toISOString() }, now)).toBe(
      'active',
    );
    expect(sessionStaleness({ status: 'running' }, now)).toBe('stale');
    expect(sessionStaleness({ status: 'completed', lastActivityAt: '2000-01-01T00:00:00Z' }, now)).toBe(
      'active',
    );
    expect(sessionStaleness({ lastActivityAt: '2000-01-01T00:00:00Z' }, now)).toBe('active');
  });
});

describe('summaries and guidance', () => {
  it('projects the generic fields and describes the rest by kind', () => {
    const summary = buildSummary({
      goal: 'Ship',
      next_steps: ['a', 'b', 'c', 'd'],
      notes: 'x'.repeat(250),
      meta: {},
    });
    expect(summary).toMatchObject({
      goal: 'Ship',
      next_steps: { count: 4, first: ['a', 'b', 'c'] },
      notes: `${'x'.repeat(200)}…`,
      other: { meta: 'object' },
    });
    expect(summary['size_bytes']).toBeGreaterThan(250);
  });

  it('falls back to keys and size when no generic field is present', () => {
    expect(buildSummary({ flags: [], dir: '/' })).toEqual({
      keys: { flags: 'array', dir: 'string' },
      size_bytes: 22,
    });
  });

  it('suggests the next step', () => {
    expect(nextGuidance({})).toEqual({
      goal: null,
      completed: 0,
      next: [],
      blockers: [],
      suggestion: 'set next_steps via state.patch',
    });
    expect(nextGuidance({ goal: 'g', progress: [1, 2], next_steps: ['n1', 'n2'], blockers: ['b'] })).toEqual({
      goal: 'g',
      completed: 2,
      next: ['n1', 'n2'],
      blockers: ['b'],
      suggestion: 'n1',
    });
  });

  it('builds example patches that always validate', () => {
    for (const spec of [GENERIC_PROCEDURE_SPEC, INTERCODE_CTF_SPEC]) {
      expect(validatePatchDeep(spec.schema, examplePatch(spec))).toEqual({ valid: true });
    }
    expect(examplePatch(INTERCODE_CTF_SPEC)['working_dir']).toBe('');
    const odd = { ...GENERIC_PROCEDURE_SPEC, schema: { goal: { type: 'number' as const, default: 0 } } };
    expect(examplePatch(odd)).toEqual({ goal: 0 });
  });
});

describe('parseSpec', () => {
  it('accepts the built-in specs', () => {
    expect(parseSpec(GENERIC_PROCEDURE_SPEC).ok).toBe(true);
    expect(parseSpec(INTERCODE_CTF_SPEC).ok).toBe(true);
  });

  it('lists every problem', () => {
    const result = parseSpec({
      id: '',
      name: 'n',
      schema: { a: { type: 'date', default: 1 }, b: { type: 'array', default: {} }, c: { type: 'string' } },
    });
    expect(result).toEqual({
      ok: false,
      errors: [
        '"id" must be a non-empty string (got string)',
        '"version" must be a non-empty string (got undefined)',
        '"instructions" must be a non-empty string (got undefined)',
        'schema.a.type must be one of string, number, boolean, array, object (got "date")',
        'schema.b.default must be of type array (got object)',
        'schema.c.default is required',
      ],
    });
  });
});
