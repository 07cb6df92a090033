import { describe, expect, it } from 'vitest';
import { focusNodes, focusParams, parseFocus } from './focus-view';

const node = (path: string) => ({ path });
const link = (source: string, target: string) => ({ source, target });
// a -> b -> c -> d, e -> b, f alone, a -> gone (broken)
const MAP = {
  nodes: ['a', 'b', 'c', 'd', 'e', 'f'].map(node),
  links: [link('a', 'b'), link('b', 'c'), link('c', 'd'), link('e', 'b'), link('a', 'gone')],
} as unknown as Parameters<typeof focusNodes>[0];

describe('focus views', () => {
  it('a neighbourhood is the nodes n links away in either direction', () => {
    expect([...focusNodes(MAP, { mode: 'hood', of: 'b', hops: 1 })].sort()).toEqual(['a', 'b', 'c', 'e']);
    expect([...focusNodes(MAP, { mode: 'hood', of: 'b', hops: 2 })].sort()).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
    expect([...focusNodes(MAP, { mode: 'hood', of: 'nope', hops: 2 })]).toEqual([]);
  });

  it('a path is one shortest chain between two nodes, either direction; none leaves the two ends', () => {
    expect([...focusNodes(MAP, { mode: 'path', from: 'd', to: 'e' })].sort()).toEqual(['b', 'c', 'd', 'e']);
    expect([...focusNodes(MAP, { mode: 'path', from: 'a', to: 'f' })].sort()).toEqual(['a', 'f']);
  });

  it('reach follows links forward only', () => {
    expect([...focusNodes(MAP, { mode: 'reach', of: 'b' })].sort()).toEqual(['b', 'c', 'd']);
    expect([...focusNodes(MAP, { mode: 'reach', of: 'e' })].sort()).toEqual(['b', 'c', 'd', 'e']);
  });

  it('round-trips through the URL query, hops clamped', () => {
    for (const f of [
      { mode: 'hood', of: 'x/y.md', hops: 3 },
      { mode: 'path', from: 'a b', to: 'c&d' },
      { mode: 'reach', of: 'mcp://srv' },
    ] as const)
      expect(parseFocus(new URLSearchParams(focusParams(f)))).toEqual(f);
    expect(parseFocus(new URLSearchParams('focus=hood&of=a&hops=99'))).toEqual({
      mode: 'hood',
      of: 'a',
      hops: 6,
    });
    expect(parseFocus(new URLSearchParams('focus=path&from=a'))).toBeNull();
  });
});
