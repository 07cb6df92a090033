import { SPEC_VERSION, toSpecScanResult } from '@skill-map/spec';
import { createOpsLog } from '../../adapters/index.js';
import { runScan } from '../../engines/index.js';
import type { ScanMode, ScanOutcome } from '../../engines/index.js';
import { CliError } from '../errors.js';
import { createProgressBar } from '../progress.js';
import { displayPath } from '../read-store.js';
import { explainLine, printScanDiagnostics, renderScanSummary, skippedByReason } from '../render-scan.js';
import { CLI_VERSION } from '../version-info.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';
import { pluginFlags } from './plugins.js';

function modeOf(ctx: VerbContext): ScanMode {
  const full = ctx.options['full'] === true;
  if (full && ctx.options['changed'] === true)
    throw new CliError('USAGE', '--full and --changed exclude each other', { hint: 'pick one' });
  return full ? 'full' : ctx.options['changed'] === true ? 'changed' : 'incremental';
}

/** What `--run-facts` prints: how this run went (the graph itself is what `--json` prints). */
function runFacts(ctx: VerbContext, mode: ScanMode, outcome: ScanOutcome): unknown {
  const { lens } = outcome;
  return {
    elapsedMs: elapsedMs(ctx),
    mode,
    root: ctx.project.root,
    dbPath: ctx.project.dbPath,
    hosts: { providers: lens.providers, status: lens.status, markers: lens.markers },
    files: outcome.files,
    skipped: { count: outcome.skipped.length, byReason: skippedByReason(outcome), entries: outcome.skipped },
    truncation: outcome.truncation,
    persisted: outcome.persisted,
    stats: outcome.summary.stats,
    patchedInPlace: outcome.patchedInPlace,
    fullBuildReason: outcome.fullBuildReason,
    rechecked: outcome.rechecked ?? null,
    issues: outcome.summary.issues,
    warnings: outcome.warnings,
    timings: outcome.timings,
  };
}

/**
 * `sm scan`: one `runScan` (walk, per-file cache, kernel, diff persist) with a live progress bar on a
 * terminal's stderr. Exit 1 when the graph holds issues of severity error; database drift refuses (exit 2)
 * unless `--yes` allows the rebuild; a newer schema always refuses. `--json` prints the spec ScanResult exactly;
 * `--run-facts` prints how the run went (files, persisted counts, timings) instead.
 */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  if (ctx.project.server !== undefined) return (await import('./scan-postgres.js')).run(ctx);
  if (ctx.options['watch'] === true) return (await import('./watch.js')).run(ctx);
  const mode = modeOf(ctx);
  const { output } = ctx;
  const facts = ctx.options['run-facts'] === true;
  const wholeResult = output.jsonMode && !facts;
  const opsLog = createOpsLog({ projectRoot: ctx.project.root });
  const bar = createProgressBar(ctx.io.stderr, ctx.io.stderr.isTTY === true && !output.quiet);
  let outcome: ScanOutcome;
  try {
    outcome = await runScan({
      projectRoot: ctx.project.root,
      dbPath: ctx.project.dbPath,
      mode,
      onDrift: ctx.options['yes'] === true ? 'rebuild' : 'refuse',
      // `--full` is the rebuild command a damaged database names: it keeps the damaged file as a backup.
      onDamage: mode === 'full' ? 'move-aside' : 'refuse',
      onProgress: (e) => bar.update(e),
      opsLog: { log: opsLog, channel: 'cli' },
      scannedBy: { name: 'skill-map', version: CLI_VERSION, specVersion: SPEC_VERSION },
      // Summaries and run facts need only counts: a few changed files can then be patched into the stored scan in place.
      summaryOnly: !wholeResult,
      plugins: pluginFlags(ctx),
      ...(ctx.options['no-inline-suppressions'] === true ? { inlineSuppressions: false } : {}),
    });
  } finally {
    bar.done();
    await opsLog.flush();
  }
  printScanDiagnostics(output, outcome);
  const errors = outcome.summary.issues.error;
  if (facts) output.json(runFacts(ctx, mode, outcome));
  else if (wholeResult) output.json(toSpecScanResult(outcome.result));
  else output.summary(renderScanSummary(output, outcome, displayPath(ctx.io.cwd, ctx.project.dbPath)));
  if (ctx.options['explain'] === true) output.warn(explainLine(outcome));
  if (errors > 0)
    output.info(`${errors} issue(s) of severity error: \`sm check --severity error\` lists them`);
  return { failing: errors > 0 };
}
