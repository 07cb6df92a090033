import { describe, expect, it } from 'vitest';
import { packMap, unpackMap, type PackedMap } from './map-packed.js';
import { projectMap } from './map-projection.js';

const map = projectMap({
  scannedAt: 5,
  roots: ['.'],
  providers: ['claude'],
  nodes: [
    { path: 'a.md', kind: 'skill', provider: 'claude', frontmatter: { name: 'alpha' } },
    { path: 'mcp://github', kind: 'mcp-server', provider: 'claude', virtual: true },
  ] as never,
  links: [
    {
      source: 'a.md',
      target: 'mcp://github',
      resolvedTarget: 'mcp://github',
      kind: 'references',
      confidence: 1,
    },
    { source: 'a.md', target: 'gone.md', resolvedTarget: null, kind: 'mentions', confidence: 0.25 },
    { source: 'a.md', target: 'a.md', resolvedTarget: 'a.md', kind: 'references', confidence: 0.9 },
  ] as never,
  issues: [],
});

describe('packed map', () => {
  it('unpacks to the same projection: ends by node index, a broken target by its path, kinds and states by number', () => {
    const packed = packMap(map);
    expect(packed.kind).toBe('map-packed');
    expect(packed.links).toEqual([
      [0, 1, 0, 1, 0],
      [0, 'gone.md', 1, 0.25, 1],
      [0, 0, 0, 0.9, 2],
    ]);
    expect([packed.linkKinds, packed.linkStates]).toEqual([
      ['references', 'mentions'],
      ['virtual', 'broken', 'ok'],
    ]);
    expect(unpackMap(JSON.parse(JSON.stringify(packed)) as PackedMap)).toEqual(map);
  });

  it('refuses a link that points outside its tables', () => {
    const packed = packMap(map);
    expect(() => unpackMap({ ...packed, links: [[7, 0, 0, 1, 0]] })).toThrow('link end 7 names no node');
    expect(() => unpackMap({ ...packed, links: [[0, 0, 9, 1, 0]] })).toThrow(
      'link kind 9 is not in the table',
    );
  });
});
