import { relative, sep } from 'node:path';
import { watch } from 'chokidar';
import type { FSWatcher } from 'chokidar';
import { DEFAULT_IGNORED_DIRS, DEFAULT_IGNORED_FILE_SUFFIXES } from '../../adapters/fs/ignore-rules.js';
import { isServerError } from '../errors.js';
import type { ServerLogger } from '../ports.js';
import type { ScanRunner } from '../scan/scan-runner.js';
import type { Broadcaster } from '../ws/broadcaster.js';

/** Watcher options. */
export interface FileWatcherOptions {
  scopeRoot: string;
  /** Quiet period after the last change before a scan starts (`scan.watch.debounceMs`, default 300). */
  debounceMs?: number;
  /** Folders to watch (absolute, inside the scope root); default the scope root. */
  paths?: readonly string[];
  /**
   * Drops events a scan would not look at (`.gitignore`, `config.ignore`, `.skillmapignore`): `sm watch` passes the
   * scan's own ignore verdict so an ignored file's edit starts no batch, and ignored folders are not watched.
   */
  ignoredByScan?: (absPath: string, isDir: boolean) => boolean;
}

/** What `GET /api/health` says of the watcher: `off` when `sm serve` runs without one. */
export interface WatcherStatus {
  state: 'off' | 'starting' | 'watching' | 'stopped';
  /** The quiet period before a rescan; null when off. */
  debounceMs: number | null;
  /** The last error the watcher or its rescan reported, or null. */
  lastError: string | null;
}

export const WATCHER_OFF: WatcherStatus = { state: 'off', debounceMs: null, lastError: null };

/** A running watcher. */
export interface FileWatcher {
  /** Resolves once the initial crawl is done and changes are being reported. */
  ready: Promise<void>;
  /** Its state now (starting until the initial crawl is done). */
  status(): WatcherStatus;
  /** Stops watching; waits for a batch that is already scanning (the "drain" of shutdown). */
  close(): Promise<void>;
}

const IGNORED_DIRS = new Set(DEFAULT_IGNORED_DIRS);

/** The walker's default ignores, applied to watch paths (a deeper ignore layer is the scan's job). */
export function isWatchIgnored(scopeRoot: string, path: string): boolean {
  const rel = relative(scopeRoot, path);
  if (rel === '') return false;
  const parts = rel.split(sep);
  if (parts.some((p) => IGNORED_DIRS.has(p))) return true;
  return DEFAULT_IGNORED_FILE_SUFFIXES.some((s) => path.endsWith(s));
}

/**
 * Watches the scope root with chokidar and turns bursts of changes into ONE incremental scan after a quiet
 * period. The scan runner persists the result and broadcasts `scan.completed`, which the web page and the
 * MCP sink consume. A burst arriving while a scan runs is coalesced into one follow-up scan.
 */
export function startFileWatcher(
  scans: ScanRunner,
  broadcaster: Broadcaster,
  logger: ServerLogger,
  options: FileWatcherOptions,
): FileWatcher {
  const debounceMs = options.debounceMs ?? 300;
  let timer: NodeJS.Timeout | null = null;
  let dirty = false;
  let changed = new Set<string>();
  let closed = false;
  let running: Promise<void> | null = null;
  let state: WatcherStatus['state'] = 'starting';
  let lastError: string | null = null;
  const failed = (err: unknown): void => {
    lastError = err instanceof Error ? err.message : String(err);
    broadcaster.publish('watcher.error', { message: lastError });
  };

  const runBatch = async (): Promise<void> => {
    while (dirty && !closed) {
      dirty = false;
      const paths = [...changed];
      changed = new Set();
      try {
        await scans.run('changed', 'watcher', paths);
      } catch (err) {
        if (isServerError(err, 'scan-busy')) {
          await scans.idle(); // a REST scan is running; re-run after it to pick up our changes
          for (const p of paths) changed.add(p);
          dirty = true;
          continue;
        }
        logger.error('watcher scan failed', err);
        failed(err);
      }
    }
  };

  const schedule = (path?: string): void => {
    if (closed) return;
    if (path !== undefined) changed.add(path);
    dirty = true;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      running ??= runBatch().finally(() => {
        running = null;
        if (dirty && !closed) schedule();
      });
    }, debounceMs);
  };

  const byScan = options.ignoredByScan;
  const watcher: FSWatcher = watch([...(options.paths ?? [options.scopeRoot])], {
    ignoreInitial: true,
    ignored: (path: string, stats?: { isDirectory(): boolean }) =>
      isWatchIgnored(options.scopeRoot, path) ||
      (byScan !== undefined && stats?.isDirectory() === true && byScan(path, true)),
  });
  watcher.on('all', (event: string, path: string) => {
    if (byScan?.(path, event === 'addDir' || event === 'unlinkDir') === true) return;
    schedule(path);
  });
  watcher.on('error', (err: unknown) => {
    logger.warn(`watcher: ${err instanceof Error ? err.message : String(err)}`);
    failed(err);
  });
  const ready = new Promise<void>((resolve) => {
    watcher.once('ready', () => {
      if (state === 'starting') state = 'watching';
      broadcaster.publish('watcher.started', {
        roots: [...(options.paths ?? [options.scopeRoot])],
        debounceMs,
      });
      resolve();
    });
  });

  return {
    ready,
    status: () => ({ state, debounceMs, lastError }),
    async close() {
      closed = true;
      state = 'stopped';
      if (timer !== null) clearTimeout(timer);
      await watcher.close();
      await running;
    },
  };
}
