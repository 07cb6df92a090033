// What `sm check` prints: the rule list (`--list-rules`), the SARIF log, the budget verdict. Rendering only.
import type { Issue } from '@skill-map/spec';
import type { AnalyzerCatalogEntry } from '../kernel/index.js';
import type { Output } from './io.js';
import { renderTable } from './render-list.js';
import { formatSeverities } from './render-scan.js';

const RANK: Record<Issue['severity'], number> = { error: 0, warn: 1, info: 2 };
const SEVERITY_STYLE = { error: 'red', warn: 'yellow', info: 'dim' } as const;
const lineOf = (i: Issue): number => (typeof i.data?.['line'] === 'number' ? i.data['line'] : 0);

/**
 * `sm check` as text: the issues grouped by file (their first node), files with errors first, then warnings (then
 * by path); in a file, errors first, then by line and rule. One aligned table across files, each file a heading.
 */
export function renderCheckText(output: Output, issues: readonly Issue[]): string[] {
  const groups = new Map<string, Issue[]>();
  for (const i of issues) {
    const file = i.nodeIds[0] ?? '(project)';
    const list = groups.get(file);
    if (list === undefined) groups.set(file, [i]);
    else list.push(i);
  }
  const worst = (list: readonly Issue[]): number => Math.min(...list.map((i) => RANK[i.severity]));
  const files = [...groups.entries()]
    .map(([file, list]) => {
      list.sort(
        (a, b) =>
          RANK[a.severity] - RANK[b.severity] ||
          lineOf(a) - lineOf(b) ||
          (a.analyzerId < b.analyzerId ? -1 : a.analyzerId > b.analyzerId ? 1 : 0),
      );
      return { file, list, worst: worst(list) };
    })
    .sort((a, b) => a.worst - b.worst || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const ordered = files.flatMap((f) => f.list);
  const rows = ordered.map((i) => {
    const line = lineOf(i);
    const more = i.nodeIds.length > 1 ? ` (also ${i.nodeIds.slice(1).join(', ')})` : '';
    return [i.severity, i.analyzerId, line > 0 ? `line ${line}` : '', `${i.message}${more}`];
  });
  const table = renderTable(rows, (r, c, cell) =>
    c === 0 ? output.paint(SEVERITY_STYLE[ordered[r]?.severity ?? 'info'], cell) : cell,
  );
  const out: string[] = [];
  let at = 0;
  for (const f of files) {
    if (out.length > 0) out.push('');
    out.push(output.paint('bold', f.file));
    for (let k = 0; k < f.list.length; k++) out.push(`  ${table[at++]!}`);
  }
  return out;
}

/** The one-line summary after the text report: counts, files, and how many info issues were left out. */
export function checkSummary(
  output: Output,
  issues: readonly Issue[],
  counts: Record<Issue['severity'], number>,
  hiddenInfo: number,
): string {
  const files = new Set(issues.map((i) => i.nodeIds[0] ?? '(project)')).size;
  const hidden = hiddenInfo === 0 ? '' : ` (${hiddenInfo} info hidden: --severity info shows them)`;
  if (issues.length === 0) return hiddenInfo === 0 ? 'no issues' : `no errors or warnings${hidden}`;
  return `${issues.length} issue(s) in ${files} file(s): ${formatSeverities(output, counts)}${hidden}`;
}

/** `sm check --list-rules` as text: id, default severity, dismissible by target, description and fix. */
export function renderRules(output: Output, rules: readonly AnalyzerCatalogEntry[]): string[] {
  const rows = rules.map((r) => [r.shortId, r.severity, r.suppressible ? 'yes' : 'no', r.description]);
  return [
    ...renderTable([['RULE', 'SEVERITY', 'DISMISS', 'WHAT'], ...rows], (row, col, cell) =>
      row === 0 ? output.paint('bold', cell) : col === 0 ? output.paint('cyan', cell) : cell,
    ),
    '',
    '`sm explain <rule>` prints its page (what it catches, an example, the fix, how to dismiss it): docs/rules/<rule>.md.',
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
    // A plugin's analyzer has no page here: its plugin documents it.
    doc: r.plugin === undefined ? `docs/rules/${r.shortId}.md` : null,
    ...(r.plugin === undefined ? {} : { plugin: r.plugin }),
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
