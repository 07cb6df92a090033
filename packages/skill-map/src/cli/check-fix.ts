// `sm check --fix` and `--fix --dry-run`: the certain fixes of the reported issues applied (or shown as a unified
// diff), skips and suggestions said on stderr, and the `fixes` of the JSON report; plus the SARIF `fixes` of every
// reported issue. The rules live in engines/fixes; this file parses the options and shapes the output.
import type { Issue } from '@skill-map/spec';
import { fixProject, planProjectFixes, toSarifFix } from '../engines/fixes/index.js';
import type { ApplyFixesResult, FixPlan, ProjectFixes } from '../engines/fixes/index.js';
import type { SarifLog } from '../kernel/index.js';
import type { CheckedScan } from './check-scan.js';
import { CliError } from './errors.js';
import { withReadStore } from './read-store.js';
import type { Output } from './io.js';
import type { VerbContext } from './verbs.js';

/** What `--fix` asks for. */
export interface FixRequest {
  readonly dryRun: boolean;
}

/** `--fix [--dry-run]`, or null; `--dry-run` alone and `--fix --stored` are usage errors. */
export function fixRequestOf(ctx: VerbContext): FixRequest | null {
  const fix = ctx.options['fix'] === true;
  const dryRun = ctx.options['dry-run'] === true;
  if (dryRun && !fix)
    throw new CliError('USAGE', '--dry-run goes with --fix', {
      hint: 'sm check --fix --dry-run prints the diff',
    });
  if (fix && ctx.options['stored'] === true)
    throw new CliError('USAGE', '--fix and --stored exclude each other', {
      hint: 'a fix is planned on a fresh scan of the files it edits: drop --stored',
    });
  return fix ? { dryRun } : null;
}

/** The fixes of one `sm check --fix` run. */
export interface CheckFixes {
  readonly result: ApplyFixesResult;
  /** Suggestions (never applied) for issues no applied fix answered. */
  readonly suggestions: readonly FixPlan[];
  /** The issues an applied (or, in a dry run, applicable) fix answers. */
  readonly answered: ReadonlySet<Issue>;
}

/** The project files a scan knows (its nodes' paths): a broken path's file-name match. */
const pathsOf = (scan: CheckedScan): ReadonlySet<string> => scan.paths ?? new Set();

/**
 * sha256 of the bytes the scan read for each of `paths` (its per-file cache), where the scan stored one: a file saved
 * after the scan read it, but before the fix planned on it, is left untouched too.
 */
function scannedHashes(ctx: VerbContext, paths: ReadonlySet<string>): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  if (paths.size === 0) return out;
  try {
    withReadStore(ctx, (store) => {
      for (const path of paths) {
        const json = store.fileRecordJson(path);
        const hash =
          json === undefined ? undefined : (JSON.parse(json) as { contentHash?: unknown }).contentHash;
        if (typeof hash === 'string') out.set(path, hash);
      }
    });
  } catch {
    // No stored scan to compare with (an unreadable database): the plan's own hash still guards the write.
  }
  return out;
}

/** Plans the fixes of `issues` and applies the certain ones (writes nothing in a dry run). */
export function runCheckFixes(
  ctx: VerbContext,
  scan: CheckedScan,
  issues: readonly Issue[],
  request: FixRequest,
): CheckFixes {
  const { planned, result } = fixProject(
    { projectRoot: ctx.project.root, issues, links: scan.links, paths: pathsOf(scan) },
    { dryRun: request.dryRun, scannedHashes: (paths) => scannedHashes(ctx, paths) },
  );
  const answered = new Set(result.applied.map((p) => issues[p.issueIndex]!));
  const suggestions = planned.plans.filter((p) => !p.certain && !answered.has(issues[p.issueIndex]!));
  return { result, suggestions, answered };
}

/** A plan as the JSON report shows it: what it fixes, where, and its edits (offsets into the planned text). */
function planJson(plan: FixPlan): Record<string, unknown> {
  const { issueIndex: _index, ...rest } = plan;
  return rest;
}

/** The `fixes` member of `sm check --fix --format json`. */
export function fixesJson(fixes: CheckFixes): Record<string, unknown> {
  const { result } = fixes;
  return {
    dryRun: result.dryRun,
    applied: result.applied.map(planJson),
    skipped: result.skipped.map((s) => ({ ...planJson(s.plan), reason: s.reason, message: s.message })),
    suggestions: fixes.suggestions.map(planJson),
    ...(result.dryRun ? { diff: result.diffs.map((d) => d.diff).join('') } : {}),
  };
}

/**
 * What a fix run did, for a person: a dry run's diff on stdout (text only: `git apply` takes it), each applied fix,
 * each file left untouched (a warning, shown even with -q) and each suggestion on stderr.
 */
export function reportFixes(output: Output, fixes: CheckFixes, text: boolean): void {
  const { result } = fixes;
  if (result.dryRun && text && result.diffs.length > 0)
    output.out(
      result.diffs
        .map((d) => d.diff)
        .join('')
        .replace(/\n$/, ''),
    );
  const verb = result.dryRun ? 'would fix' : 'fixed';
  for (const p of result.applied) output.info(`${verb} ${p.path}: ${p.title}`);
  // One line per file and reason (several fixes of one file share it).
  for (const line of new Set(result.skipped.map((s) => `not fixed ${s.plan.path}: ${s.message}`)))
    output.warn(line);
  for (const p of fixes.suggestions)
    output.info(`suggestion ${p.path}: ${p.title} (not applied: not certain)`);
  const files = new Set(result.applied.map((p) => p.path)).size;
  const done = result.dryRun
    ? 'dry run: no file changed'
    : result.applied.length > 0
      ? 'rescanned'
      : 'no file changed';
  output.info(`${verb} ${fixes.answered.size} issue(s) in ${files} file(s) (${done})`);
}

/**
 * Adds SARIF `fixes` to the results of `sarif` (one result per issue of `issues`, in order): every plan of the
 * issue, certain or a suggestion (`properties.certain`), with regions on the file's current text.
 */
export function withSarifFixes(
  ctx: VerbContext,
  sarif: SarifLog,
  scan: CheckedScan,
  issues: readonly Issue[],
): SarifLog {
  const planned: ProjectFixes = planProjectFixes({
    projectRoot: ctx.project.root,
    issues,
    links: scan.links,
    paths: pathsOf(scan),
  });
  const results = sarif.runs[0]?.results ?? [];
  for (const plan of planned.plans) {
    const result = results[plan.issueIndex];
    const text = planned.textOf(plan.path);
    if (result === undefined || text === null) continue;
    const list = (result['fixes'] as unknown[] | undefined) ?? [];
    list.push(toSarifFix(plan, text));
    result['fixes'] = list;
  }
  return sarif;
}
