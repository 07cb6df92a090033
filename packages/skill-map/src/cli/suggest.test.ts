import { describe, expect, it } from 'vitest';
import { editDistance, suggest } from './suggest.js';

describe('suggest', () => {
  it('counts an adjacent transposition as one edit', () => {
    expect(editDistance('sacn', 'scan')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('list', 'list')).toBe(0);
  });

  it('suggests close verbs and prefixes, never far ones', () => {
    const verbs = ['scan', 'show', 'serve', 'list', 'export'];
    expect(suggest('sacn', verbs)).toEqual(['scan']);
    expect(suggest('ser', verbs)).toEqual(['serve']);
    expect(suggest('zzzzzz', verbs)).toEqual([]);
  });
});
