// `sm check --baseline <file>`: the issues the baseline accepts are left out of the report and the exit code; what
// it says about itself (expired entries, stale entries) goes to stderr, and under --json into `baseline`.
import { resolve } from 'node:path';
import type { BaselineEntry, BaselineFile } from '@skill-map/spec';
import { applyBaseline, dayOf, readBaseline } from '../engines/baseline/index.js';
import type { BaselineVerdict } from '../engines/baseline/index.js';
import type { CheckedScan } from './check-scan.js';
import type { Output } from './io.js';
import type { VerbContext } from './verbs.js';

/** The baseline a run was judged with: the file as given and what it did. */
export interface BaselineRun {
  readonly file: string;
  readonly verdict: BaselineVerdict;
}

const named = (e: BaselineEntry): string =>
  `${e.rule} on ${e.node}${e.target === null ? '' : ` (${e.target})`}`;

/** The baseline of `--baseline <file>`, read and checked (before any scan), or null when it is not given. */
export function readBaselineOption(ctx: VerbContext): { file: string; baseline: BaselineFile } | null {
  const given = ctx.options['baseline'];
  if (typeof given !== 'string') return null;
  return { file: given, baseline: readBaseline(resolve(ctx.io.cwd, given), given) };
}

/** Judges the scan with the baseline read by {@link readBaselineOption}. */
export function judgeWithBaseline(
  read: { file: string; baseline: BaselineFile },
  scan: CheckedScan,
  now: Date,
): BaselineRun {
  return { file: read.file, verdict: applyBaseline(scan.issues, scan.links, read.baseline, dayOf(now)) };
}

/** The stderr lines of a baseline run: each expired entry, each stale one, and (unless -q) what it accepted. */
export function reportBaseline(output: Output, run: BaselineRun): void {
  for (const { entry } of run.verdict.expired)
    output.warn(
      `baseline: the entry for ${named(entry)} expired on ${entry.expires ?? '?'}; its issue fails again`,
    );
  for (const { entry, missing } of run.verdict.stale)
    output.warn(
      `baseline: stale entry ${named(entry)}${missing < (entry.count ?? 1) ? ` (${missing} of ${entry.count ?? 1})` : ''} matches no issue; sm baseline prune ${run.file} drops it`,
    );
  output.info(`baseline ${run.file}: ${run.verdict.suppressed} issue(s) accepted`);
}

/** The `baseline` member of `sm check --json`. */
export function baselineJson(run: BaselineRun): Record<string, unknown> {
  return {
    file: run.file,
    suppressed: run.verdict.suppressed,
    expired: run.verdict.expired.map(({ entry, issue }) => ({ entry, issue })),
    stale: run.verdict.stale.map(({ entry, missing }) => ({ entry, missing })),
  };
}
