import { describe, expect, it } from 'vitest';
import { TEST_SPEC } from '../../test/support/fixtures.js';
import { mergePolicyPatch } from './merge-policy.js';

const schema = TEST_SPEC.schema;

describe('mergePolicyPatch', () => {
  it('takes keys only the sub state has, default-valued ones included, and never deletes', () => {
    expect(mergePolicyPatch({ goal: 'm', extra: 1 }, { notes: 'n', blockers: [] }, 'main', schema)).toEqual({
      notes: 'n',
      blockers: [],
    });
  });

  it('skips equal values and keeps main on a conflict by default', () => {
    expect(
      mergePolicyPatch({ goal: 'm', notes: 'same' }, { goal: 's', notes: 'same' }, 'main', schema),
    ).toEqual({});
  });

  it('lets the sub win a conflict with keep: sub', () => {
    expect(mergePolicyPatch({ goal: 'm' }, { goal: 's' }, 'sub', schema)).toEqual({ goal: 's' });
  });

  it('treats top-level schema defaults as never set', () => {
    expect(mergePolicyPatch({ goal: '' }, { goal: 's' }, 'main', schema)).toEqual({ goal: 's' });
    expect(mergePolicyPatch({ goal: 'm' }, { goal: '' }, 'sub', schema)).toEqual({});
  });

  it('merges nested objects recursively, without defaults below the top level', () => {
    expect(
      mergePolicyPatch(
        { meta: { a: 1, b: { c: 1 } } },
        { meta: { a: 2, b: { c: 1, d: 2 }, e: 0 } },
        'main',
        schema,
      ),
    ).toEqual({ meta: { b: { d: 2 }, e: 0 } });
    expect(mergePolicyPatch({ meta: { a: 1 } }, { meta: { a: 2 } }, 'sub', schema)).toEqual({
      meta: { a: 2 },
    });
    expect(mergePolicyPatch({ meta: { a: 1 } }, { meta: { a: 1 } }, 'sub', schema)).toEqual({});
  });

  it('leaves out the sub copy bookkeeping and __proto__ keys', () => {
    const sub = JSON.parse(
      '{"mergedAt":"2026-01-01T00:00:00.000Z","__proto__":{"polluted":true},"notes":"n"}',
    ) as Record<string, unknown>;
    const patch = mergePolicyPatch({}, sub, 'main', schema);
    expect(patch).toEqual({ notes: 'n' });
    expect(Object.getPrototypeOf(patch)).toBe(Object.prototype);
  });
});
