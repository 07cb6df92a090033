import { mcpEnabledIn } from '../engines/settings/mcp-setting.js';
import { ServerError } from './errors.js';
import { isLoopbackHost } from './http/loopback-gate.js';
import type { McpEndpointOptions } from './mcp/mcp-endpoint.js';
import type { ConfigPort } from './ports.js';
import type { BroadcasterOptions } from './ws/broadcaster.js';

/**
 * Options of `runServe`, one per `sm serve` flag. Everything is optional; absent values fall back to the
 * layered config, then to the defaults noted here.
 */
export interface ServeOptions {
  /** `--port N`: flag > `server.port` > 4242; 0 asks the OS for a free port. */
  port?: number;
  /** `--host H`: flag > `server.host` > 127.0.0.1. Must be loopback (`host-not-loopback`, CLI exit 2). */
  host?: string;
  /** `--mcp` / `--no-mcp`: flag > `mcp.server.enabled` (project-local layer only) > off. */
  mcp?: boolean;
  /** `--no-watcher` sets false. Default true (needs a scan engine in deps). */
  watcher?: boolean;
  /** `--no-ui` sets false. Default true. */
  ui?: boolean;
  /** Unsupported: the built page's folder (tests, page development); default `<package>/dist/ui`. */
  uiDist?: string | null;
  /** `--open` / `--no-open`: open the page in a browser. Default: true on an interactive terminal outside CI. */
  open?: boolean;
  /** Install SIGINT/SIGTERM handlers that shut down cleanly. Default true; embedders and tests pass false. */
  handleSignals?: boolean;
  /** Where the banner goes; `null` silences it. Default process.stderr. */
  bannerStream?: NodeJS.WritableStream | null;
  /** Write `.skill-map/serve.json` after bind. Default true. */
  serveInfo?: boolean;
  /** Run an incremental scan right after boot when the watcher is on. Default true. */
  scanOnBoot?: boolean;
  /** Watcher quiet period; default `scan.watch.debounceMs` (300). */
  watchDebounceMs?: number;
  /** Unsupported tuning (tests, benchmarks): session cap, liveness deadline/grace/cadence, body limit. */
  mcpOptions?: McpEndpointOptions;
  /** Unsupported tuning: WebSocket client cap, backpressure limit, heartbeat. */
  broadcasterOptions?: BroadcasterOptions;
  /** Replaces the browser opener (tests). */
  openUrl?: (url: string) => void;
}

/** The options after resolution against the config. */
export interface ResolvedServeOptions {
  port: number;
  host: string;
  mcp: boolean;
  watcher: boolean;
  ui: boolean;
  open: boolean;
  debounceMs: number;
}

function at(obj: Readonly<Record<string, unknown>>, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/**
 * `mcp.server.enabled` counts only from the project-local layer (or a runtime override): a committed
 * `settings.json` must never switch on a surface that grants local processes control. The config loader
 * already strips it from the committed layer; this re-checks the provenance when it is known.
 */
export function resolveMcpEnabled(flag: boolean | undefined, config: ConfigPort): boolean {
  return flag ?? mcpEnabledIn(config);
}

/** Resolves flags against the config; throws `host-not-loopback` / `invalid-option`. */
export function resolveServeOptions(
  options: ServeOptions,
  config: ConfigPort,
  hasScanner: boolean,
): ResolvedServeOptions {
  const given =
    options.host ??
    (typeof at(config.merged, 'server.host') === 'string'
      ? (at(config.merged, 'server.host') as string)
      : '127.0.0.1');
  // Security: the server is unauthenticated by design; it must never listen beyond loopback.
  if (!isLoopbackHost(given)) {
    throw new ServerError(
      'host-not-loopback',
      `--host ${given} is not a loopback address; skill-map only listens on 127.0.0.1, localhost or ::1`,
      { details: { host: given } },
    );
  }
  const host = unbracketHost(given);
  const configPort = at(config.merged, 'server.port');
  const port = options.port ?? (typeof configPort === 'number' ? configPort : 4242);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ServerError('invalid-option', `--port ${port} is not a port number (0-65535)`, {
      details: { port },
    });
  const configDebounce = at(config.merged, 'scan.watch.debounceMs');
  const debounceMs = options.watchDebounceMs ?? (typeof configDebounce === 'number' ? configDebounce : 300);
  const watcher = (options.watcher ?? true) && hasScanner;
  const interactive = process.stderr.isTTY === true && (process.env['CI'] ?? '') === '';
  return {
    port,
    host,
    mcp: resolveMcpEnabled(options.mcp, config),
    watcher,
    ui: options.ui ?? true,
    open: options.open ?? interactive,
    debounceMs,
  };
}

/**
 * The host as `listen` takes it: an IPv6 address given in its URL form (`[::1]`) loses its brackets (listen would
 * look `[::1]` up as a name, ENOTFOUND); names are lower-cased. `formatBaseUrl` puts the brackets back in URLs.
 */
export function unbracketHost(host: string): string {
  const bare = /^\[(.*)\]$/.exec(host.trim());
  return (bare === null ? host.trim() : (bare[1] as string)).toLowerCase();
}

/** `http://host:port` with IPv6 brackets. */
export function formatBaseUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
