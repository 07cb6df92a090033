import { describe, expect, it } from 'vitest';
import { packSlots } from './compact-buffers';

describe('packSlots', () => {
  it('keeps the slots that are not all zeros, in order, and counts them', () => {
    // Four slots of three floats: hidden, visible, hidden, visible (a zero inside a visible slot is kept).
    const full = new Float32Array([0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 3]);
    const out = new Float32Array(full.length);
    expect(packSlots(full, 4, 3, out)).toBe(2);
    expect([...out.subarray(0, 6)]).toEqual([1, 0, 2, 0, 0, 3]);
  });

  it('reads only the first `capacity` slots', () => {
    const full = new Float32Array([1, 1, 2, 2, 3, 3]);
    const out = new Float32Array(full.length);
    expect(packSlots(full, 2, 2, out)).toBe(2);
    expect([...out.subarray(0, 4)]).toEqual([1, 1, 2, 2]);
  });

  it('packs nothing from an all-hidden buffer', () => {
    expect(packSlots(new Float32Array(8), 4, 2, new Float32Array(8))).toBe(0);
  });
});
