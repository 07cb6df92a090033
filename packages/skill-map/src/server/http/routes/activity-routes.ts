import { timingSafeEqual } from 'node:crypto';
import type { Hono } from 'hono';
import { activityHookStatus, recordSightings } from '../../../engines/activity/index.js';
import type { Sighting } from '../../../engines/activity/index.js';
import { ActivityBodySchema } from '../../activity/activity-store.js';
import type { ActivityEvent, IngestEvent } from '../../activity/activity-store.js';
import { badQuery, ServerError } from '../../errors.js';
import type { AppContext, AppEnv } from '../app-context.js';
import { valueEnvelope } from '../envelope.js';
import { readJsonBody } from '../read-json-body.js';

/** Security: constant-time comparison of the `x-skill-map-token` header with the per-boot token. */
export function tokenMatches(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Live activity ingest (token-authenticated) and its summary. */
export function registerActivityRoutes(app: Hono<AppEnv>, ctx: AppContext): void {
  app.post('/api/activity', async (c) => {
    // Security: only a local process that can read .skill-map/serve.json may report activity.
    if (!tokenMatches(c.req.header('x-skill-map-token'), ctx.token)) {
      throw new ServerError(
        'token-mismatch',
        'missing or wrong x-skill-map-token (read it from .skill-map/serve.json)',
      );
    }
    const parsed = ActivityBodySchema.safeParse(await readJsonBody(c));
    if (!parsed.success)
      throw badQuery(`invalid activity event: ${parsed.error.issues[0]?.message ?? 'bad shape'}`);
    const events: IngestEvent[] = 'events' in parsed.data ? parsed.data.events : [parsed.data];
    let recorded = 0;
    const sightings: Sighting[] = [];
    for (const ingested of events) {
      // An invocation by name counts only when it names a node of the map (a built-in agent, /help, … do not).
      const event: ActivityEvent | null =
        ingested.type === 'invocation' ? ctx.activityResolver.resolve(ingested) : ingested;
      if (event === null) continue;
      recorded += 1;
      sightings.push({
        path: event.type === 'node.activity' ? event.node : event.to,
        host: ingested.type === 'invocation' ? ingested.host : 'unknown',
        at: event.at ?? Date.now(),
      });
      const stats = ctx.activity.record(event);
      if (event.type === 'node.activity') ctx.broadcaster.publish('node.activity', { ...stats });
      else ctx.broadcaster.publish('agent.spawn', { ...stats });
    }
    persistSightings(ctx, sightings);
    return c.json(
      valueEnvelope('activity', { accepted: events.length, recorded, unresolved: events.length - recorded }),
      202,
    );
  });

  app.get('/api/activity/summary', (c) => c.json(valueEnvelope('activity-summary', ctx.activity.snapshot())));

  // Where live activity stands: the hooks registered in this project and the latest event since boot.
  app.get('/api/activity/status', (c) => {
    const { since, lastEventAt, events } = ctx.activity.snapshot();
    const hooks = activityHookStatus(ctx.scopeRoot, { argv: null }).map(({ host, file, state }) => ({
      host,
      file,
      state,
    }));
    return c.json(valueEnvelope('activity-status', { since, lastEventAt, events, hooks }));
  });
}

/**
 * Keeps the sightings in the project database (the last-seen record node-never-run reads after any restart), through
 * the activity engine. Live telemetry is not lost over it: without a database, or when the write fails, the event
 * still counted in memory and was broadcast.
 */
function persistSightings(ctx: AppContext, sightings: readonly Sighting[]): void {
  if (ctx.engines === null || sightings.length === 0) return;
  try {
    recordSightings(ctx.engines, sightings);
  } catch (err) {
    ctx.logger.warn(`activity: could not record last-seen times: ${(err as Error).message}`);
  }
}
