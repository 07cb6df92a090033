import type { Context } from 'hono';
import type { EnvelopeRegistries } from '@skill-map/spec';
import type { HttpBindings } from '@hono/node-server';
import type { EngineContext } from '../../engines/context.js';
import type { ActivityStore } from '../activity/activity-store.js';
import type { InvocationResolver } from '../activity/invocation-resolver.js';
import type { ConfigPort, GraphFormatter, PluginFlags, ScanPort, ServerLogger } from '../ports.js';
import type { MapCache } from '../read/map-cache.js';
import type { MapReader } from '../read/map-reader.js';
import type { ScanRunner } from '../scan/scan-runner.js';
import type { WatcherStatus } from '../watcher/file-watcher.js';
import type { Broadcaster } from '../ws/broadcaster.js';

/** Hono environment of the app: Node bindings are present on real sockets, absent under `app.request()`. */
export interface AppEnv {
  Bindings: Partial<HttpBindings>;
}

/** The Hono context type the routes receive. */
export type AppContextC = Context<AppEnv>;

/** `GET /api/mcp/status` payload minus the envelope fields. */
export interface McpStatus {
  enabled: boolean;
  connected: boolean;
  clients: number;
  url: string | null;
}

/** The MCP endpoint as the REST routes see it (the `/mcp` requests themselves bypass Hono). */
export interface McpMount {
  /** Runs the liveness sweep and reports responders only. */
  status(): Promise<{ connected: boolean; clients: number }>;
}

/** Everything the routes read; built once by `createServer`. */
export interface AppContext {
  scopeRoot: string;
  dbPath: string;
  version: string;
  reader: MapReader;
  /** `GET /api/map`'s body, cached per persisted scan. */
  mapCache: MapCache;
  config: ConfigPort;
  formatter: GraphFormatter;
  /**
   * The registries of the payload-bearing envelopes, built from the registry on first use and kept until
   * `invalidateRegistries` (a plugin toggle or trust change, a completed scan).
   */
  registries(): Promise<EnvelopeRegistries>;
  invalidateRegistries(): void;
  /** `--no-built-ins` / `--no-plugins` of this server. */
  plugins: PluginFlags;
  logger: ServerLogger;
  broadcaster: Broadcaster;
  activity: ActivityStore;
  /** Resolves the activity hook's invocations by name to nodes of the persisted map. */
  activityResolver: InvocationResolver;
  /** Null when no scan engine was given (`POST /api/scan` → 503). */
  scans: ScanRunner | null;
  scanner: ScanPort | null;
  /** The operable engines on channel `ui`; null when the composition root gave none (routes answer 503). */
  engines: EngineContext | null;
  /** The per-boot serve.json token that authenticates `POST /api/activity`. */
  token: string;
  /** Null when MCP is off (nothing mounted, `/mcp` is a plain 404). */
  mcp: McpMount | null;
  /** Whether the web page is served at all (`--no-ui` turns it off). */
  ui: boolean;
  /** The built page's folder; null serves a placeholder that says how to build it. */
  uiDist: string | null;
  /** The public base URL once bound (`http://127.0.0.1:4242`), else null. */
  baseUrl(): string | null;
  /** The file watcher's state (`off` when `sm serve` runs without one), for `GET /api/health`. */
  watcher(): WatcherStatus;
  /** True once shutdown began: new requests get 503. */
  shuttingDown(): boolean;
}
