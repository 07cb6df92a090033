import { describe, expect, it } from 'vitest';
import { nearestInDirection } from './navigate';

const P: Record<string, { x: number; y: number }> = {
  right: { x: 10, y: 1 },
  farRight: { x: 30, y: 0 },
  up: { x: 0, y: -10 },
  diagonal: { x: 8, y: 8 },
};
const pos = (k: string) => P[k]!;
const all = Object.keys(P);

describe('map keyboard moves', () => {
  it('picks the nearest node within the direction cone', () => {
    expect(nearestInDirection({ x: 0, y: 0 }, 'right', all, pos)).toBe('right');
    expect(nearestInDirection({ x: 0, y: 0 }, 'up', all, pos)).toBe('up');
    expect(nearestInDirection({ x: 0, y: 0 }, 'down', all, pos)).toBe('diagonal');
    expect(nearestInDirection({ x: 0, y: 0 }, 'left', all, pos)).toBeNull();
  });

  it('without a direction, the nearest at all', () => {
    expect(nearestInDirection({ x: 9, y: 7 }, null, all, pos)).toBe('diagonal');
  });
});
