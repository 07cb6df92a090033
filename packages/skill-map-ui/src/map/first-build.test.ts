import Graph from 'graphology';
import { describe, expect, it } from 'vitest';
import { ALONE, drive, fillGraph, type Step } from './first-build';
import { desiredGraph, type EdgeAttrs, type NodeAttrs } from './graph-build';
import type { MapProjection } from '../api/types';

/** A generator whose every step outlasts the budget between pauses (it spins for `ms`). */
function* slow(steps: number, ms: number, ran: number[]): Generator<void, string, void> {
  for (let i = 0; i < steps; i++) {
    const until = performance.now() + ms;
    while (performance.now() < until);
    ran.push(i);
    yield;
  }
  return 'done';
}

describe('drive', () => {
  it('runs the steps to the end and returns the value while alive', async () => {
    const ran: number[] = [];
    let pauses = 0;
    const r = await drive(slow(4, 25, ran), () => ++pauses > 0);
    expect(r).toEqual({ value: 'done' });
    expect(ran).toEqual([0, 1, 2, 3]);
    expect(pauses).toBeGreaterThanOrEqual(3); // a pause after each step that ran past the budget
  });

  it('stops at the first pause after it is superseded, without running the rest', async () => {
    const ran: number[] = [];
    const r = await drive(slow(10, 25, ran), () => false);
    expect(r).toBeUndefined();
    expect(ran).toEqual([0]);
  });
});

describe('drive, ALONE', () => {
  /** A quick step that ran for `before` ms, then ALONE, then a step that notes how many pauses it followed. */
  function* announced(before: number, seen: number[], pauses: () => number): Generator<Step, void, void> {
    const until = performance.now() + before;
    while (performance.now() < until);
    yield ALONE;
    seen.push(pauses());
  }

  // 3 ms of work before ALONE: a pause, its own task though the budget was not spent; none: no pause.
  it.each([
    ['pauses before the announced step when work ran in the task before it', 3, 1],
    ['does not pause when nothing ran since the last pause', 0, 0],
  ])('%s', async (_, before, expected) => {
    let pauses = 0;
    const seen: number[] = [];
    await drive(
      announced(before, seen, () => pauses),
      () => ++pauses > 0,
    );
    expect(seen).toEqual([expected]);
  });
});

describe('fillGraph', () => {
  it('builds the same graph as the desired attributes, nodes before the edges that join them', async () => {
    const map = {
      roots: ['/p'],
      nodes: ['a.md', 'b.md', 'c.md'].map((path) => ({
        path,
        name: path,
        kind: 'doc',
        provider: 'core',
        virtual: false,
        issues: [0, 0, 0],
      })),
      links: [
        { source: 'a.md', target: 'b.md', kind: 'link', state: 'ok', confidence: 1 },
        { source: 'b.md', target: 'gone.md', kind: 'link', state: 'broken', confidence: 1 },
      ],
      issues: [],
    } as unknown as MapProjection;
    const desired = desiredGraph(map, new Map(), 'light');
    const g = new Graph<NodeAttrs, EdgeAttrs>({ type: 'directed', multi: true });
    expect(await drive(fillGraph(g, desired), () => true)).toEqual({ value: undefined });
    expect(g.nodes()).toEqual([...desired.nodes.keys()]);
    expect(g.edges()).toEqual([...desired.edges.keys()]);
    expect(g.order).toBe(4); // the three nodes and the broken target's ghost
    expect(g.getNodeAttributes('a.md')).toEqual(desired.nodes.get('a.md'));
  });
});
