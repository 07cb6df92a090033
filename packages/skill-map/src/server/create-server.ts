import { randomBytes } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import type { Hono } from 'hono';
import { createActivityStore } from './activity/activity-store.js';
import type { ActivityStore } from './activity/activity-store.js';
import { createInvocationResolver } from './activity/invocation-resolver.js';
import { ServerError } from './errors.js';
import { createApp } from './http/app.js';
import type { AppContext, AppEnv } from './http/app-context.js';
import { createMcpEndpoint } from './mcp/mcp-endpoint.js';
import { mapAppHtmlSource } from './mcp/apps/map-app.js';
import type { McpEndpoint, McpEndpointOptions } from './mcp/mcp-endpoint.js';
import type { JobEvent } from '../engines/context.js';
import { createStderrLogger } from './ports.js';
import { pluginFormatter, pluginRegistry } from './plugin-formatter.js';
import { envelopeRegistriesOf } from '../kernel/index.js';
import type { EnvelopeRegistries } from '@skill-map/spec';
import type { ServerDeps } from './ports.js';
import { createMapCache } from './read/map-cache.js';
import { createScanRunner } from './scan/scan-runner.js';
import type { ScanRunner } from './scan/scan-runner.js';
import { defaultUiDist } from './http/ui/static-ui.js';
import { PACKAGE_VERSION } from './version.js';
import { WATCHER_OFF } from './watcher/file-watcher.js';
import type { WatcherStatus } from './watcher/file-watcher.js';
import { attachWebSocket } from './ws/attach-ws.js';
import { createBroadcaster } from './ws/broadcaster.js';
import type { Broadcaster, BroadcasterOptions } from './ws/broadcaster.js';

/** Options of `createServer` (everything that is not a dependency). */
export interface CreateServerOptions {
  /** Mount `/mcp` and register the broadcaster sink. Default false (the contract's "off by default"). */
  mcp?: boolean;
  /** Serve the web page at `/`. Default true. */
  ui?: boolean;
  /** The built page's folder; default `<package>/dist/ui` when it was built, else a placeholder page. */
  uiDist?: string | null;
  /** The serve.json token; a fresh random one per boot when absent. */
  token?: string;
  broadcaster?: BroadcasterOptions;
  /** MCP tunables (session cap, liveness deadline/grace/cadence, body limit). */
  mcpOptions?: McpEndpointOptions;
}

/** A composed server that is not bound to a socket yet. */
export interface SkillMapServer {
  readonly app: Hono<AppEnv>;
  readonly context: AppContext;
  readonly broadcaster: Broadcaster;
  readonly activity: ActivityStore;
  readonly scans: ScanRunner | null;
  readonly mcp: McpEndpoint | null;
  readonly token: string;
  /** Records the bound base URL (`http://127.0.0.1:PORT`) for `/api/mcp/status` and the banner. */
  setBaseUrl(url: string): void;
  /** Names where `GET /api/health` reads the watcher's state (it is started after the server is composed). */
  setWatcher(status: () => WatcherStatus): void;
  /** Wires `/ws` upgrades on a Node HTTP server. */
  attach(server: HttpServer): void;
  /** Stops accepting, closes WS clients (1001), MCP sessions and the sweep; drains the running scan. */
  close(): Promise<void>;
}

/**
 * The composition root of the server: builds the broadcaster, activity store, scan runner, MCP endpoint
 * (only when enabled) and the Hono app from `deps`. It constructs no adapter: those come in `deps`.
 */
export function createServer(deps: ServerDeps, options: CreateServerOptions = {}): SkillMapServer {
  const logger = deps.logger ?? createStderrLogger();
  const version = deps.version ?? PACKAGE_VERSION;
  const token = options.token ?? randomBytes(32).toString('hex');
  const broadcaster = createBroadcaster({
    ...options.broadcaster,
    onSinkError: (err) => logger.error('broadcaster sink failed', err),
  });
  const activity = createActivityStore();
  const activityResolver = createInvocationResolver(deps.reader);
  const scans = deps.scanner === undefined ? null : createScanRunner(deps.scanner, deps.reader, broadcaster);
  let baseUrl: string | null = null;
  let watcherStatus: () => WatcherStatus = () => WATCHER_OFF;
  let shuttingDown = false;
  const detach: Array<() => void> = [];
  // A map stored by another process (a shared database) is announced here as this server's own scans are.
  const unfollow = scans === null ? undefined : deps.scanner?.follow?.(() => scans.storedElsewhere());
  if (unfollow !== undefined) detach.push(unfollow);
  // A scan changes which node a name answers to: the resolver rebuilds its name index on the next invocation.
  detach.push(
    broadcaster.addSink((event) => {
      if (event.type === 'scan.completed') activityResolver.invalidate();
    }),
  );

  const events = {
    emit: (e: JobEvent) => broadcaster.publish(e.type, e.data, { runId: e.runId, jobId: e.jobId }),
  };
  const mcpEngines = options.mcp === true ? deps.engines?.('mcp', events) : undefined;
  const restEngines = deps.engines?.('ui', events) ?? null;
  const mcp =
    options.mcp === true
      ? createMcpEndpoint(
          {
            reader: deps.reader,
            activity,
            version,
            logger,
            broadcaster,
            baseUrl: () => baseUrl,
            ...(mcpEngines === undefined ? {} : { engines: mcpEngines }),
            // The MCP Apps view is built beside the page: a page folder given here holds it too.
            ...(typeof options.uiDist === 'string' ? { appHtml: mapAppHtmlSource(options.uiDist) } : {}),
          },
          options.mcpOptions,
        )
      : null;

  const registrySource = deps.registry ?? pluginRegistry(deps.scopeRoot, deps.plugins);
  let registries: Promise<EnvelopeRegistries> | null = null;
  const invalidateRegistries = (): void => {
    registries = null;
  };
  // A scan may follow a plugin change made elsewhere (`sm plugins trust` in a shell): describe the registry anew.
  detach.push(
    broadcaster.addSink((e) => {
      if (e.type === 'scan.completed') invalidateRegistries();
    }),
  );

  const mapCache = createMapCache(deps.reader);
  // A page that is open reloads the map after every scan: have it ready by then.
  detach.push(
    broadcaster.addSink((e) => {
      if (e.type !== 'scan.completed' || broadcaster.clientCount() === 0) return;
      setImmediate(() => {
        try {
          mapCache.json();
        } catch {
          // The request that follows reports the problem (a damaged database, say) in its own answer.
        }
      });
    }),
  );
  const context: AppContext = {
    scopeRoot: deps.scopeRoot,
    dbPath: deps.dbPath,
    version,
    reader: deps.reader,
    mapCache,
    config: deps.config,
    formatter: deps.formatter ?? pluginFormatter(deps.scopeRoot, deps.plugins),
    plugins: deps.plugins ?? {},
    registries() {
      const pending = (registries ??= registrySource.load().then(envelopeRegistriesOf));
      // A failed load is not kept: the next request tries again.
      pending.catch(() => {
        if (registries === pending) registries = null;
      });
      return pending;
    },
    invalidateRegistries,
    logger,
    broadcaster,
    activity,
    activityResolver,
    scans,
    scanner: deps.scanner ?? null,
    engines: restEngines,
    token,
    mcp,
    ui: options.ui ?? true,
    uiDist: options.ui === false ? null : options.uiDist === undefined ? defaultUiDist() : options.uiDist,
    baseUrl: () => baseUrl,
    watcher: () => watcherStatus(),
    shuttingDown: () => shuttingDown,
  };
  const app = createApp(context);

  return {
    app,
    context,
    broadcaster,
    activity,
    scans,
    mcp,
    token,
    setBaseUrl: (url) => {
      baseUrl = url;
    },
    setWatcher: (status) => {
      watcherStatus = status;
    },
    attach(server) {
      detach.push(
        attachWebSocket(
          server,
          broadcaster,
          () => shuttingDown,
          () => new ServerError('shutting-down', 'the server is shutting down'),
        ),
      );
    },
    async close() {
      if (shuttingDown) return;
      shuttingDown = true;
      for (const d of detach.splice(0)) d();
      await scans?.idle();
      broadcaster.close();
      await mcp?.close();
      restEngines?.close?.();
      mcpEngines?.close?.();
    },
  };
}
