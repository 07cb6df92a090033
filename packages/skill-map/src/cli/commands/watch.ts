// `sm watch [roots...]` and `sm scan --watch`: the watcher `sm serve` runs (server/watcher + the scan runner over the
// scan engine), driven from the terminal. One ScanResult per batch: ndjson under --json, one summary line otherwise.
import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { ScanResult } from '@skill-map/spec';
import { isIgnoredByScan, loadConfig } from '../../adapters/index.js';
import { scanConfigFrom } from '../../engines/index.js';
import { createBroadcaster, createScanRunner, startFileWatcher } from '../../server/index.js';
import type { BroadcastEvent, FileWatcher } from '../../server/index.js';
import { CliError } from '../errors.js';
import { createCliLogger, createServerPorts } from '../server-deps.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/** The folders to watch: each positional root, resolved against the working directory, must lie in the project. */
function watchedRoots(ctx: VerbContext): string[] {
  const { root } = ctx.project;
  if (ctx.args.length === 0) return [root];
  return ctx.args.map((arg) => {
    const abs = resolve(ctx.io.cwd, arg);
    const rel = relative(root, abs);
    if (rel.startsWith('..') || isAbsolute(rel))
      throw new CliError('USAGE', `${arg} is outside the project ${root}`, {
        hint: 'watch folders of the project, or pass the project with --root',
      });
    if (statSync(abs, { throwIfNoEntry: false })?.isDirectory() !== true)
      throw new CliError('NOT_FOUND', `${arg} is not a directory (resolved to ${abs})`, {
        hint: 'pass existing folders of the project',
      });
    return abs;
  });
}

/** Flags of `sm scan` that make no sense for a loop. */
function refuseOneShotFlags(ctx: VerbContext): void {
  for (const flag of ['full', 'run-facts', 'explain'])
    if (ctx.options[flag] === true)
      throw new CliError('USAGE', `--watch and --${flag} exclude each other`, {
        hint: 'the watcher runs incremental scans; run `sm scan --full` once, then `sm watch`',
      });
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

/** A one-line account of one batch for a person. */
function batchLine(event: BroadcastEvent): string {
  const d = event.data;
  return `scanned (${String(d['trigger'])}): ${String(d['nodes'])} nodes, ${String(d['links'])} links, ${String(d['issues'])} issues in ${String(d['durationMs'])}ms`;
}

export async function run(ctx: VerbContext): Promise<VerbResult> {
  refuseOneShotFlags(ctx);
  const { output } = ctx;
  const paths = watchedRoots(ctx);
  const config = loadConfig({ projectRoot: ctx.project.root });
  const view = scanConfigFrom(config);
  const debounce = config.get('scan.watch.debounceMs');
  const debounceMs = typeof debounce === 'number' && debounce >= 0 ? debounce : 300;
  const onResult = (result: ScanResult): void => {
    if (output.jsonMode) output.out(JSON.stringify(result));
  };
  const { reader, scanner } = createServerPorts(
    ctx,
    ctx.options['yes'] === true ? 'rebuild' : 'refuse',
    onResult,
  );
  const broadcaster = createBroadcaster();
  broadcaster.addSink((e) => {
    if (e.type === 'scan.completed' && !output.jsonMode) output.summary(batchLine(e));
    if (e.type === 'scan.failed' && watcher !== null)
      output.warn(`sm watch: scan failed: ${String(e.data['message'])}`);
  });
  const logger = createCliLogger(ctx.io.stderr, 'sm watch', output.quiet);
  const signals = untilSignal();
  // Null until the first scan is done: a failing first scan is the verb's error (exit 2), not a batch warning.
  let watcher: FileWatcher | null = null;
  try {
    const scans = createScanRunner(scanner, reader, broadcaster);
    await scans.run('changed', 'boot');
    watcher = startFileWatcher(scans, broadcaster, logger, {
      scopeRoot: ctx.project.root,
      paths,
      debounceMs,
      ignoredByScan: (abs, isDir) => {
        const rel = relative(ctx.project.root, abs).split(sep).join('/');
        return rel !== '' && !rel.startsWith('..') && isIgnoredByScan(view, ctx.project.root, rel, isDir);
      },
    });
    await watcher.ready;
    output.info(
      `sm watch: watching ${paths.map((p) => relative(ctx.io.cwd, p) || '.').join(', ')} (Ctrl-C stops)`,
    );
    await signals.stopped;
    return {};
  } finally {
    signals.dispose();
    await watcher?.close();
    scanner.close?.();
    reader.close();
    broadcaster.close();
  }
}
