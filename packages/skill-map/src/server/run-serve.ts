import { spawn } from 'node:child_process';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { activityHookStatus } from '../engines/activity/index.js';
import { listSkillActions } from '../engines/extensions/skill-actions.js';
import { formatBanner } from './banner.js';
import { tuneHeapForServing } from './heap-tuning.js';
import { createServer } from './create-server.js';
import type { SkillMapServer } from './create-server.js';
import { ServerError } from './errors.js';
import { createStderrLogger } from './ports.js';
import type { ServerDeps } from './ports.js';
import { formatBaseUrl, resolveServeOptions } from './serve-options.js';
import type { ResolvedServeOptions, ServeOptions } from './serve-options.js';
import { claimProject } from './serve-claim.js';
import type { ServeClaim } from './serve-claim.js';
import { assertNoLiveServer, removeServeInfo, writeServeInfo } from './serve-info.js';
import { createRequestListener } from './http/request-listener.js';
import { PACKAGE_VERSION } from './version.js';
import { startFileWatcher } from './watcher/file-watcher.js';
import type { FileWatcher } from './watcher/file-watcher.js';

/** A bound, serving `sm serve`. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:4242`. */
  readonly url: string;
  /** The MCP endpoint URL, or null when MCP is off. */
  readonly mcpUrl: string | null;
  readonly port: number;
  readonly host: string;
  readonly options: ResolvedServeOptions;
  readonly server: SkillMapServer;
  /** Resolves when the watcher finished its initial crawl (immediately when there is no watcher). */
  readonly watcherReady: Promise<void>;
  /** Resolves when the boot scan settled (immediately when there is none). */
  readonly bootScan: Promise<void>;
  /** Resolves once the server has fully shut down (by `close()` or a signal). */
  readonly closed: Promise<void>;
  /** Drains and stops everything; idempotent. */
  close(): Promise<void>;
}

function listen(server: HttpServer, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException): void => {
      reject(
        new ServerError(
          'bind-failed',
          `cannot listen on ${formatBaseUrl(host, port)}: ${err.code ?? err.message}`,
          { details: { host, port, errno: err.code ?? null }, cause: err },
        ),
      );
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

function openInBrowser(url: string): void {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  try {
    const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No browser available: the banner already printed the URL.
  }
}

/**
 * `sm serve`: resolves options, claims the project (one server per project; `already-serving` otherwise, CLI exit
 * 7), composes the server, binds ONE loopback port for the page, `/api/*`, `/ws` and `/mcp`, writes
 * `.skill-map/serve.json` after bind, starts the watcher, prints the banner, and (unless `handleSignals: false`)
 * shuts down cleanly on SIGINT/SIGTERM, releasing the claim. Throws `host-not-loopback`, `invalid-option` or
 * `bind-failed` (the CLI maps them to exit 2). It never calls `process.exit`.
 */
export async function runServe(options: ServeOptions, deps: ServerDeps): Promise<RunningServer> {
  const resolved = resolveServeOptions(options, deps.config, deps.scanner !== undefined);
  const writeInfo = options.serveInfo ?? true;
  // One server per project: claimed before listening, so of servers started together one alone goes on.
  const claim = writeInfo ? await claimProject(deps.scopeRoot) : null;
  try {
    return await serveClaimed(options, deps, resolved, claim);
  } catch (err) {
    claim?.release();
    throw err;
  }
}

async function serveClaimed(
  options: ServeOptions,
  deps: ServerDeps,
  resolved: ResolvedServeOptions,
  claim: ServeClaim | null,
): Promise<RunningServer> {
  const writeInfo = claim !== null;
  // Never clobber the discovery file of a server that still serves this project (one of an older version holds
  // no claim).
  if (writeInfo) await assertNoLiveServer(deps.scopeRoot);
  tuneHeapForServing();
  const logger = deps.logger ?? createStderrLogger();
  const version = deps.version ?? PACKAGE_VERSION;
  const app = createServer(
    { ...deps, logger, version },
    {
      mcp: resolved.mcp,
      ui: resolved.ui,
      ...(options.uiDist === undefined ? {} : { uiDist: options.uiDist }),
      ...(options.mcpOptions === undefined ? {} : { mcpOptions: options.mcpOptions }),
      ...(options.broadcasterOptions === undefined ? {} : { broadcaster: options.broadcasterOptions }),
    },
  );
  const http = createHttpServer(createRequestListener(app.app, app.mcp));
  app.attach(http);
  let address: AddressInfo;
  try {
    address = await listen(http, resolved.port, resolved.host);
  } catch (err) {
    await app.close();
    throw err;
  }
  const url = formatBaseUrl(resolved.host, address.port);
  app.setBaseUrl(url);
  if (writeInfo) {
    writeServeInfo(deps.scopeRoot, {
      schemaVersion: 1,
      host: resolved.host,
      port: address.port,
      pid: process.pid,
      scopeRoot: deps.scopeRoot,
      startedAt: new Date().toISOString(),
      smVersion: version,
      token: app.token,
    });
  }

  let watcher: FileWatcher | null = null;
  if (resolved.watcher && app.scans !== null) {
    const started = startFileWatcher(app.scans, app.broadcaster, logger, {
      scopeRoot: deps.scopeRoot,
      debounceMs: resolved.debounceMs,
    });
    watcher = started;
    app.setWatcher(() => started.status());
  }
  // A live map starts from the files as they are now, with or without the watcher: edits made while no server
  // ran are picked up at once (an incremental scan, cheap when nothing changed); the watcher, when on, keeps it
  // current from here.
  let booted: Promise<void> = Promise.resolve();
  if (app.scans !== null && (options.scanOnBoot ?? true)) {
    booted = app.scans.run('changed', 'boot').then(
      (c) =>
        logger.info(
          `mapped ${c.nodes} nodes, ${c.links} links, ${c.issues} issues in ${Math.round(c.durationMs)} ms`,
        ),
      (err: unknown) =>
        logger.warn(`initial scan failed: ${err instanceof Error ? err.message : String(err)}`),
    );
  }

  // Each skill-action folder left out of the catalog, said once at boot (the catalog is read again per request).
  const skillCatalog = listSkillActions({ scopeRoot: deps.scopeRoot, config: () => deps.config.merged });
  for (const line of skillCatalog.warnings) logger.warn(line);

  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((r) => (resolveClosed = r));
  let closing: Promise<void> | null = null;
  const signals: Array<[NodeJS.Signals, () => void]> = [];
  const close = (): Promise<void> => {
    closing ??= (async () => {
      for (const [sig, fn] of signals) process.off(sig, fn);
      await watcher?.close(); // drains the batch being scanned
      await booted;
      await app.close(); // WS clients 1001, MCP sessions + sweep, scan drain
      await new Promise<void>((r) => {
        http.close(() => r());
        http.closeAllConnections(); // SSE streams and keep-alive sockets would hold close() open
      });
      if (writeInfo) removeServeInfo(deps.scopeRoot, app.token);
      claim?.release();
      resolveClosed();
    })();
    return closing;
  };
  if (options.handleSignals ?? true) {
    for (const sig of ['SIGINT', 'SIGTERM'] as const) {
      const fn = (): void => {
        logger.info(`${sig} received, shutting down`);
        void close().then(() => {
          process.exitCode = 0;
        });
      };
      process.once(sig, fn);
      signals.push([sig, fn]);
    }
  }

  const banner = options.bannerStream === undefined ? process.stderr : options.bannerStream;
  banner?.write(
    formatBanner({
      version,
      scopeRoot: deps.scopeRoot,
      baseUrl: url,
      mcp: resolved.mcp,
      ui: resolved.ui,
      watcher: watcher !== null,
      activityHooks: activityHookStatus(deps.scopeRoot, { argv: null }),
    }),
  );
  if (resolved.open && resolved.ui) (options.openUrl ?? openInBrowser)(`${url}/`);

  return {
    url,
    mcpUrl: resolved.mcp ? `${url}/mcp` : null,
    port: address.port,
    host: resolved.host,
    options: resolved,
    server: app,
    watcherReady: watcher?.ready ?? Promise.resolve(),
    bootScan: booted,
    closed,
    close,
  };
}
