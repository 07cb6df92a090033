import type { Readable, Writable } from 'node:stream';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createActivityStore } from '../activity/activity-store.js';
import type { EngineContextFactory, ScanPort, ServerLogger } from '../ports.js';
import { createStderrLogger } from '../ports.js';
import type { MapReader } from '../read/map-reader.js';
import { createScanRunner } from '../scan/scan-runner.js';
import type { ScanRunner } from '../scan/scan-runner.js';
import { PACKAGE_VERSION } from '../version.js';
import { startFileWatcher } from '../watcher/file-watcher.js';
import type { FileWatcher } from '../watcher/file-watcher.js';
import { createBroadcaster } from '../ws/broadcaster.js';
import type { Broadcaster } from '../ws/broadcaster.js';
import { createMcpServer } from './create-mcp-server.js';
import { createMapCatalog } from './mcp-endpoint.js';
import { createMcpSink } from './mcp-sink.js';
import type { NotifyTarget } from './mcp-sink.js';
import { parseErrorFilter } from './stdio-framing.js';

/**
 * Brings the map up to date before the first request is served, as `sm serve` does at boot: an incremental scan
 * (cheap when nothing changed), a full one on a project never scanned. Never rejects.
 */
function bootScan(scans: ScanRunner, logger: ServerLogger): Promise<void> {
  return scans.run('changed', 'boot').then(
    (c) =>
      logger.info(
        `mapped ${c.nodes} nodes, ${c.links} links, ${c.issues} issues in ${Math.round(c.durationMs)} ms`,
      ),
    (err: unknown) => logger.warn(`initial scan failed: ${err instanceof Error ? err.message : String(err)}`),
  );
}

/** What `sm mcp` (the stdio transport) needs. */
export interface McpStdioDeps {
  reader: MapReader;
  scopeRoot: string;
  /** With a scan engine the process watches the project itself and stays live (its own watcher). */
  scanner?: ScanPort;
  /** An existing broadcaster to follow instead of watching (embedders); the watcher is then not started. */
  broadcaster?: Broadcaster;
  logger?: ServerLogger;
  version?: string;
  /** The operable engines (queue, findings, suppressions); absent: only the map tools are served. */
  engines?: EngineContextFactory;
  /** Default process.stdin / process.stdout (tests pass streams). */
  stdin?: Readable;
  stdout?: Writable;
}

/** Options of `runMcpStdio`. */
export interface McpStdioOptions {
  /** Watch the project and rescan on changes (needs `deps.scanner`). Default true. */
  watch?: boolean;
  watchDebounceMs?: number;
}

/** A running stdio server. */
export interface RunningMcpStdio {
  /** Resolves when the host closed stdin (or `close()` ran) and everything stopped. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * `sm mcp`: the same tools and resources over stdio, for hosts that only spawn processes. Both eras are
 * served (the SDK's stdio entry pins the connection to the era of its opening message); 2025-era
 * connections get `resources/subscribe`, 2026-era ones `subscriptions/listen`. Nothing but protocol is
 * written to stdout: logs go to stderr. Live updates come from a broadcaster: the one passed in, or one fed
 * by this process's own watcher and scan runner. With a scan engine and no broadcaster passed in, the project
 * is scanned at start (incrementally) and requests are served from the scanned map.
 */
export function runMcpStdio(deps: McpStdioDeps, options: McpStdioOptions = {}): RunningMcpStdio {
  const logger = deps.logger ?? createStderrLogger('sm mcp');
  const version = deps.version ?? PACKAGE_VERSION;
  const activity = createActivityStore();
  const ownBroadcaster = deps.broadcaster === undefined;
  const broadcaster = deps.broadcaster ?? createBroadcaster();
  const engines = deps.engines?.('mcp', {
    emit: (e) => broadcaster.publish(e.type, e.data, { runId: e.runId, jobId: e.jobId }),
  });
  const catalog = createMapCatalog({
    reader: deps.reader,
    activity,
    logger,
    ...(engines === undefined ? {} : { engines }),
  });
  const targets = new Set<NotifyTarget>();

  const fanOut: NotifyTarget = {
    updated: (uri) => targets.forEach((t) => t.updated(uri)),
    updatedUnder: (prefix) => targets.forEach((t) => t.updatedUnder(prefix)),
    listChanged: () => targets.forEach((t) => t.listChanged()),
  };
  const removeSink = broadcaster.addSink(createMcpSink([fanOut]));
  // The SDK drops a line that is not JSON without a word; this answers it with -32700 first.
  const stdin = deps.stdin ?? process.stdin;
  const stdout = deps.stdout ?? process.stdout;
  const framed = parseErrorFilter((line) => void stdout.write(line));

  const handle = serveStdio(
    (ctx) => {
      const legacy = ctx.era === 'legacy';
      const subscriptions = legacy ? new Set<string>() : undefined;
      const { server } = createMcpServer(catalog, {
        version,
        logger,
        ...(subscriptions === undefined ? {} : { subscriptions }),
      });
      const send = (fn: () => Promise<void>): void => void fn().catch(() => undefined);
      // 2025 era: only subscribed URIs. 2026 era: the SDK's listen router filters per subscription.
      const target: NotifyTarget = {
        updated: (uri) => {
          if (subscriptions === undefined || subscriptions.has(uri))
            send(() => server.sendResourceUpdated({ uri }));
        },
        updatedUnder: (prefix) =>
          subscriptions?.forEach(
            (uri) => uri.startsWith(prefix) && send(() => server.sendResourceUpdated({ uri })),
          ),
        listChanged: () => send(() => server.sendResourceListChanged()),
      };
      targets.add(target);
      const previous = server.onclose;
      server.onclose = () => {
        targets.delete(target);
        previous?.();
      };
      return server;
    },
    {
      transport: new StdioServerTransport(framed, stdout),
      onerror: (err) => logger.warn(`MCP (stdio): ${err.message}`),
    },
  );

  let watcher: FileWatcher | null = null;
  let booted: Promise<void> = Promise.resolve();
  let unfollow: (() => void) | undefined;
  if (ownBroadcaster && deps.scanner !== undefined) {
    const scans = createScanRunner(deps.scanner, deps.reader, broadcaster);
    // A map stored by another process (a shared database) is announced as this process's own scans are.
    unfollow = deps.scanner.follow?.(() => scans.storedElsewhere());
    if (options.watch ?? true)
      watcher = startFileWatcher(scans, broadcaster, logger, {
        scopeRoot: deps.scopeRoot,
        debounceMs: options.watchDebounceMs ?? 300,
      });
    booted = bootScan(scans, logger);
  }
  // The host's first request is read once the map is current (a never-scanned project is mapped first); until
  // then its lines wait in the pipe. A failed boot scan is logged and the map is served as the database has it.
  void booted.then(() => stdin.pipe(framed));

  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((r) => (resolveClosed = r));
  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await watcher?.close();
      await booted;
      unfollow?.();
      removeSink();
      engines?.close?.();
      if (ownBroadcaster) broadcaster.close();
      await handle.close();
      resolveClosed();
    })();
    return closing;
  };
  stdin.once('end', () => void close());
  return { closed, close };
}
