import { describe, expect, it } from 'vitest';
import { sortNow, sortSteps } from './sort-steps';

describe('sortSteps', () => {
  it("gives Array.prototype.sort's order, ties kept in their input order", () => {
    // A fixed pseudo-random list with many ties on the key.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const items = Array.from({ length: 5003 }, (_, i) => ({ key: next() % 37, i }));
    const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
    expect(sortNow(items, byKey)).toEqual(items.slice().sort(byKey));
  });

  it('pauses while it sorts a long list, and sorts short ones', () => {
    const steps = sortSteps(
      Array.from({ length: 3000 }, (_, i) => 3000 - i),
      (a, b) => a - b,
    );
    let pauses = 0;
    let r = steps.next();
    for (; r.done !== true; r = steps.next()) pauses++;
    expect(pauses).toBeGreaterThan(1);
    expect(r.value.slice(0, 3)).toEqual([1, 2, 3]);
    expect(sortNow([], (a: number, b: number) => a - b)).toEqual([]);
    expect(sortNow([2, 1], (a, b) => a - b)).toEqual([1, 2]);
  });
});
