// The terminal's watch loop, shared by `sm watch` / `sm scan --watch` and `sm check --watch`: one boot scan, then the
// watcher `sm serve` runs (server/watcher + the scan runner over the scan engine), persisting each batch, until
// SIGINT or SIGTERM. Each completed scan is handed to the caller in order (a slow report never overlaps the next).
import { relative, sep } from 'node:path';
import type { ScanResult } from '@skill-map/spec';
import { isIgnoredByScan, loadConfig } from '../adapters/index.js';
import { scanConfigFrom } from '../engines/index.js';
import { createBroadcaster, createScanRunner, startFileWatcher } from '../server/index.js';
import type { BroadcastEvent, FileWatcher } from '../server/index.js';
import { createCliLogger, createServerPorts } from './server-deps.js';
import type { VerbContext } from './verbs.js';

/** What the caller does with each batch. */
export interface WatchLoopHooks {
  /** The name the loop's stderr lines start with (`sm watch`, `sm check --watch`). */
  readonly label: string;
  /** Absolute folders to watch, inside the project. */
  readonly paths: readonly string[];
  /** Each persisted ScanResult (only when the caller needs the whole result, e.g. `--json` streams). */
  readonly onResult?: (result: ScanResult) => void;
  /** After each completed scan (the boot scan first), awaited before the next one is handed over. */
  readonly onScan: (event: BroadcastEvent) => void | Promise<void>;
}

/** Resolves on the first SIGINT or SIGTERM. */
function untilSignal(): { stopped: Promise<string>; dispose: () => void } {
  let onSignal: (s: NodeJS.Signals) => void = () => undefined;
  const stopped = new Promise<string>((done) => (onSignal = done));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const dispose = (): void => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  return { stopped, dispose };
}

/**
 * Scans once, then watches until a signal. A failing first scan is the verb's error (thrown: exit 2); a failing
 * later batch is a warning on stderr and the loop goes on.
 */
export async function watchLoop(ctx: VerbContext, hooks: WatchLoopHooks): Promise<void> {
  const { output } = ctx;
  const config = loadConfig({ projectRoot: ctx.project.root });
  const view = scanConfigFrom(config);
  const debounce = config.get('scan.watch.debounceMs');
  const debounceMs = typeof debounce === 'number' && debounce >= 0 ? debounce : 300;
  const { reader, scanner } = createServerPorts(
    ctx,
    ctx.options['yes'] === true ? 'rebuild' : 'refuse',
    hooks.onResult,
  );
  const broadcaster = createBroadcaster();
  // Null until the first scan is done: a failing first scan is the verb's error (exit 2), not a batch warning.
  let watcher: FileWatcher | null = null;
  let reports: Promise<void> = Promise.resolve();
  broadcaster.addSink((e) => {
    if (e.type === 'scan.completed')
      reports = reports
        .then(() => hooks.onScan(e))
        .catch((err: unknown) =>
          output.warn(`${hooks.label}: ${err instanceof Error ? err.message : String(err)}`),
        );
    if (e.type === 'scan.failed' && watcher !== null)
      output.warn(`${hooks.label}: scan failed: ${String(e.data['message'])}`);
  });
  const logger = createCliLogger(ctx.io.stderr, hooks.label, output.quiet);
  const signals = untilSignal();
  try {
    const scans = createScanRunner(scanner, reader, broadcaster);
    await scans.run('changed', 'boot');
    await reports;
    watcher = startFileWatcher(scans, broadcaster, logger, {
      scopeRoot: ctx.project.root,
      paths: hooks.paths,
      debounceMs,
      ignoredByScan: (abs, isDir) => {
        const rel = relative(ctx.project.root, abs).split(sep).join('/');
        return rel !== '' && !rel.startsWith('..') && isIgnoredByScan(view, ctx.project.root, rel, isDir);
      },
    });
    await watcher.ready;
    output.info(
      `${hooks.label}: watching ${hooks.paths.map((p) => relative(ctx.io.cwd, p) || '.').join(', ')} (Ctrl-C stops)`,
    );
    await signals.stopped;
  } finally {
    signals.dispose();
    await watcher?.close();
    await reports;
    scanner.close?.();
    reader.close();
    broadcaster.close();
  }
}
