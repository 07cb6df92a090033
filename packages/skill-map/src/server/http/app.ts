import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isServerError, ServerError } from '../errors.js';
import type { AppContext, AppEnv } from './app-context.js';
import { errorEnvelope, toRestError } from './envelope.js';
import { checkLoopbackRequest } from './loopback-gate.js';
import { placeholderPage } from './placeholder-page.js';
import { registerActivityRoutes } from './routes/activity-routes.js';
import { registerMapRoutes } from './routes/map-routes.js';
import { registerSystemRoutes } from './routes/system-routes.js';
import { securityHeaders } from './security-headers.js';

/** Request bodies on `/api/*` above this are refused with 413 `payload-too-large`. */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the Hono app. Middleware order: security headers (outermost, so every answer carries them) →
 * loopback gate on every route → shutdown guard → 1 MiB body limit on `/api/*` → routes → `/api/*` 404
 * → the page. `/mcp` is dispatched before Hono (request-listener.ts) and runs the same gate. One error handler maps every failure to the REST envelope.
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
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: API_BODY_LIMIT_BYTES,
      onError: () => {
        throw new ServerError('payload-too-large', `request body exceeds ${API_BODY_LIMIT_BYTES} bytes`, {
          details: { limit: API_BODY_LIMIT_BYTES },
        });
      },
    }),
  );

  registerSystemRoutes(app, ctx);
  registerMapRoutes(app, ctx);
  registerActivityRoutes(app, ctx);
  app.all('/api/*', (c) => c.json(errorEnvelope('not-found', `no route ${c.req.method} ${c.req.path}`), 404));

  // `/mcp` never reaches Hono when MCP is on (see request-listener.ts); here it is a plain 404.
  app.get('*', (c) => {
    // `/ws` only answers upgrades (handled on the socket).
    if (!ctx.ui || c.req.path === '/ws' || c.req.path === '/mcp') return c.text('Not Found', 404);
    return c.html(placeholderPage(ctx.version, ctx.scopeRoot));
  });

  app.notFound((c) => c.text('Not Found', 404));
  app.onError((err, c) => {
    if (isServerError(err)) {
      const { status, body } = toRestError(err);
      return c.json(body, status as 400);
    }
    ctx.logger.error(`unexpected error on ${c.req.method} ${c.req.path}`, err);
    return c.json(errorEnvelope('internal', 'Internal server error'), 500);
  });
  return app;
}
