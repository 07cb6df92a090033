// `sm check --watch`: the check report again after every batch of saves, the way `tsc --watch` recompiles. The
// watch loop (cli/watch-loop.ts) scans and persists; each pass is `sm check --stored` over that scan, so a pass costs
// one incremental scan of the changed files plus a read of the stored issues.
import { performance } from 'node:perf_hooks';
import { CliError } from './errors.js';
import type { Output } from './io.js';
import { watchLoop } from './watch-loop.js';
import type { VerbContext, VerbResult } from './verbs.js';

/** Options of `sm check` that make no sense for a loop, and why. */
const ONE_SHOT: ReadonlyArray<readonly [string, string]> = [
  ['stored', 'the loop scans each batch itself'],
  ['list-rules', 'the rule list does not change while you edit'],
  ['fix', 'run `sm check --fix` once; fixes are never applied behind your back'],
  ['no-inline-suppressions', 'an audit is one pass: run `sm check --no-inline-suppressions` once'],
];

/** Refuses the flags and formats a watch loop cannot honour (exit 2, before anything is scanned). */
export function refuseForWatch(ctx: VerbContext, format: string): void {
  for (const [flag, why] of ONE_SHOT)
    if (ctx.options[flag] !== undefined && ctx.options[flag] !== false)
      throw new CliError('USAGE', `--watch and --${flag} exclude each other`, { hint: why });
  if (format === 'sarif' || format === 'github')
    throw new CliError('USAGE', `--watch prints text or json, not ${format}`, {
      hint: `run \`sm check --format ${format}\` once in CI; --watch is for a terminal`,
    });
}

/** The pass's output: JSON documents become one line each (a stream a program reads line by line). */
function passOutput(output: Output, json: boolean): Output {
  return json ? { ...output, json: (value) => output.out(JSON.stringify(value)) } : output;
}

/** `HH:MM:SS` of the local clock, as `tsc --watch` stamps its passes. */
function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}

/**
 * Runs `once` (one `sm check --stored` pass) after the boot scan and after every batch, until SIGINT or SIGTERM
 * (exit 0). `--format json` (or `--json`) prints each pass's document on one line. On a terminal each pass clears the screen first, unless --preserve-watch-output.
 */
export async function checkWatch(
  ctx: VerbContext,
  format: string,
  once: (pass: VerbContext) => Promise<VerbResult>,
): Promise<VerbResult> {
  const { output, io } = ctx;
  const json = format === 'json';
  const clear = io.stdout.isTTY === true && !json && ctx.options['preserve-watch-output'] !== true;
  const options = { ...ctx.options, stored: true, watch: undefined };
  await watchLoop(ctx, {
    label: 'sm check --watch',
    paths: [ctx.project.root],
    onScan: async (e) => {
      if (clear) io.stdout.write('\u001bc');
      const trigger = String(e.data['trigger']);
      output.info(`[${clock()}] ${trigger === 'boot' ? 'Checking' : 'Change detected, checking again'}...`);
      const pass = { ...ctx, options, output: passOutput(output, json), startedAt: performance.now() };
      await once(pass);
      output.info(`[${clock()}] Watching for changes (Ctrl-C stops).`);
    },
  });
  return {};
}
