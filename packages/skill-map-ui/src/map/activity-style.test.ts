import Graph from 'graphology';
import { describe, expect, it } from 'vitest';
import { EMPTY_ACTIVITY, foldEvent, foldSummary, type ActivityState } from '../state/activity-model';
import { ActivityStyle, spawnEdgeKey, type MapGraph } from './activity-style';
import { palette } from './colors';
import type { NodeAttrs } from './graph-build';

const PAL = palette('light');
const T0 = 1_000_000;

function node(key: string): NodeAttrs {
  return {
    x: 0,
    y: 0,
    size: 1,
    baseSize: 1,
    label: key,
    color: '#000000',
    hostColor: '#000000',
    ringColor: '#000000',
    baseRing: '#000000',
    type: 'border',
    kind: 'agent',
    provider: 'claude',
    path: key,
    state: 'ok',
    severity: 0,
    zIndex: 1,
  };
}

/** A graph of `n` nodes `n0`…, with a link n0 → n1 (the spawn edge joins the same two nodes). */
function graph(n: number): MapGraph {
  const g: MapGraph = new Graph({ type: 'directed', multi: true });
  for (let i = 0; i < n; i++) g.addNode(`n${i}`, node(`n${i}`));
  g.addDirectedEdgeWithKey('n0\nn1', 'n0', 'n1', {
    type: 'line',
    size: 1,
    color: '#000000',
    kind: 'references',
    state: 'ok',
    confidence: 1,
    zIndex: 0,
  });
  return g;
}

const seeded = (): ActivityState =>
  foldSummary(EMPTY_ACTIVITY, {
    since: 'boot',
    lastEventAt: T0,
    events: 2,
    nodes: [
      { path: 'n2', count: 1, lastAt: T0 },
      { path: 'n1', count: 1, lastAt: T0 },
    ],
    pairs: [{ from: 'n0', to: 'n1', count: 1, lastAt: T0 }],
  });

describe('activity style: only what changed is written', () => {
  it('rings the nodes that ran and adds the spawn edge beside the link', () => {
    const g = graph(1000);
    const style = new ActivityStyle();
    const change = style.apply(g, seeded(), true, PAL, T0 + 1000);
    expect(change.nodes.sort()).toEqual(['n1', 'n2']);
    expect(change.structural).toBe(true);
    expect(g.getNodeAttribute('n2', 'activityRing')).toBeGreaterThan(0);
    expect(g.getNodeAttribute('n2', 'size')).toBeGreaterThan(1);
    expect(g.getNodeAttribute('n3', 'activityRing')).toBeUndefined();
    const key = spawnEdgeKey('n0', 'n1');
    expect(g.hasEdge(key)).toBe(true);
    expect(g.hasEdge('n0\nn1')).toBe(true); // the link stays
    expect(g.getEdgeAttribute(key, 'type')).toBe('spawn');
    expect(style.spawnEdges(g, () => true)).toEqual([{ key, from: 'n0', to: 'n1', hidden: false }]);
    expect(style.spawnEdges(g, (k) => k !== 'n0')[0]?.hidden).toBe(true);
  });

  it('a second event writes only its node; the same state again writes nothing', () => {
    const g = graph(1000);
    const style = new ActivityStyle();
    const s0 = seeded();
    style.apply(g, s0, true, PAL, T0 + 1000);
    expect(style.apply(g, s0, true, PAL, T0 + 2000)).toEqual({
      nodes: [],
      edges: [],
      structural: false,
      pulse: [],
    });
    const s1 = foldEvent(s0, { type: 'node.activity', data: { path: 'n2', count: 2, lastAt: T0 + 2500 } });
    const change = style.apply(g, s1, true, PAL, T0 + 3000);
    expect(change.nodes).toEqual(['n2']); // wider ring: two runs
    expect(change.pulse).toEqual(['n2']); // it just ran
    expect(change.structural).toBe(false);
    expect(style.lookOf('n2')).toBe('0.2|3');
  });

  it('an older run fades: only the nodes whose recency level changed are written', () => {
    const g = graph(10);
    const style = new ActivityStyle();
    let s = seeded();
    style.apply(g, s, true, PAL, T0 + 1000);
    s = foldEvent(s, { type: 'node.activity', data: { path: 'n2', count: 2, lastAt: T0 + 50_000 } });
    style.apply(g, s, true, PAL, T0 + 50_000);
    const later = style.apply(g, s, true, PAL, T0 + 70_000); // n1 (and its spawn edge) past a minute, n2 not
    expect(later.nodes).toEqual(['n1']);
    expect(later.edges).toEqual([spawnEdgeKey('n0', 'n1')]);
    expect(later.pulse).toEqual([]);
    expect(style.lookOf('n1')).toBe('0.16|2');
  });

  it('off takes every ring and spawn edge away, on brings them back', () => {
    const g = graph(10);
    const style = new ActivityStyle();
    const s = seeded();
    style.apply(g, s, true, PAL, T0);
    const off = style.apply(g, s, false, PAL, T0);
    expect(off.nodes.sort()).toEqual(['n1', 'n2']);
    expect(off.structural).toBe(true);
    expect(g.getNodeAttribute('n2', 'activityRing')).toBe(0);
    expect(g.getNodeAttribute('n2', 'size')).toBe(1);
    expect(g.hasEdge(spawnEdgeKey('n0', 'n1'))).toBe(false);
    expect(style.ranCount()).toBe(0);
    const on = style.apply(g, s, true, PAL, T0);
    expect(on.nodes.sort()).toEqual(['n1', 'n2']);
    expect(g.hasEdge(spawnEdgeKey('n0', 'n1'))).toBe(true);
  });

  it('ignores activity of paths the graph does not hold, and self pairs', () => {
    const g = graph(3);
    const style = new ActivityStyle();
    const s = foldSummary(EMPTY_ACTIVITY, {
      since: 'boot',
      lastEventAt: T0,
      events: 2,
      nodes: [{ path: 'gone.md', count: 4, lastAt: T0 }],
      pairs: [
        { from: 'n0', to: 'gone.md', count: 1, lastAt: T0 },
        { from: 'n2', to: 'n2', count: 1, lastAt: T0 },
      ],
    });
    expect(style.apply(g, s, true, PAL, T0)).toEqual({ nodes: [], edges: [], structural: false, pulse: [] });
    expect(style.spawnEdges(g, () => true)).toEqual([]);
  });

  it('a map update (rewrite) writes every ring again and pulses nothing', () => {
    const g = graph(10);
    const style = new ActivityStyle();
    const s = seeded();
    style.apply(g, s, true, PAL, T0);
    g.replaceNodeAttributes('n2', node('n2')); // what syncGraph does to a changed node
    const change = style.apply(g, s, true, PAL, T0, true);
    expect(change.nodes.sort()).toEqual(['n1', 'n2']);
    expect(change.pulse).toEqual([]);
    expect(g.getNodeAttribute('n2', 'activityRing')).toBeGreaterThan(0);
  });
});
