// `sm watch [roots...]` and `sm scan --watch`: the watcher `sm serve` runs (server/watcher + the scan runner over the
// scan engine), driven from the terminal. One ScanResult per batch: ndjson under --json, one summary line otherwise.
import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { ScanResult } from '@skill-map/spec';
import type { BroadcastEvent } from '../../server/index.js';
import { CliError } from '../errors.js';
import { watchLoop } from '../watch-loop.js';
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

/** A one-line account of one batch for a person. */
function batchLine(event: BroadcastEvent): string {
  const d = event.data;
  return `scanned (${String(d['trigger'])}): ${String(d['nodes'])} nodes, ${String(d['links'])} links, ${String(d['issues'])} issues in ${String(d['durationMs'])}ms`;
}

export async function run(ctx: VerbContext): Promise<VerbResult> {
  refuseOneShotFlags(ctx);
  const { output } = ctx;
  await watchLoop(ctx, {
    label: 'sm watch',
    paths: watchedRoots(ctx),
    ...(output.jsonMode ? { onResult: (result: ScanResult) => output.out(JSON.stringify(result)) } : {}),
    onScan: (e) => {
      if (!output.jsonMode) output.summary(batchLine(e));
    },
  });
  return {};
}
