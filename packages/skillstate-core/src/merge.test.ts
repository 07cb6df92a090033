import { describe, expect, it } from 'vitest';
import { mergeState } from './merge.js';

describe('mergeState (the ⊕ operator)', () => {
  it('deletes a key on null and never re-seeds a default', () => {
    expect(mergeState({ done: [1], values: { a: 1 }, keep: 1 }, { done: null, values: null })).toEqual({
      keep: 1,
    });
  });

  it('treats deleting an absent key as a no-op', () => {
    expect(mergeState({ a: 1 }, { b: null })).toEqual({ a: 1 });
  });

  it('recurses only when a plain object meets a plain object', () => {
    expect(mergeState({ meta: { x: 1, y: 2 } }, { meta: { y: null, z: 3 } })).toEqual({
      meta: { x: 1, z: 3 },
    });
    expect(mergeState({ meta: { a: 1 } }, { meta: {} })).toEqual({ meta: { a: 1 } });
  });

  it('replaces arrays whole and keeps nulls inside arrays and inside replacing objects', () => {
    expect(mergeState({ tags: ['a', 'b'] }, { tags: [null] })).toEqual({ tags: [null] });
    expect(mergeState({ meta: {} }, { meta: { q: { z: null } } })).toEqual({ meta: { q: { z: null } } });
    expect(mergeState({ v: [1] }, { v: { a: null } })).toEqual({ v: { a: null } });
    expect(mergeState({ v: { a: 1 } }, { v: [1] })).toEqual({ v: [1] });
  });

  it('never mutates its inputs and shares untouched sub-objects', () => {
    const state = { keep: { deep: [1] }, meta: { a: 1 } };
    const patch = { meta: { b: 2 } };
    const stateCopy = structuredClone(state);
    const patchCopy = structuredClone(patch);
    const out = mergeState(state, patch);
    expect(state).toEqual(stateCopy);
    expect(patch).toEqual(patchCopy);
    expect(out['keep']).toBe(state.keep);
    expect(out['meta']).not.toBe(state.meta);
  });

  it('drops a __proto__ key without polluting prototypes', () => {
    const patch = JSON.parse('{"meta":{"__proto__":{"polluted":true},"ok":1}}') as Record<string, unknown>;
    const out = mergeState({ meta: { a: 1 } }, patch);
    expect(out).toEqual({ meta: { a: 1, ok: 1 } });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(out['meta'])).toBe(Object.prototype);
  });
});
