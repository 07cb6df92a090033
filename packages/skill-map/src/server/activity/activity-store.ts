import type { ActivitySummary, NodeActivity, PairActivity } from '@skill-map/spec';
import * as z from 'zod';

export type { NodeActivity, PairActivity };
/** The `skillmap://activity` / `GET /api/activity/summary` snapshot. */
export type ActivitySnapshot = ActivitySummary;

/** What `POST /api/activity` accepts (one event or a batch of up to 500). */
export const ActivityEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('node.activity'),
    node: z.string().min(1).max(4096),
    at: z.number().int().nonnegative().optional(),
  }),
  z.object({
    type: z.literal('agent.spawn'),
    from: z.string().min(1).max(4096),
    to: z.string().min(1).max(4096),
    at: z.number().int().nonnegative().optional(),
  }),
]);

/** One accepted activity event. */
export type ActivityEvent = z.infer<typeof ActivityEventSchema>;

const handle = z.string().min(1).max(200);

/**
 * What the activity hook posts (`sm activity report`): something of one of `kinds` named `name` ran in `host`,
 * inside the agent named `by` when given. The server resolves the names to nodes (invocation-resolver.ts).
 */
export const InvocationSchema = z.object({
  type: z.literal('invocation'),
  host: z.string().min(1).max(64),
  kinds: z.array(z.string().min(1).max(64)).min(1).max(8),
  name: handle,
  by: handle.optional(),
  at: z.number().int().nonnegative().optional(),
});

export type Invocation = z.infer<typeof InvocationSchema>;

const IngestSchema = z.discriminatedUnion('type', [...ActivityEventSchema.options, InvocationSchema]);

/** One event of a `POST /api/activity` body: a resolved event, or an invocation by name. */
export type IngestEvent = z.infer<typeof IngestSchema>;

/** The body schema of `POST /api/activity`. */
export const ActivityBodySchema = z.union([
  IngestSchema,
  z.object({ events: z.array(IngestSchema).min(1).max(500) }),
]);

/** In-memory activity stats; resets with each serve boot (by design: it is live telemetry, not history). */
export interface ActivityStore {
  record(event: ActivityEvent): NodeActivity | PairActivity;
  snapshot(): ActivitySnapshot;
}

/** Caps keep a misbehaving reporter from growing memory without bound. */
const MAX_NODES = 50_000;
const MAX_PAIRS = 50_000;

/** Creates an empty activity store. */
export function createActivityStore(now: () => number = Date.now): ActivityStore {
  const since = new Date(now()).toISOString();
  const nodes = new Map<string, NodeActivity>();
  const pairs = new Map<string, PairActivity>();
  let lastEventAt: number | null = null;
  let events = 0;
  const bumpNode = (path: string, at: number): NodeActivity => {
    let entry = nodes.get(path);
    if (entry === undefined) {
      if (nodes.size >= MAX_NODES) nodes.delete(nodes.keys().next().value ?? '');
      entry = { path, count: 0, lastAt: at };
      nodes.set(path, entry);
    }
    entry.count += 1;
    entry.lastAt = Math.max(entry.lastAt, at);
    return entry;
  };
  return {
    record(event) {
      const at = event.at ?? now();
      events += 1;
      lastEventAt = lastEventAt === null ? at : Math.max(lastEventAt, at);
      if (event.type === 'node.activity') return { ...bumpNode(event.node, at) };
      const key = `${event.from}\u0000${event.to}`;
      let pair = pairs.get(key);
      if (pair === undefined) {
        if (pairs.size >= MAX_PAIRS) pairs.delete(pairs.keys().next().value ?? '');
        pair = { from: event.from, to: event.to, count: 0, lastAt: at };
        pairs.set(key, pair);
      }
      pair.count += 1;
      pair.lastAt = Math.max(pair.lastAt, at);
      bumpNode(event.to, at);
      return { ...pair };
    },
    snapshot: () => ({
      since,
      lastEventAt,
      events,
      nodes: [...nodes.values()]
        .map((n) => ({ ...n }))
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
      pairs: [...pairs.values()].map((p) => ({ ...p })),
    }),
  };
}
