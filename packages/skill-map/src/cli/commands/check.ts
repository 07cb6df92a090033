import { SEVERITIES } from '@skill-map/spec';
import type { Severity } from '@skill-map/spec';
import { loadConfig } from '../../adapters/index.js';
import { changesSince, issuesInChanges } from '../../engines/changes/index.js';
import type { ChangeSet } from '../../engines/changes/index.js';
import { loadPlugins, severityCounts } from '../../engines/index.js';
import { analyzerCatalogOf, formatGithub, formatSarif, resolveAnalyzerId } from '../../kernel/index.js';
import type { AnalyzerCatalogEntry } from '../../kernel/index.js';
import { baselineJson, judgeWithBaseline, readBaselineOption, reportBaseline } from '../check-baseline.js';
import { budgetVerdict, checkSummary, renderCheckText, renderRules, rulesJson } from '../check-output.js';
import { fixesJson, fixRequestOf, reportFixes, runCheckFixes, withSarifFixes } from '../check-fix.js';
import type { CheckFixes } from '../check-fix.js';
import { scanIssues, storedIssues } from '../check-scan.js';
import type { CheckedScan } from '../check-scan.js';
import { checkWatch, refuseForWatch } from '../check-watch.js';
import { CliError } from '../errors.js';
import { formatOption } from '../format-option.js';
import { CLI_VERSION } from '../version-info.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

const FORMATS = ['text', 'json', 'sarif', 'github'] as const;

function csv(value: unknown): string[] {
  return typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '')
    : [];
}

/**
 * `--analyzers a,b`: each id must be in the analyzer catalog of the project's registry (built-ins and trusted,
 * enabled plugins; short or qualified); answers short ids.
 */
function analyzersOf(ctx: VerbContext, catalog: readonly AnalyzerCatalogEntry[]): string[] {
  return csv(ctx.options['analyzers']).map((id) => {
    const entry = resolveAnalyzerId(id, catalog);
    if (entry === null) {
      throw new CliError('USAGE', `unknown analyzer '${id}'`, {
        hint: `known analyzers: ${catalog.map((e) => e.shortId).join(', ')} (sm check --list-rules)`,
      });
    }
    return entry.shortId;
  });
}

function severitiesOf(ctx: VerbContext): Severity[] {
  return csv(ctx.options['severity']).map((s) => {
    if (!(SEVERITIES as readonly string[]).includes(s))
      throw new CliError('USAGE', `unknown severity '${s}'`, { hint: `use ${SEVERITIES.join(', ')}` });
    return s as Severity;
  });
}

function maxWarningsOf(ctx: VerbContext): number | null {
  const given = ctx.options['max-warnings'];
  if (given === undefined) return null;
  const n = typeof given === 'string' && /^\d+$/.test(given) ? Number(given) : NaN;
  if (!Number.isSafeInteger(n))
    throw new CliError('USAGE', `--max-warnings takes a whole number, got '${String(given)}'`, {
      hint: 'e.g. --max-warnings 0 fails on any warning',
    });
  return n;
}

/** `--changed <ref>`: the files changed since the ref (read before the scan, so a bad ref fails fast), or null. */
function changesOf(ctx: VerbContext): { ref: string; changes: ChangeSet } | null {
  const ref = ctx.options['changed'];
  if (ref === undefined) return null;
  if (typeof ref !== 'string' || ref === '')
    throw new CliError('USAGE', '--changed takes a git ref', { hint: 'e.g. --changed origin/main' });
  return { ref, changes: changesSince(ctx.project.root, ref) };
}

/**
 * `sm check`: scans the project (or, with `--stored`, reads the last scan's issues) and reports the issues the
 * `--baseline` does not accept (only those of files changed since `--changed <ref>`), filtered by `--analyzers` / `--severity`, as text, JSON, SARIF 2.1.0 or GitHub workflow
 * commands. Exit 1 when
 * a reported issue has severity error or the warnings exceed `--max-warnings`; `--list-rules` prints the rule
 * catalog instead.
 */
export async function run(ctx: VerbContext): Promise<VerbResult> {
  if (ctx.options['watch'] !== true) return checkOnce(ctx);
  const format = formatOption(ctx, FORMATS, 'text');
  refuseForWatch(ctx, format);
  return checkWatch(ctx, format, checkOnce);
}

/** One `sm check` pass (the whole verb without --watch; each pass of --watch, with --stored). */
async function checkOnce(ctx: VerbContext): Promise<VerbResult> {
  const format = formatOption(ctx, FORMATS, 'text');
  const { output } = ctx;
  const config = loadConfig({ projectRoot: ctx.project.root }).merged;
  const { registry } = await loadPlugins({ projectRoot: ctx.project.root, config, probabilistic: false });
  const catalog = analyzerCatalogOf(registry);
  if (ctx.options['list-rules'] === true) {
    if (format === 'text') output.out(renderRules(output, catalog).join('\n'));
    else output.json({ rules: rulesJson(catalog) });
    return {};
  }
  const analyzerId = analyzersOf(ctx, catalog);
  const severity = severitiesOf(ctx);
  const maxWarnings = maxWarningsOf(ctx);
  const fix = fixRequestOf(ctx);
  const accepted = readBaselineOption(ctx);
  const since = changesOf(ctx);
  let scan =
    ctx.options['stored'] === true
      ? // Locations (SARIF, GitHub) and baseline triggers read the issues' links.
        storedIssues(ctx, accepted !== null || format === 'sarif' || format === 'github')
      : await scanIssues(ctx, registry, format !== 'text');
  const wanted = new Set(analyzerId);
  // Text hides info unless --severity selects it (JSON and SARIF carry every severity).
  const shown: readonly Severity[] =
    severity.length > 0 ? severity : format === 'text' ? ['error', 'warn'] : SEVERITIES;
  /** The issues of a scan the check reports (and --fix fixes): baseline, --changed, --analyzers, --severity. */
  const select = (checked: CheckedScan) => {
    const baseline = accepted === null ? null : judgeWithBaseline(accepted, checked, new Date());
    const judged = baseline === null ? checked.issues : baseline.verdict.fresh;
    const inChanges = since === null ? judged : issuesInChanges(judged, since.changes);
    const picked = inChanges.filter((i) => wanted.size === 0 || wanted.has(i.analyzerId));
    return { baseline, picked, issues: picked.filter((i) => shown.includes(i.severity)) };
  };
  let selected = select(scan);
  let fixes: CheckFixes | null = null;
  if (fix !== null) {
    fixes = runCheckFixes(ctx, scan, selected.issues, fix);
    // What is left is what the report (and the exit code) is about: the project is scanned again after a write.
    if (!fix.dryRun && fixes.result.applied.length > 0) {
      scan = await scanIssues(ctx, registry, true);
      selected = select(scan);
    }
  }
  const { baseline, picked, issues } = selected;
  const hiddenInfo =
    severity.length === 0 && format === 'text' ? picked.filter((i) => i.severity === 'info').length : 0;
  const counts = severityCounts(issues);
  const verdict = budgetVerdict(counts, maxWarnings);
  if (format === 'sarif') {
    const rulesUri = ctx.options['rules-uri'];
    const sarif = formatSarif(issues, scan.links, catalog, {
      toolVersion: CLI_VERSION,
      ...(typeof rulesUri === 'string'
        ? { rulesUri: rulesUri.endsWith('/') ? rulesUri : `${rulesUri}/` }
        : {}),
    });
    // A stored scan's offsets may no longer match the files: only a fresh scan's issues carry fixes.
    output.json(ctx.options['stored'] === true ? sarif : withSarifFixes(ctx, sarif, scan, issues));
  } else if (format === 'github') {
    if (issues.length > 0) output.out(formatGithub(issues, scan.links).join('\n'));
  } else if (format === 'json') {
    output.json({
      elapsedMs: elapsedMs(ctx),
      counts,
      total: issues.length,
      maxWarnings,
      failing: verdict,
      issues,
      ...(baseline === null ? {} : { baseline: baselineJson(baseline) }),
      ...(since === null ? {} : { changed: { ref: since.ref, files: since.changes.changed.size } }),
      ...(fixes === null ? {} : { fixes: fixesJson(fixes) }),
    });
  } else if (fixes?.result.dryRun === true) {
    // A dry run's stdout is the diff (reportFixes), so `git apply` can take it; the count goes to stderr.
    output.info(checkSummary(output, issues, counts, hiddenInfo));
  } else {
    if (issues.length > 0) output.out(renderCheckText(output, issues).join('\n'));
    const summary = checkSummary(output, issues, counts, hiddenInfo);
    output.summary(issues.length > 0 ? `\n${summary}` : summary);
  }
  if (fixes !== null) reportFixes(output, fixes, format === 'text');
  if (baseline !== null) reportBaseline(output, baseline);
  if (since !== null) output.info(`changed since ${since.ref}: ${since.changes.changed.size} file(s)`);
  // After the data reached its reader (a closed pipe gets nothing more, like `done in`).
  if (verdict !== null && (format === 'text' || format === 'github') && (await output.flush()))
    output.info(`failing: ${verdict}`);
  return { failing: verdict !== null };
}
