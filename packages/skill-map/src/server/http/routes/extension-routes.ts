import type { Hono } from 'hono';
import { listExtensions } from '../../../engines/extensions/list-extensions.js';
import type { AppContext, AppEnv } from '../app-context.js';
import { enginesOf } from '../engines-of.js';
import { listEnvelope } from '../envelope.js';

/** `GET /api/extensions`: the enabled probabilistic extensions (same list as MCP `list_extensions`). */
export function registerExtensionRoutes(app: Hono<AppEnv>, ctx: AppContext): void {
  app.get('/api/extensions', async (c) => {
    const items = await listExtensions(enginesOf(ctx));
    return c.json(listEnvelope(await ctx.registries(), 'extensions', items, items.length));
  });
}
