import { describe, expect, it } from 'vitest';
import { LabelPlacer } from './label-placer';

describe('LabelPlacer', () => {
  it('takes boxes that intersect none taken before, across grid cells, up to its budget', () => {
    const p = new LabelPlacer(3);
    expect(p.tryPlace({ x: 40, y: 40, w: 100, h: 14 })).toBe(true);
    expect(p.tryPlace({ x: 130, y: 50, w: 30, h: 14 })).toBe(false); // overlaps the first across a cell edge
    expect(p.tryPlace({ x: 140, y: 40, w: 30, h: 14 })).toBe(true); // touching edges do not intersect
    expect(p.tryPlace({ x: -200, y: -90, w: 20, h: 10 })).toBe(true); // off the canvas's top left still works
    expect(p.full).toBe(true);
    p.occupy({ x: 500, y: 500, w: 10, h: 10 });
    expect(p.collides({ x: 505, y: 505, w: 1, h: 1 })).toBe(true);
    expect(p.placed).toBe(3);
  });
});
