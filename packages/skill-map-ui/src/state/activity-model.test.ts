import { describe, expect, it } from 'vitest';
import {
  EMPTY_ACTIVITY,
  foldEvent,
  foldSummary,
  pairKey,
  pairsOf,
  recencyLevel,
  type ActivitySummary,
} from './activity-model';

const SKILL = '.claude/skills/review/SKILL.md';
const PLANNER = '.claude/agents/planner.md';
const CODER = '.claude/agents/coder.md';

const summary = (over: Partial<ActivitySummary> = {}): ActivitySummary => ({
  since: '2026-12-01T19:00:00.000Z',
  lastEventAt: 1000,
  events: 3,
  nodes: [
    { path: SKILL, count: 2, lastAt: 1000 },
    { path: CODER, count: 1, lastAt: 900 },
  ],
  pairs: [{ from: PLANNER, to: CODER, count: 1, lastAt: 900 }],
  ...over,
});

const nodeEvent = (path: string, count: number, lastAt: number) => ({
  type: 'node.activity',
  data: { path, count, lastAt },
});
const spawnEvent = (from: string, to: string, count: number, lastAt: number) => ({
  type: 'agent.spawn',
  data: { from, to, count, lastAt },
});

describe('activity: the summary folded with live events', () => {
  it('takes a first summary as it is', () => {
    const s = foldSummary(EMPTY_ACTIVITY, summary());
    expect(s.since).toBe('2026-12-01T19:00:00.000Z');
    expect(s.events).toBe(3);
    expect(s.lastEventAt).toBe(1000);
    expect(s.nodes.get(SKILL)).toEqual({ path: SKILL, count: 2, lastAt: 1000 });
    expect(s.pairs.get(pairKey(PLANNER, CODER))).toEqual({ from: PLANNER, to: CODER, count: 1, lastAt: 900 });
  });

  it('a node.activity event sets the node to the running totals it carries', () => {
    const s0 = foldSummary(EMPTY_ACTIVITY, summary());
    const s1 = foldEvent(s0, nodeEvent(SKILL, 3, 2000));
    expect(s1.nodes.get(SKILL)).toEqual({ path: SKILL, count: 3, lastAt: 2000 });
    expect(s1.events).toBe(4);
    expect(s1.lastEventAt).toBe(2000);
    // The state is a new object; the one before is untouched (React reads by reference).
    expect(s0.nodes.get(SKILL)?.count).toBe(2);
    const fresh = foldEvent(s1, nodeEvent('docs/new.md', 1, 2100));
    expect(fresh.nodes.get('docs/new.md')).toEqual({ path: 'docs/new.md', count: 1, lastAt: 2100 });
  });

  it('an agent.spawn event adds or bumps the pair and counts the started node once more', () => {
    const s0 = foldSummary(EMPTY_ACTIVITY, summary());
    const s1 = foldEvent(s0, spawnEvent(PLANNER, CODER, 2, 3000));
    expect(s1.pairs.get(pairKey(PLANNER, CODER))).toEqual({
      from: PLANNER,
      to: CODER,
      count: 2,
      lastAt: 3000,
    });
    expect(s1.nodes.get(CODER)).toEqual({ path: CODER, count: 2, lastAt: 3000 });
    const s2 = foldEvent(s1, spawnEvent(CODER, SKILL, 1, 3100));
    expect(s2.pairs.size).toBe(2);
    expect(s2.nodes.get(SKILL)?.count).toBe(3);
    expect(s2.events).toBe(5);
  });

  it('a replayed or stale event changes nothing (totals only grow)', () => {
    const s0 = foldSummary(EMPTY_ACTIVITY, summary());
    expect(foldEvent(s0, nodeEvent(SKILL, 2, 1000))).toBe(s0);
    expect(foldEvent(s0, nodeEvent(SKILL, 1, 500))).toBe(s0);
    expect(foldEvent(s0, spawnEvent(PLANNER, CODER, 1, 900))).toBe(s0);
  });

  it('ignores other events and malformed activity events', () => {
    const s0 = foldSummary(EMPTY_ACTIVITY, summary());
    expect(foldEvent(s0, { type: 'scan.completed', data: {} })).toBe(s0);
    expect(foldEvent(s0, { type: 'node.activity', data: { path: SKILL } })).toBe(s0);
    expect(foldEvent(s0, { type: 'node.activity', data: { path: 7, count: 1, lastAt: 1 } })).toBe(s0);
    expect(foldEvent(s0, { type: 'agent.spawn', data: { from: PLANNER, count: 1, lastAt: 1 } })).toBe(s0);
  });

  it('events that came before the first summary are kept; a summary of the same boot merges by the larger total', () => {
    const early = foldEvent(EMPTY_ACTIVITY, nodeEvent(SKILL, 3, 2000));
    const s = foldSummary(early, summary()); // the summary was read before that event was recorded
    expect(s.nodes.get(SKILL)).toEqual({ path: SKILL, count: 3, lastAt: 2000 });
    expect(s.nodes.get(CODER)?.count).toBe(1);
    expect(s.lastEventAt).toBe(2000);
    const later = foldSummary(s, summary({ nodes: [{ path: SKILL, count: 5, lastAt: 4000 }], events: 9 }));
    expect(later.nodes.get(SKILL)).toEqual({ path: SKILL, count: 5, lastAt: 4000 });
    expect(later.nodes.get(CODER)?.count).toBe(1); // same boot: nothing is forgotten
    expect(later.events).toBe(9);
  });

  it('a summary of another server boot (a restart) replaces everything', () => {
    const s0 = foldEvent(foldSummary(EMPTY_ACTIVITY, summary()), nodeEvent(SKILL, 7, 5000));
    const restarted = foldSummary(
      s0,
      summary({ since: '2026-12-01T20:00:00.000Z', lastEventAt: null, events: 0, nodes: [], pairs: [] }),
    );
    expect(restarted.nodes.size).toBe(0);
    expect(restarted.pairs.size).toBe(0);
    expect(restarted.events).toBe(0);
    expect(restarted.lastEventAt).toBeNull();
  });

  it('lists the pairs a node is in, most runs first', () => {
    let s = foldSummary(EMPTY_ACTIVITY, summary());
    s = foldEvent(s, spawnEvent(PLANNER, SKILL, 3, 6000));
    const { started, startedBy } = pairsOf(s, PLANNER);
    expect(started.map((p) => p.to)).toEqual([SKILL, CODER]);
    expect(startedBy).toEqual([]);
    expect(pairsOf(s, CODER).startedBy.map((p) => p.from)).toEqual([PLANNER]);
  });

  it('grades recency: the last minute, the last 15 minutes, older', () => {
    expect(recencyLevel(1000, 1000 + 59_000)).toBe(3);
    expect(recencyLevel(1000, 1000 + 60_000)).toBe(2);
    expect(recencyLevel(1000, 1000 + 15 * 60_000 - 1)).toBe(2);
    expect(recencyLevel(1000, 1000 + 15 * 60_000)).toBe(1);
  });
});
