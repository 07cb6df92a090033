import { setConfigValue } from '../../adapters/config/config-write.js';
import { isAdapterError } from '../../adapters/errors.js';
import { createOpsLog } from '../../adapters/ops-log.js';
import type { OpsChannel, OpsLog } from '../../adapters/ops-log.js';
import { createSessionPool } from '../../adapters/sqlite/session-pool.js';
import { keptPgSession } from '../../adapters/postgres/kept-session.js';
import { createPgQueueWake } from '../../adapters/postgres/queue-wake.js';
import { openStateSession } from '../../adapters/sqlite/state-session.js';
import type { EngineContext, JobEventSink } from '../context.js';
import { NO_EVENTS } from '../context.js';
import { dbMissing } from '../errors.js';
import { createProjectCatalog } from '../extensions/catalog.js';
import { loadDropInExtensions } from '../extensions/drop-ins.js';
import type { ExtensionCatalog } from '../extensions/types.js';
import { liveConfig } from './live-config.js';

/** Options of `createEngineContext`: what differs between the CLI, `sm serve` (REST, MCP) and tests. */
export interface EngineContextOptions {
  readonly scopeRoot: string;
  readonly dbPath: string;
  readonly channel: OpsChannel;
  readonly events?: JobEventSink;
  /** Fixed definitions (tests); default: the built-ins plus the project's drop-in finders, reloaded per call. */
  readonly extensions?: ExtensionCatalog;
  /** Where the user's plugin folder is (`SKILL_MAP_USER_PLUGINS`); default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  readonly opsLog?: OpsLog;
  /** Layer-4 config overrides (env, flags). */
  readonly overrides?: Readonly<Record<string, unknown>>;
  readonly now?: () => number;
  readonly onLogError?: (err: unknown) => void;
  /**
   * Keep the write connection open between calls (a long-lived server: `sm serve`, `sm mcp`). Each call still
   * checks the file and schema are the ones it opened; `close()` releases it. Default false (one CLI call).
   */
  readonly reuseConnection?: boolean;
  /**
   * The project's state lives in a shared PostgreSQL database (`--db postgres://…`) under this project id, not in
   * the SQLite file at `dbPath`. One connection, opened on the first call, serves every call; `close()` ends it.
   */
  readonly server?: { readonly url: string; readonly projectId: string };
}

/** The composition of one channel's engine context over the real adapters (config files, ops log, SQLite). */
export function createEngineContext(opts: EngineContextOptions): EngineContext {
  const opsLog =
    opts.opsLog ??
    createOpsLog({ projectRoot: opts.scopeRoot, ...(opts.onLogError ? { onError: opts.onLogError } : {}) });
  const pool =
    opts.reuseConnection === true && opts.server === undefined ? createSessionPool(opts.dbPath) : null;
  const kept = opts.server === undefined ? null : keptPgSession(opts.server.url, opts.server.projectId);
  const wake =
    opts.server === undefined ? undefined : createPgQueueWake(opts.server.url, opts.server.projectId);
  return {
    close: () => {
      pool?.close();
      kept?.close();
      wake?.close();
    },
    ...(wake === undefined ? {} : { wake }),
    scopeRoot: opts.scopeRoot,
    dbPath: opts.dbPath,
    channel: opts.channel,
    opsLog,
    events: opts.events ?? NO_EVENTS,
    extensions:
      opts.extensions ??
      createProjectCatalog((config) => loadDropInExtensions(opts.scopeRoot, config, opts.env)),
    config: liveConfig(opts.scopeRoot, opts.overrides),
    now: opts.now ?? (() => Date.now()),
    openSession(posture) {
      try {
        if (kept !== null) return kept.lease(posture);
        return posture === 'write' && pool !== null ? pool.lease() : openStateSession(opts.dbPath, posture);
      } catch (err) {
        if (isAdapterError(err, 'DB_NOT_FOUND')) throw dbMissing(opts.dbPath, err);
        throw err;
      }
    },
    setLocalSetting(key, value) {
      setConfigValue({ projectRoot: opts.scopeRoot, key, value, layer: 'project-local' });
    },
  };
}
