import { Hono } from 'hono';
import { isServerError, ServerError, toServerError } from '../errors.js';
import type { AppContext, AppEnv } from './app-context.js';
import { allowedMethods } from './allowed-methods.js';
import { errorEnvelope, toRestError } from './envelope.js';
import { checkLoopbackRequest } from './loopback-gate.js';
import { placeholderPage } from './ui/placeholder-page.js';
import { createStaticUi } from './ui/static-ui.js';
import { checkDeclaredLength } from './read-json-body.js';
import { registerActionRoutes } from './routes/action-routes.js';
import { registerActivityRoutes } from './routes/activity-routes.js';
import { registerExtensionRoutes } from './routes/extension-routes.js';
import { registerPluginRoutes } from './routes/plugin-routes.js';
import { registerFindingsRoutes } from './routes/findings-routes.js';
import { registerJobRoutes } from './routes/job-routes.js';
import { registerSuppressionRoutes } from './routes/suppression-routes.js';
import { registerMapRoutes } from './routes/map-routes.js';
import { registerSystemRoutes } from './routes/system-routes.js';
import { securityHeaders } from './security-headers.js';

/**
 * Builds the Hono app. Middleware order: security headers (outermost, so every answer carries them) →
 * loopback gate on every route → shutdown guard → 1 MiB declared-length limit on `/api/*` → routes → `/api/*`
 * 405 with `Allow` (a known path, another method) or 404 → the page. `/mcp` is dispatched before Hono (request-listener.ts) and runs the same gate. One error handler maps every failure to the REST envelope.
 */
export function createApp(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', securityHeaders());
  app.use('*', async (c, next) => {
    const violation = checkLoopbackRequest({
      host: c.req.header('host'),
      origin: c.req.header('origin'),
      method: c.req.method,
      fetchSite: c.req.header('sec-fetch-site'),
      fetchMode: c.req.header('sec-fetch-mode'),
      fetchDest: c.req.header('sec-fetch-dest'),
    });
    if (violation !== null) throw violation;
    if (ctx.shuttingDown()) throw new ServerError('shutting-down', 'the server is shutting down');
    await next();
  });
  // A declared length over the limit is refused here; bodies without one (chunked) are bounded where they are read.
  app.use('/api/*', async (c, next) => {
    checkDeclaredLength(c.req.header('content-length'));
    await next();
  });

  registerSystemRoutes(app, ctx);
  registerMapRoutes(app, ctx);
  registerActivityRoutes(app, ctx);
  registerJobRoutes(app, ctx);
  registerExtensionRoutes(app, ctx);
  registerPluginRoutes(app, ctx);
  registerFindingsRoutes(app, ctx);
  registerSuppressionRoutes(app, ctx);
  registerActionRoutes(app, ctx);
  app.all('/api/*', (c) => {
    const allow = allowedMethods(app.routes, c.req.path);
    if (allow.length === 0)
      return c.json(errorEnvelope('not-found', `no route ${c.req.method} ${c.req.path}`), 404);
    c.header('allow', allow.join(', '));
    const message = `${c.req.method} is not allowed on ${c.req.path} (allowed: ${allow.join(', ')})`;
    return c.json(errorEnvelope('method-not-allowed', message, { allow }), 405);
  });

  // `/mcp` never reaches Hono when MCP is on (see request-listener.ts); here it is a plain 404.
  const page = ctx.uiDist === null ? null : createStaticUi(ctx.uiDist, ctx.version, ctx.scopeRoot);
  app.get('*', (c) => {
    // `/ws` only answers upgrades (handled on the socket).
    if (!ctx.ui || c.req.path === '/ws' || c.req.path === '/mcp') return c.text('Not Found', 404);
    if (page === null) return c.html(placeholderPage(ctx.version, ctx.scopeRoot));
    const asset = page.lookup(c.req.path);
    return c.body(asset.body as Uint8Array<ArrayBuffer>, 200, {
      'content-type': asset.type,
      'cache-control': asset.cacheControl,
    });
  });

  app.notFound((c) => c.text('Not Found', 404));
  app.onError((thrown, c) => {
    const err = toServerError(thrown);
    if (isServerError(err)) {
      const { status, body } = toRestError(err);
      return c.json(body, status as 400);
    }
    ctx.logger.error(`unexpected error on ${c.req.method} ${c.req.path}`, err);
    return c.json(errorEnvelope('internal', 'Internal server error'), 500);
  });
  return app;
}
