import { expect, it } from 'vitest';
import type { FileRecord, RawLink } from '../types.js';
import { recordMentions } from './name-patch.js';

const record = (links?: RawLink[]): FileRecord => ({
  path: 'a.md',
  contentHash: 'h',
  cacheKey: 'k',
  node: null,
  links,
});
const link = (target: string, trigger?: string | null): RawLink => ({
  target,
  at: [1, 1, 0],
  ...(trigger === undefined ? {} : { trigger }),
});

it('keeps each link trigger, else its target, once, one per line', () => {
  expect(
    recordMentions(
      record([
        link('code-review', '@Code Review'),
        link('deploy'),
        link('docs/a.md', null),
        link('code-review', '@Code Review'),
      ]),
    ),
  ).toBe('@Code Review\ndeploy\ndocs/a.md');
});

it('is empty for a record without links', () => {
  expect(recordMentions(record())).toBe('');
  expect(recordMentions(record([]))).toBe('');
});
