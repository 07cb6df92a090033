import type { Hono } from 'hono';
import { SPEC_VERSION } from '@skill-map/spec';
import type { AppContext, AppEnv } from '../app-context.js';
import { valueEnvelope } from '../envelope.js';

/** Health, merged config and the MCP liveness probe. */
export function registerSystemRoutes(app: Hono<AppEnv>, ctx: AppContext): void {
  // `ok` is the server's own liveness; a database that cannot be read is `db: 'damaged'` with the problem.
  app.get('/api/health', (c) => {
    const status = ctx.reader.status();
    return c.json({
      ok: true,
      schemaVersion: '1',
      specVersion: SPEC_VERSION,
      implVersion: ctx.version,
      db: status.db,
      ...(status.problem === undefined ? {} : { dbProblem: status.problem }),
      cwd: ctx.scopeRoot,
      dbPath: ctx.dbPath,
      mcp: ctx.mcp !== null,
      watcher: ctx.watcher(),
    });
  });

  app.get('/api/config', (c) => c.json(valueEnvelope('config', ctx.config.merged)));

  // Runs the liveness sweep: bounded by the ping deadline, never by the number of sessions.
  app.get('/api/mcp/status', async (c) => {
    const base = ctx.baseUrl();
    const url = ctx.mcp === null || base === null ? null : `${base}/mcp`;
    const live = ctx.mcp === null ? { connected: false, clients: 0 } : await ctx.mcp.status();
    return c.json({ schemaVersion: '1', kind: 'mcp-status', enabled: ctx.mcp !== null, ...live, url });
  });
}
