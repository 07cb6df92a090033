import type { Hono } from 'hono';
import { listPlugins, pluginById, setPluginEnabled, setPluginTrust } from '../../../engines/index.js';
import type { PluginScope } from '../../../engines/index.js';
import { badQuery } from '../../errors.js';
import type { AppContext, AppContextC, AppEnv } from '../app-context.js';
import { listEnvelope, singleEnvelope } from '../envelope.js';
import { readJsonBody } from '../read-json-body.js';

/** A `{ <key>: boolean }` body, nothing else. */
async function flagOf(c: AppContextC, key: string): Promise<boolean> {
  const body = await readJsonBody(c);
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badQuery('the request body must be a JSON object');
  const record = body as Record<string, unknown>;
  const unknown = Object.keys(record).filter((k) => k !== key);
  if (unknown.length > 0)
    throw badQuery(`unknown field(s) ${unknown.join(', ')}; accepted: ${key}`, { unknown });
  if (typeof record[key] !== 'boolean') throw badQuery(`${key} must be true or false`, { argument: key });
  return record[key];
}

/**
 * Plugin routes (spec §12.4): `GET /api/plugins` (every plugin with its status), `GET /api/plugins/:id`,
 * `PATCH /api/plugins/:id {enabled}` (project settings) and `PATCH /api/plugins/:id/trust {trusted}` (this project's
 * trust, at the plugin's current version). The next scan runs the change.
 */
export function registerPluginRoutes(app: Hono<AppEnv>, ctx: AppContext): void {
  const scope: PluginScope = { projectRoot: ctx.scopeRoot, ...ctx.plugins };
  app.get('/api/plugins', async (c) => {
    const items = await listPlugins(scope);
    return c.json(listEnvelope(await ctx.registries(), 'plugins', items, items.length));
  });
  app.get('/api/plugins/:id', async (c) => {
    return c.json(
      singleEnvelope(
        await ctx.registries(),
        'plugin',
        pluginById(await listPlugins(scope), c.req.param('id')),
      ),
    );
  });
  app.patch('/api/plugins/:id', async (c) => {
    const enabled = await flagOf(c, 'enabled');
    const item = await setPluginEnabled(scope, c.req.param('id'), enabled);
    ctx.invalidateRegistries();
    return c.json(singleEnvelope(await ctx.registries(), 'plugin', item));
  });
  app.patch('/api/plugins/:id/trust', async (c) => {
    const trusted = await flagOf(c, 'trusted');
    const item = await setPluginTrust(scope, c.req.param('id'), trusted);
    ctx.invalidateRegistries();
    return c.json(singleEnvelope(await ctx.registries(), 'plugin', item));
  });
}
