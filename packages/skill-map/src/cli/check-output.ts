// What `sm check` prints: the rule list (`--list-rules`), the SARIF log, the budget verdict. Rendering only.
import type { Issue } from '@skill-map/spec';
import type { AnalyzerCatalogEntry } from '../kernel/index.js';
import type { Output } from './io.js';
import { renderTable } from './render-list.js';

/** `sm check --list-rules` as text: id, default severity, dismissible by target, description and fix. */
export function renderRules(output: Output, rules: readonly AnalyzerCatalogEntry[]): string[] {
  const rows = rules.map((r) => [r.shortId, r.severity, r.suppressible ? 'yes' : 'no', r.description]);
  return [
    ...renderTable([['RULE', 'SEVERITY', 'DISMISS', 'WHAT'], ...rows], (row, col, cell) =>
      row === 0 ? output.paint('bold', cell) : col === 0 ? output.paint('cyan', cell) : cell,
    ),
    '',
    'Each rule is documented in docs/rules/<rule>.md (what it catches, an example, the fix, how to dismiss it).',
  ];
}

/** The JSON of a rule list (`--list-rules --json`). */
export function rulesJson(rules: readonly AnalyzerCatalogEntry[]): unknown[] {
  return rules.map((r) => ({
    id: r.shortId,
    qualifiedId: r.id,
    source: r.source,
    severity: r.severity,
    suppressible: r.suppressible,
    description: r.description,
    hint: r.hint,
    doc: `docs/rules/${r.shortId}.md`,
  }));
}

/** Why `sm check` fails (exit 1), or null: any error, or more warnings than the budget allows. */
export function budgetVerdict(
  counts: Record<Issue['severity'], number>,
  maxWarnings: number | null,
): string | null {
  if (counts.error > 0) return `${counts.error} issue(s) of severity error`;
  if (maxWarnings !== null && counts.warn > maxWarnings)
    return `${counts.warn} warning(s), more than --max-warnings ${maxWarnings}`;
  return null;
}
