import { describe, expect, it } from 'vitest';
import type { Severity } from '../api/types';
import { palette } from './colors';
import { DEFAULT_SEVERITIES, ghostRing, ghostShown, ringState, shownLevel } from './markers';

const all = new Set<Severity>(['error', 'warn', 'info']);
const byDefault = new Set(DEFAULT_SEVERITIES);

describe('severity-true markers', () => {
  it('a node rings for the worst shown severity only (info hidden by default)', () => {
    expect(shownLevel([0, 0, 4], byDefault)).toBe(0);
    expect(shownLevel([0, 0, 4], all)).toBe(1);
    expect(shownLevel([1, 1, 0], byDefault)).toBe(3);
    expect(shownLevel([1, 1, 0], new Set<Severity>(['warn']))).toBe(2);
    expect(shownLevel([0, 0, 0], all)).toBe(0);
  });

  it('a broken target shows when its worst issue is a shown severity; one with no issue counts as info', () => {
    expect(ghostShown(1, byDefault)).toBe(false);
    expect(ghostShown(0, byDefault)).toBe(false);
    expect(ghostShown(2, byDefault)).toBe(true);
    expect(ghostShown(3, new Set<Severity>(['warn']))).toBe(false);
    expect(ghostShown(0, all)).toBe(true);
  });

  it('reads the rendered ring back by colour', () => {
    const pal = palette('dark');
    expect(ringState({ ringColor: ghostRing(3, pal) }, pal)).toBe('error');
    expect(ringState({ ringColor: ghostRing(2, pal) }, pal)).toBe('warn');
    expect(ringState({ ringColor: ghostRing(1, pal) }, pal)).toBe('info');
    expect(ringState({ ringColor: ghostRing(3, pal), hidden: true }, pal)).toBe('none');
    expect(ringState({ ringColor: '#123456' }, pal)).toBe('plain');
    expect(ringState(undefined, pal)).toBeNull();
  });
});
