import type { Hono } from 'hono';
import { listExtensions } from '../../../engines/extensions/list-extensions.js';
import { nodeProbExtensions } from '../../../engines/extensions/node-prob-extensions.js';
import type { AppContext, AppEnv } from '../app-context.js';
import { enginesOf } from '../engines-of.js';
import { listEnvelope, singleEnvelope } from '../envelope.js';
import { decodePathB64 } from '../request-params.js';

/**
 * `GET /api/extensions`: the enabled probabilistic extensions (same list as MCP `list_extensions`).
 * `GET /api/nodes/:pathB64/prob-extensions`: what probabilistic work the node can be given now (its finders,
 * standalone launchers and skill actions, each with its live queue state), kind `node.prob-extensions`.
 */
export function registerExtensionRoutes(app: Hono<AppEnv>, ctx: AppContext): void {
  app.get('/api/extensions', async (c) => {
    const items = await listExtensions(enginesOf(ctx));
    return c.json(listEnvelope(await ctx.registries(), 'extensions', items, items.length));
  });

  app.get('/api/nodes/:pathB64/prob-extensions', async (c) => {
    const node = decodePathB64(c.req.param('pathB64'));
    const item = await nodeProbExtensions(enginesOf(ctx), node);
    return c.json(singleEnvelope(await ctx.registries(), 'node.prob-extensions', item));
  });
}
