import type { Hono } from 'hono';
import { loadActionCatalog, runAction } from '../../../engines/actions/index.js';
import { consentFromFlags } from '../../../engines/sidecars/index.js';
import { badQuery } from '../../errors.js';
import type { AppContext, AppContextC, AppEnv } from '../app-context.js';
import { enginesOf } from '../engines-of.js';
import { valueEnvelope } from '../envelope.js';
import { readJsonBody } from '../read-json-body.js';

type Body = Record<string, unknown>;

const KEYS = new Set(['nodePath', 'input', 'dryRun', 'confirm', 'always']);

/** The dispatch body: `nodePath` (string), `input` (object), `dryRun`/`confirm`/`always` (booleans), nothing else. */
async function bodyOf(c: AppContextC): Promise<Body> {
  const body = await readJsonBody(c);
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badQuery('the request body must be a JSON object');
  const record = body as Body;
  const unknown = Object.keys(record).filter((k) => !KEYS.has(k));
  if (unknown.length > 0)
    throw badQuery(`unknown field(s) ${unknown.join(', ')}; accepted: ${[...KEYS].join(', ')}`, { unknown });
  if (typeof record['nodePath'] !== 'string' || record['nodePath'] === '')
    throw badQuery('nodePath must be the node’s project-relative path', { argument: 'nodePath' });
  for (const key of ['dryRun', 'confirm', 'always'])
    if (record[key] !== undefined && typeof record[key] !== 'boolean')
      throw badQuery(`${key} must be true or false when given`, { argument: key });
  return record;
}

/**
 * `POST /api/actions/:plugin/:action` (spec §12.4): runs an enabled deterministic action on one node through the
 * consent gate and answers `action.applied` (`{actionId, nodePath, dryRun, changed, report, annotations}`), also
 * broadcast on `/ws` when it wrote. The enable state is re-read on every dispatch: a switched-off action is a 404.
 */
export function registerActionRoutes(app: Hono<AppEnv>, ctx: AppContext): void {
  app.post('/api/actions/:plugin/:action', async (c) => {
    const id = `${c.req.param('plugin')}/${c.req.param('action')}`;
    const body = await bodyOf(c);
    const engines = enginesOf(ctx);
    const catalog = await loadActionCatalog({ projectRoot: ctx.scopeRoot, ...ctx.plugins });
    const action = catalog.runnable(id);
    const run = await runAction(
      engines,
      action,
      { node: body['nodePath'] as string, input: body['input'], dryRun: body['dryRun'] === true },
      consentFromFlags(body),
    );
    if (!run.dryRun)
      ctx.broadcaster.publish('action.applied', {
        actionId: run.actionId,
        nodePath: run.nodePath,
        report: run.report,
      });
    return c.json(valueEnvelope('action.applied', run));
  });
}
