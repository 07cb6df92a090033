import type { Hono } from 'hono';
import type { EnvelopeRegistries } from '@skill-map/spec';
import {
  deleteFinding,
  dismissFinding,
  findingsView,
  reopenFinding,
  resolveFinding,
  undismissFinding,
} from '../../../engines/findings/index.js';
import type { FindingsView } from '../../../engines/findings/index.js';
import { consentFromFlags } from '../../../engines/sidecars/index.js';
import type { Consent } from '../../../engines/sidecars/port.js';
import { badQuery, ServerError } from '../../errors.js';
import type { ServerErrorCode } from '../../errors.js';
import type { AppContext, AppContextC, AppEnv } from '../app-context.js';
import { enginesOf } from '../engines-of.js';
import { listEnvelope } from '../envelope.js';
import { readJsonBody } from '../read-json-body.js';
import { boolParam, decodePathB64 } from '../request-params.js';

const NODE_FINDINGS = '/api/nodes/:pathB64/findings';

/** The body of a POST: an object (an empty body is `{}`) with only `allowed` keys, each of its type. */
async function bodyOf(
  c: AppContextC,
  allowed: Readonly<Record<string, 'boolean' | 'string'>>,
): Promise<Record<string, unknown>> {
  const raw = await readJsonBody(c, { optional: true });
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw badQuery('the request body must be a JSON object');
  const body = raw as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) {
    const type = allowed[key];
    if (type === undefined)
      throw badQuery(`unknown body field '${key}' (accepted: ${Object.keys(allowed).join(', ')})`, {
        field: key,
      });
    if (typeof value !== type || (type === 'string' && (value as string).trim() === ''))
      throw badQuery(
        `body field '${key}' must be ${type === 'string' ? 'a non-empty string' : 'a boolean'}`,
        {
          field: key,
        },
      );
  }
  return body;
}

/** The `:id` segment: a positive integer. */
function idOf(c: AppContextC): number {
  const raw = c.req.param('id') ?? '';
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw badQuery('finding id must be a positive integer', { id: raw });
  return Number(raw);
}

const REFUSALS: Readonly<Record<string, ServerErrorCode>> = {
  'not-found': 'not-found',
  'already-fixed': 'finding-already-fixed',
  'already-dismissed': 'finding-already-dismissed',
  'already-open': 'finding-already-open',
};

/** A lifecycle outcome other than success as the route's error: 404 unknown (or another node's) id, 409 state. */
function refuse(outcome: string, id: number): never {
  const code = REFUSALS[outcome] ?? 'internal';
  const message =
    code === 'not-found' ? `no finding ${id} on this node` : `finding ${id} is ${outcome.slice(8)}`;
  throw new ServerError(code, message, { details: { id } });
}

function viewEnvelope(
  registries: EnvelopeRegistries,
  view: FindingsView,
  filters: Record<string, unknown>,
): unknown {
  const env = listEnvelope(registries, 'findings', view.findings, view.findings.length, filters);
  return {
    ...env,
    counts: { ...env.counts, dismissedExcluded: view.dismissedExcluded, fixedExcluded: view.fixedExcluded },
  };
}

function viewFlags(c: AppContextC): { dismissed: boolean; fixed: boolean; stale: boolean } {
  return {
    dismissed: boolParam('dismissed', c.req.query('dismissed')) === true,
    fixed: boolParam('fixed', c.req.query('fixed')) === true,
    stale: boolParam('stale', c.req.query('stale')) === true,
  };
}

/** Findings lifecycle routes (spec §12.4): thin adapters over engines/findings. */
export function registerFindingsRoutes(app: Hono<AppEnv>, ctx: AppContext): void {
  app.get('/api/findings', async (c) => {
    const extension = c.req.query('extension');
    const flags = viewFlags(c);
    const view = findingsView(enginesOf(ctx), {
      ...flags,
      ...(extension === undefined ? {} : { extension }),
    });
    return c.json(
      viewEnvelope(await ctx.registries(), view, { node: null, extension: extension ?? null, ...flags }),
    );
  });

  app.get(NODE_FINDINGS, async (c) => {
    const node = decodePathB64(c.req.param('pathB64'));
    const flags = viewFlags(c);
    return c.json(
      viewEnvelope(await ctx.registries(), findingsView(enginesOf(ctx), { node, ...flags }), {
        node,
        ...flags,
      }),
    );
  });

  app.post(`${NODE_FINDINGS}/undismiss`, async (c) => {
    const node = decodePathB64(c.req.param('pathB64'));
    const body = await bodyOf(c, {
      extension: 'string',
      type: 'string',
      confirm: 'boolean',
      always: 'boolean',
    });
    if (body['extension'] === undefined)
      throw badQuery("body field 'extension' is required", { field: 'extension' });
    const type = body['type'] as string | undefined;
    const { outcome } = await undismissFinding(
      enginesOf(ctx),
      { node, extension: body['extension'] as string, ...(type === undefined ? {} : { type }) },
      consentFromFlags(body),
    );
    if (outcome === 'not-found')
      throw new ServerError('not-found', `no node at '${node}'`, { details: { node } });
    if (outcome === 'no-match')
      throw new ServerError(
        'suppression-not-found',
        `the sidecar of '${node}' has no such suppression entry`,
        {
          details: { node, extension: body['extension'], type: type ?? null },
        },
      );
    return c.body(null, 204);
  });

  app.post(`${NODE_FINDINGS}/:id/dismiss`, async (c) => {
    const node = decodePathB64(c.req.param('pathB64'));
    const id = idOf(c);
    const body = await bodyOf(c, { class: 'boolean', confirm: 'boolean', always: 'boolean', note: 'string' });
    const note = body['note'] as string | undefined;
    const { outcome } = await dismissFinding(
      enginesOf(ctx),
      { id, node },
      { class: body['class'] === true, ...(note === undefined ? {} : { note }) },
      consentFromFlags(body),
    );
    if (outcome !== 'dismissed' && outcome !== 'suppressed') refuse(outcome, id);
    return c.body(null, 204);
  });

  app.post(`${NODE_FINDINGS}/:id/reopen`, async (c) => {
    const node = decodePathB64(c.req.param('pathB64'));
    const id = idOf(c);
    await bodyOf(c, {});
    const { outcome } = await reopenFinding(enginesOf(ctx), { id, node });
    if (outcome !== 'reopened') refuse(outcome, id);
    return c.body(null, 204);
  });

  app.post(`${NODE_FINDINGS}/:id/resolve`, async (c) => {
    const node = decodePathB64(c.req.param('pathB64'));
    const id = idOf(c);
    const body = await bodyOf(c, { note: 'string' });
    const { outcome } = await resolveFinding(
      enginesOf(ctx),
      { id, node },
      body['note'] as string | undefined,
    );
    if (outcome !== 'resolved') refuse(outcome, id);
    return c.body(null, 204);
  });

  app.delete(`${NODE_FINDINGS}/:id`, async (c) => {
    const node = decodePathB64(c.req.param('pathB64'));
    const id = idOf(c);
    const body = await bodyOf(c, { confirm: 'boolean', always: 'boolean' });
    const consent: Consent = {
      confirm: body['confirm'] === true || boolParam('confirm', c.req.query('confirm')) === true,
      always: body['always'] === true || boolParam('always', c.req.query('always')) === true,
    };
    const { outcome } = await deleteFinding(enginesOf(ctx), { id, node }, consent);
    if (outcome !== 'deleted') refuse(outcome, id);
    return c.body(null, 204);
  });
}
