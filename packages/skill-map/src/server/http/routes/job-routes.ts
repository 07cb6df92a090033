import type { Hono } from 'hono';
import * as z from 'zod';
import { JOB_STATUSES } from '@skill-map/spec';
import type { JobStatus } from '@skill-map/spec';
import { cancelJob, failJob, getJob, listJobs, pruneJobs, submitJob } from '../../../engines/jobs/index.js';
import type { EngineContext } from '../../../engines/context.js';
import type {
  JobListFilter,
  SubmitInput,
  SubmitOutcome,
  TerminateOutcome,
} from '../../../engines/jobs/index.js';
import { badQuery, notFound, ServerError } from '../../errors.js';
import type { AppContext, AppEnv } from '../app-context.js';
import { enginesOf } from '../engines-of.js';
import { listEnvelope, singleEnvelope, valueEnvelope } from '../envelope.js';
import { readJsonBody } from '../read-json-body.js';
import { decodePathB64 } from '../request-params.js';
import { registerJobEventsRoute } from './job-events-route.js';

const PRUNABLE = ['completed', 'failed', 'cancelled'] as const;

/** The submit body (`POST /api/nodes/:pathB64/jobs`); unknown keys are refused so a typo is not silently ignored. */
const SubmitBody = z.strictObject({
  extension: z.string().min(1),
  autoFix: z.boolean().optional(),
  findingIds: z.array(z.number().int().positive()).min(1).optional(),
  force: z.boolean().optional(),
  ttl: z.number().int().nonnegative().optional(),
  priority: z.number().int().optional(),
});

function parseStatus<T extends string>(
  raw: string | undefined,
  allowed: readonly T[],
  name = 'status',
): T | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!(allowed as readonly string[]).includes(raw))
    throw badQuery(`${name} must be one of ${allowed.join(', ')}`, { [name]: raw, allowed: [...allowed] });
  return raw as T;
}

function submitInput(node: string, body: unknown): SubmitInput {
  const parsed = SubmitBody.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? 'body' : issue.path.join('.');
    throw badQuery(`invalid job submit: ${where}: ${issue?.message ?? 'bad shape'}`, { argument: where });
  }
  const b = parsed.data;
  return {
    node,
    extension: b.extension,
    ...(b.autoFix === undefined ? {} : { autoFix: b.autoFix }),
    ...(b.findingIds === undefined ? {} : { findingIds: b.findingIds }),
    ...(b.force === undefined ? {} : { force: b.force }),
    ...(b.ttl === undefined ? {} : { ttl: b.ttl }),
    ...(b.priority === undefined ? {} : { priority: b.priority }),
  };
}

/** A structured refusal of a submit as its REST 409; `created` is handled by the caller. */
function submitRefusal(outcome: Exclude<SubmitOutcome, { outcome: 'created' }>): ServerError {
  switch (outcome.outcome) {
    case 'duplicate':
      return new ServerError('duplicate-job', `an identical job is already queued: ${outcome.existingId}`, {
        details: { existingId: outcome.existingId },
      });
    case 'job-running':
      return new ServerError('job-running', `a covering job is running: ${outcome.existingId}`, {
        details: { existingId: outcome.existingId },
      });
    case 'drift':
      return new ServerError(
        'node-drifted',
        `the file changed since the last scan; rescan first (${outcome.detail})`,
        {
          details: { detail: outcome.detail },
        },
      );
    case 'unreadable':
      return new ServerError('node-unreadable', `the file cannot be read: ${outcome.detail}`, {
        details: { detail: outcome.detail },
      });
    case 'no-findings':
      return new ServerError(
        'no-findings',
        'the fixer has no open findings or issues to resolve on this node',
      );
  }
}

/** `cancel` / `fail` as REST: 204 when done, 409 `job-terminal`, 404 unknown. */
function terminated(id: string, outcome: TerminateOutcome): void {
  if (outcome.outcome === 'not-found') throw notFound(`no job with id ${id}`, { id });
  if (outcome.outcome === 'already-terminal')
    throw new ServerError('job-terminal', `job ${id} is already ${outcome.status}`, {
      details: { id, status: outcome.status },
    });
}

function cancelAll(engines: EngineContext): number {
  const active = [
    ...listJobs(engines, { status: 'queued', hideLocked: true }),
    ...listJobs(engines, { status: 'running', hideLocked: true }),
  ];
  return active.filter((j) => cancelJob(engines, j.id).outcome === 'cancelled').length;
}

/** Job queue routes (spec §12.4) and the CLI's job-event push leg. */
export function registerJobRoutes(app: Hono<AppEnv>, ctx: AppContext): void {
  app.get('/api/jobs', async (c) => {
    const status = parseStatus<JobStatus>(c.req.query('status'), JOB_STATUSES);
    const extension = c.req.query('extension') || undefined;
    const node = c.req.query('node') || undefined;
    const filter: JobListFilter = { hideLocked: true };
    if (status !== undefined) filter.status = status;
    if (extension !== undefined) filter.extension = extension;
    if (node !== undefined) filter.node = node;
    const items = listJobs(enginesOf(ctx), filter);
    return c.json(
      listEnvelope(await ctx.registries(), 'jobs', items, items.length, {
        status: status ?? null,
        extension: extension ?? null,
        node: node ?? null,
      }),
    );
  });

  // Static paths before `/api/jobs/:id`: `cancel-all` and `prune` are not job ids.
  app.post('/api/jobs/cancel-all', (c) => {
    cancelAll(enginesOf(ctx));
    return c.body(null, 204);
  });

  app.post('/api/jobs/prune', (c) => {
    const status = parseStatus(c.req.query('status'), PRUNABLE);
    const result = pruneJobs(enginesOf(ctx), status === undefined ? {} : { status });
    return c.json(valueEnvelope('jobs-pruned', { ...result }));
  });

  app.get('/api/jobs/:id', async (c) => {
    const id = c.req.param('id');
    const item = getJob(enginesOf(ctx), id);
    if (item === null) throw notFound(`no job with id ${id}`, { id });
    return c.json(singleEnvelope(await ctx.registries(), 'job', item));
  });

  app.post('/api/jobs/:id/cancel', (c) => {
    const id = c.req.param('id');
    terminated(id, cancelJob(enginesOf(ctx), id));
    return c.body(null, 204);
  });

  app.post('/api/jobs/:id/fail', (c) => {
    const id = c.req.param('id');
    terminated(id, failJob(enginesOf(ctx), id));
    return c.body(null, 204);
  });

  app.post('/api/nodes/:pathB64/jobs', async (c) => {
    const node = decodePathB64(c.req.param('pathB64'));
    const input = submitInput(node, await readJsonBody(c));
    const outcome = await submitJob(enginesOf(ctx), input);
    if (outcome.outcome !== 'created') throw submitRefusal(outcome);
    // Security: the nonce never leaves through REST.
    const { jobId, nodePath, extensionId, supersededIds } = outcome;
    return c.json(valueEnvelope('job.submitted', { jobId, nodePath, extensionId, supersededIds }), 201);
  });

  registerJobEventsRoute(app, ctx);
}
