import type { Issue } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import type { MapProjection } from '../api/types';
import { palette, withAlpha } from './colors';
import { desiredGraph, GHOST_PREFIX } from './graph-build';

const node = (path: string) => ({
  path,
  kind: 'markdown',
  provider: 'claude',
  name: path,
  virtual: false,
  sidecar: false,
  issues: [0, 0, 0] as [number, number, number],
});
const broken = (source: string, target: string) => ({
  source,
  target,
  kind: 'references' as const,
  confidence: 1,
  state: 'broken' as const,
});
const issue = (severity: Issue['severity'], link: number): Issue => ({
  analyzerId: 'reference-broken',
  severity,
  nodeIds: ['a.md'],
  message: 'broken',
  linkIndices: [link],
});

function map(issues: Issue[]): MapProjection {
  return {
    schemaVersion: '1',
    kind: 'map',
    scannedAt: 1,
    roots: ['.'],
    providers: ['claude'],
    counts: { nodes: 1, links: 4, issues: issues.length },
    nodes: [node('a.md')],
    links: [
      broken('a.md', 'gone.md'),
      broken('a.md', 'maybe.md'),
      broken('a.md', 'templ.md'),
      broken('a.md', 'gone.md'),
    ],
    issues,
  };
}

describe('desiredGraph: broken targets', () => {
  it("ring each ghost with its reference-broken issue's severity, the worst of its links; faint for a note", () => {
    const pal = palette('light');
    const { nodes } = desiredGraph(
      map([issue('info', 0), issue('warn', 1), issue('info', 2), issue('error', 3)]),
      new Map(),
      'light',
    );
    const ring = (t: string) => nodes.get(GHOST_PREFIX + t)!.ringColor;
    expect(ring('gone.md')).toBe(pal.error);
    expect(nodes.get(GHOST_PREFIX + 'gone.md')!.severity).toBe(3);
    expect(ring('maybe.md')).toBe(pal.warn);
    expect(ring('templ.md')).toBe(withAlpha(pal.state.broken, 0.35));
  });
});
