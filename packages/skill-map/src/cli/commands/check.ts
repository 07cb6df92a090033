import { SEVERITIES, SPEC_VERSION } from '@skill-map/spec';
import type { Issue, Link, Severity } from '@skill-map/spec';
import { createOpsLog, loadConfig } from '../../adapters/index.js';
import { loadPlugins, runScan, severityCounts } from '../../engines/index.js';
import { analyzerCatalogOf, formatSarif, resolveAnalyzerId } from '../../kernel/index.js';
import type { AnalyzerCatalogEntry, ExtensionRegistry } from '../../kernel/index.js';
import { budgetVerdict, checkSummary, renderCheckText, renderRules, rulesJson } from '../check-output.js';
import { CliError } from '../errors.js';
import { formatOption } from '../format-option.js';
import { readIssues } from '../query.js';
import { withReadStore } from '../read-store.js';
import { printScanDiagnostics } from '../render-scan.js';
import { CLI_VERSION } from '../version-info.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

const FORMATS = ['text', 'json', 'sarif'] as const;

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

/** Scans the project (like `sm scan`, persisting) and answers the fresh issues with the links they point into. */
async function scanIssues(
  ctx: VerbContext,
  registry: ExtensionRegistry,
  quietDiagnostics: boolean,
): Promise<{ issues: Issue[]; links: Link[] }> {
  const opsLog = createOpsLog({ projectRoot: ctx.project.root });
  try {
    const outcome = await runScan({
      projectRoot: ctx.project.root,
      dbPath: ctx.project.dbPath,
      registry,
      mode: 'incremental',
      onDrift: ctx.options['yes'] === true ? 'rebuild' : 'refuse',
      onDamage: 'refuse',
      opsLog: { log: opsLog, channel: 'cli' },
      scannedBy: { name: 'skill-map', version: CLI_VERSION, specVersion: SPEC_VERSION },
      summaryOnly: false,
    });
    if (!quietDiagnostics) printScanDiagnostics(ctx.output, outcome);
    return { issues: outcome.result.issues, links: outcome.result.links };
  } finally {
    await opsLog.flush();
  }
}

/**
 * `sm check`: scans the project (or, with `--stored`, reads the last scan's issues) and reports the issues, filtered
 * by `--analyzers` / `--severity`, as text, JSON or SARIF 2.1.0. Exit 1 when a reported issue has severity error or
 * the warnings exceed `--max-warnings`; `--list-rules` prints the rule catalog instead.
 */
export async function run(ctx: VerbContext): Promise<VerbResult> {
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
  const all =
    ctx.options['stored'] === true
      ? { issues: withReadStore(ctx, (store) => readIssues(store, {})), links: [] as Link[] }
      : await scanIssues(ctx, registry, format !== 'text');
  const wanted = new Set(analyzerId);
  // Text hides info unless --severity selects it (JSON and SARIF carry every severity).
  const shown: readonly Severity[] =
    severity.length > 0 ? severity : format === 'text' ? ['error', 'warn'] : SEVERITIES;
  const picked = all.issues.filter((i) => wanted.size === 0 || wanted.has(i.analyzerId));
  const issues = picked.filter((i) => shown.includes(i.severity));
  const hiddenInfo =
    severity.length === 0 && format === 'text' ? picked.filter((i) => i.severity === 'info').length : 0;
  const counts = severityCounts(issues);
  const verdict = budgetVerdict(counts, maxWarnings);
  if (format === 'sarif') {
    const rulesUri = ctx.options['rules-uri'];
    output.json(
      formatSarif(issues, all.links, catalog, {
        toolVersion: CLI_VERSION,
        ...(typeof rulesUri === 'string'
          ? { rulesUri: rulesUri.endsWith('/') ? rulesUri : `${rulesUri}/` }
          : {}),
      }),
    );
  } else if (format === 'json') {
    output.json({
      elapsedMs: elapsedMs(ctx),
      counts,
      total: issues.length,
      maxWarnings,
      failing: verdict,
      issues,
    });
  } else {
    if (issues.length > 0) output.out(renderCheckText(output, issues).join('\n'));
    const summary = checkSummary(output, issues, counts, hiddenInfo);
    output.summary(issues.length > 0 ? `\n${summary}` : summary);
  }
  // After the data reached its reader (a closed pipe gets nothing more, like `done in`).
  if (verdict !== null && format === 'text' && (await output.flush())) output.info(`failing: ${verdict}`);
  return { failing: verdict !== null };
}
