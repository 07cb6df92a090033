import type { Hono } from 'hono';
import { consentFromFlags } from '../../../engines/sidecars/index.js';
import { dismissIssue, listIssueSuppressions, undismissIssue } from '../../../engines/suppressions/index.js';
import { badQuery, ServerError } from '../../errors.js';
import type { AppContext, AppContextC, AppEnv } from '../app-context.js';
import { enginesOf } from '../engines-of.js';
import { listEnvelope } from '../envelope.js';
import { readJsonBody } from '../read-json-body.js';
import { decodePathB64 } from '../request-params.js';

type Body = Record<string, unknown>;

const DISMISS_KEYS = new Set(['analyzer', 'value', 'note', 'confirm', 'always']);
const UNDISMISS_KEYS = new Set(['analyzer', 'value', 'confirm', 'always']);

/** The JSON object body of a suppression route; unknown fields and non-boolean consent flags are a 400. */
async function bodyOf(c: AppContextC, known: ReadonlySet<string>): Promise<Body> {
  const body = await readJsonBody(c);
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badQuery('the request body must be a JSON object');
  const record = body as Body;
  const unknown = Object.keys(record).filter((k) => !known.has(k));
  if (unknown.length > 0)
    throw badQuery(`unknown field(s) ${unknown.join(', ')}; accepted: ${[...known].join(', ')}`, { unknown });
  for (const key of ['analyzer', 'value'])
    if (typeof record[key] !== 'string') throw badQuery(`${key} must be a string`, { argument: key });
  if (record['note'] !== undefined && typeof record['note'] !== 'string')
    throw badQuery('note must be a string when given', { argument: 'note' });
  for (const key of ['confirm', 'always'])
    if (record[key] !== undefined && typeof record[key] !== 'boolean')
      throw badQuery(`${key} must be true or false when given`, { argument: key });
  return record;
}

/** Issue-suppression routes (spec §12.4): dismiss / undismiss on one node (204), and the list of entries. */
export function registerSuppressionRoutes(app: Hono<AppEnv>, ctx: AppContext): void {
  app.post('/api/nodes/:pathB64/issues/dismiss', async (c) => {
    const node = decodePathB64(c.req.param('pathB64'));
    const body = await bodyOf(c, DISMISS_KEYS);
    await dismissIssue(
      enginesOf(ctx),
      {
        node,
        analyzer: body['analyzer'] as string,
        value: body['value'] as string,
        ...(typeof body['note'] === 'string' ? { note: body['note'] } : {}),
      },
      consentFromFlags(body),
    );
    return c.body(null, 204);
  });

  app.post('/api/nodes/:pathB64/issues/undismiss', async (c) => {
    const node = decodePathB64(c.req.param('pathB64'));
    const body = await bodyOf(c, UNDISMISS_KEYS);
    const result = await undismissIssue(
      enginesOf(ctx),
      { node, analyzer: body['analyzer'] as string, value: body['value'] as string },
      consentFromFlags(body),
    );
    if (result.outcome === 'not-found') {
      if (result.reason === 'node')
        throw new ServerError('not-found', `no node at '${node}'`, { details: { node } });
      throw new ServerError(
        'issue-suppression-not-found',
        `no suppression of ${String(body['analyzer'])} '${String(body['value'])}' on ${node}`,
        { details: { node, analyzer: body['analyzer'], value: body['value'] } },
      );
    }
    return c.body(null, 204);
  });

  app.get('/api/issue-suppressions', async (c) => {
    const node = c.req.query('node');
    const items = listIssueSuppressions(enginesOf(ctx), node === undefined ? {} : { node });
    return c.json(
      listEnvelope(await ctx.registries(), 'issue-suppressions', items, items.length, { node: node ?? null }),
    );
  });
}
