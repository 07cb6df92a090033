// Live activity as the page holds it: `GET /api/activity/summary` folded together with the `/ws` events
// `node.activity` and `agent.spawn`. Pure (no I/O): the loader feeds it, the map and the node panel read it.
//
// The server's events carry running totals (count and lastAt of the node or pair), so folding takes the larger
// of what is held and what arrives: the result does not depend on whether a summary or an event came first.
// An `agent.spawn` also counts its started node on the server, which sends no `node.activity` for it: the page
// counts that node once more itself. A summary of another server boot (`since` differs) replaces everything.

import type { ActivitySummary, NodeActivity, PairActivity } from '../api/types';

export type { ActivitySummary, NodeActivity, PairActivity };

export interface ActivityState {
  /** The server boot the counts belong to; null before the first summary. */
  since: string | null;
  lastEventAt: number | null;
  events: number;
  nodes: ReadonlyMap<string, NodeActivity>;
  /** Keyed by `pairKey`. */
  pairs: ReadonlyMap<string, PairActivity>;
}

export const EMPTY_ACTIVITY: ActivityState = {
  since: null,
  lastEventAt: null,
  events: 0,
  nodes: new Map(),
  pairs: new Map(),
};

export const pairKey = (from: string, to: string): string => `${from}\u0000${to}`;

const later = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : Math.max(a, b);

function mergeNode(into: Map<string, NodeActivity>, n: NodeActivity): boolean {
  const held = into.get(n.path);
  if (held !== undefined && n.count <= held.count && n.lastAt <= held.lastAt) return false;
  into.set(n.path, {
    path: n.path,
    count: Math.max(held?.count ?? 0, n.count),
    lastAt: Math.max(held?.lastAt ?? 0, n.lastAt),
  });
  return true;
}

function mergePair(into: Map<string, PairActivity>, p: PairActivity): boolean {
  const key = pairKey(p.from, p.to);
  const held = into.get(key);
  if (held !== undefined && p.count <= held.count && p.lastAt <= held.lastAt) return false;
  into.set(key, {
    from: p.from,
    to: p.to,
    count: Math.max(held?.count ?? 0, p.count),
    lastAt: Math.max(held?.lastAt ?? 0, p.lastAt),
  });
  return true;
}

/** The state after a summary: merged (same boot, or none held yet) or replaced (the server restarted). */
export function foldSummary(state: ActivityState, summary: ActivitySummary): ActivityState {
  const fresh = state.since !== null && state.since !== summary.since;
  const base = fresh ? EMPTY_ACTIVITY : state;
  const nodes = new Map(base.nodes);
  const pairs = new Map(base.pairs);
  for (const n of summary.nodes) mergeNode(nodes, n);
  for (const p of summary.pairs) mergePair(pairs, p);
  return {
    since: summary.since,
    lastEventAt: later(base.lastEventAt, summary.lastEventAt),
    events: Math.max(base.events, summary.events),
    nodes,
    pairs,
  };
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The state after one `/ws` event; the same object when the event is not an activity event (or malformed). */
export function foldEvent(
  state: ActivityState,
  event: { type: string; data: Record<string, unknown> },
): ActivityState {
  const d = event.data;
  const count = num(d['count']);
  const lastAt = num(d['lastAt']);
  if (count === null || lastAt === null) return state;
  if (event.type === 'node.activity') {
    const path = str(d['path']);
    if (path === null) return state;
    const nodes = new Map(state.nodes);
    if (!mergeNode(nodes, { path, count, lastAt })) return state; // already held (a replay)
    return { ...state, nodes, events: state.events + 1, lastEventAt: later(state.lastEventAt, lastAt) };
  }
  if (event.type === 'agent.spawn') {
    const from = str(d['from']);
    const to = str(d['to']);
    if (from === null || to === null) return state;
    const pairs = new Map(state.pairs);
    if (!mergePair(pairs, { from, to, count, lastAt })) return state; // already held (a replay)
    const nodes = new Map(state.nodes);
    const held = nodes.get(to);
    nodes.set(to, { path: to, count: (held?.count ?? 0) + 1, lastAt: Math.max(held?.lastAt ?? 0, lastAt) });
    return {
      ...state,
      nodes,
      pairs,
      events: state.events + 1,
      lastEventAt: later(state.lastEventAt, lastAt),
    };
  }
  return state;
}

/** How strongly the map marks a node that ran: 3 in the last minute, 2 in the last 15 minutes, else 1. */
export function recencyLevel(lastAt: number, now: number): 1 | 2 | 3 {
  const age = now - lastAt;
  if (age < 60_000) return 3;
  if (age < 15 * 60_000) return 2;
  return 1;
}

/** The pairs a node is in: those it started and those that started it, most runs first. */
export function pairsOf(
  state: ActivityState,
  path: string,
): { started: PairActivity[]; startedBy: PairActivity[] } {
  const started: PairActivity[] = [];
  const startedBy: PairActivity[] = [];
  for (const p of state.pairs.values()) {
    if (p.from === path) started.push(p);
    if (p.to === path) startedBy.push(p);
  }
  const order = (a: PairActivity, b: PairActivity): number => b.count - a.count || b.lastAt - a.lastAt;
  return { started: started.sort(order), startedBy: startedBy.sort(order) };
}
