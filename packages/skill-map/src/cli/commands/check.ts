import { resolveAnalyzerId, ANALYZER_CATALOG } from '../../kernel/index.js';
import { SEVERITIES } from '@skill-map/spec';
import type { Severity } from '@skill-map/spec';
import { CliError } from '../errors.js';
import { readIssues } from '../query.js';
import { withReadStore } from '../read-store.js';
import { renderIssues } from '../render-list.js';
import { severityCounts } from '../../engines/index.js';
import { formatSeverities } from '../render-scan.js';
import { elapsedMs } from '../verbs.js';
import type { VerbContext, VerbResult } from '../verbs.js';

function csv(value: unknown): string[] {
  return typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '')
    : [];
}

/** `--analyzers a,b`: each id must be in the analyzer catalog (short or qualified); answers short ids. */
function analyzersOf(ctx: VerbContext): string[] {
  return csv(ctx.options['analyzers']).map((id) => {
    const entry = resolveAnalyzerId(id);
    if (entry === null) {
      throw new CliError('USAGE', `unknown analyzer '${id}'`, {
        hint: `known analyzers: ${ANALYZER_CATALOG.map((e) => e.shortId).join(', ')}`,
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

/** `sm check`: the persisted issues (optionally filtered); exit 1 when one of them has severity error. */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const analyzerId = analyzersOf(ctx);
  const severity = severitiesOf(ctx);
  const issues = withReadStore(ctx, (store) => readIssues(store, { analyzerId, severity }));
  const counts = severityCounts(issues);
  const { output } = ctx;
  if (output.jsonMode) {
    output.json({ elapsedMs: elapsedMs(ctx), counts, total: issues.length, issues });
  } else if (issues.length === 0) {
    output.summary('no issues');
  } else {
    output.out(renderIssues(output, issues).join('\n'));
    output.summary(`${issues.length} issue(s): ${formatSeverities(output, counts)}`);
  }
  return Promise.resolve({ failing: counts.error > 0 });
}
