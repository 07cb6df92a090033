import type { Hono } from 'hono';
import { SPEC_VERSION } from '@skill-map/spec';
import { mcpEnabledIn, readMcpServerEnabled, setMcpServerEnabled } from '../../../engines/index.js';
import { badQuery } from '../../errors.js';
import type { AppContext, AppContextC, AppEnv } from '../app-context.js';
import { valueEnvelope } from '../envelope.js';
import { readJsonBody } from '../read-json-body.js';

/** Health, merged config, the MCP liveness probe and the MCP opt-in. */
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

  app.get('/api/config', async (c) =>
    c.json(valueEnvelope('config', ctx.config.merged, await ctx.registries())),
  );

  // Runs the liveness sweep: bounded by the ping deadline, never by the number of sessions.
  app.get('/api/mcp/status', async (c) => c.json(await mcpStatus(ctx)));

  // The opt-in for the next start (`mcp.server.enabled`, project-local): the endpoint is fixed at boot, so the
  // answer says whether a restart is needed for the change to show.
  app.patch('/api/mcp/settings', async (c) => {
    const enabled = await enabledOf(c);
    await setMcpServerEnabled(ctx.scopeRoot, enabled, 'ui');
    return c.json(await mcpStatus(ctx));
  });
}

/**
 * `enabled`: `/mcp` is mounted in this server; `configured`: the settings' opt-in now; `restartRequired`: the
 * opt-in changed since this server started, so the next `sm serve` differs from this one.
 */
async function mcpStatus(ctx: AppContext): Promise<Record<string, unknown>> {
  const base = ctx.baseUrl();
  const url = ctx.mcp === null || base === null ? null : `${base}/mcp`;
  const live = ctx.mcp === null ? { connected: false, clients: 0 } : await ctx.mcp.status();
  const configured = readMcpServerEnabled(ctx.scopeRoot);
  const restartRequired = configured !== mcpEnabledIn(ctx.config);
  return {
    schemaVersion: '1',
    kind: 'mcp-status',
    enabled: ctx.mcp !== null,
    ...live,
    url,
    configured,
    restartRequired,
  };
}

/** A `{ enabled: boolean }` body, nothing else. */
async function enabledOf(c: AppContextC): Promise<boolean> {
  const body = await readJsonBody(c);
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw badQuery('the request body must be a JSON object');
  const record = body as Record<string, unknown>;
  const unknown = Object.keys(record).filter((k) => k !== 'enabled');
  if (unknown.length > 0)
    throw badQuery(`unknown field(s) ${unknown.join(', ')}; accepted: enabled`, { unknown });
  if (typeof record['enabled'] !== 'boolean')
    throw badQuery('enabled must be true or false', { argument: 'enabled' });
  return record['enabled'];
}
