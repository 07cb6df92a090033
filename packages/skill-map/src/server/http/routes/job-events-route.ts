import type { Hono } from 'hono';
import * as z from 'zod';
import { badQuery, ServerError } from '../../errors.js';
import type { AppContext, AppEnv } from '../app-context.js';
import { valueEnvelope } from '../envelope.js';
import { readJsonBody } from '../read-json-body.js';
import { tokenMatches } from './activity-routes.js';

/** One job event as the CLI pushes it (spec §5.6); only the job/run vocabulary, never a scan or activity event. */
const JobEventBody = z.object({
  type: z
    .string()
    .regex(/^(?:job\.[a-z.]+|run\.(?:started|summary)|emitter\.error)$/, 'not a job event type'),
  timestamp: z.number().int().nonnegative(),
  runId: z.string().min(1),
  jobId: z.string().min(1).nullable(),
  data: z.record(z.string(), z.unknown()),
});

/** `POST /api/job-events`: the CLI push leg (token from serve.json), rebroadcast as sent on `/ws` and to MCP. */
export function registerJobEventsRoute(app: Hono<AppEnv>, ctx: AppContext): void {
  app.post('/api/job-events', async (c) => {
    // Security: only a local process that can read .skill-map/serve.json may speak for the queue.
    if (!tokenMatches(c.req.header('x-skill-map-token'), ctx.token)) {
      throw new ServerError(
        'token-mismatch',
        'missing or wrong x-skill-map-token (read it from .skill-map/serve.json)',
      );
    }
    const parsed = JobEventBody.safeParse(await readJsonBody(c));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badQuery(
        `invalid job event: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'bad shape'}`,
      );
    }
    const e = parsed.data;
    // Security: a nonce is the claimer's credential and never goes out on /ws, whoever sent it.
    const { nonce: _nonce, ...data } = e.data;
    ctx.broadcaster.publish(e.type, data, { runId: e.runId, jobId: e.jobId, timestamp: e.timestamp });
    return c.json(valueEnvelope('job-events', { accepted: 1 }), 202);
  });
}
