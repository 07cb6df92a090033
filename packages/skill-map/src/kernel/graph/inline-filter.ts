// The graph stage's half of inline suppressions: the records carry their parsed directives (parse/inline-suppressions.ts);
// here each issue offered to the sink is matched against the directives of its file at its line (the one location
// rule SARIF and GitHub annotations use: format/sarif.ts `issueLocation`), each directive that matched is marked used,
// and after the analyzers ran the unused ones and those naming an unknown rule become issues of their own.
import type { Issue, Link } from '@skill-map/spec';
import type { AnalyzerCatalogEntry } from '../analyzers/catalog.js';
import { issueFile, issueLocation } from '../format/sarif.js';
import {
  SUPPRESSION_INVALID,
  SUPPRESSION_UNUSED,
  type InlineSuppression,
} from '../parse/inline-suppressions.js';
import type { FileRecord } from '../types.js';

/** Matches issues against the inline suppressions of their files. */
export interface InlineFilter {
  /** True when an inline suppression covers `issue` (every one that does is counted as used). */
  covers(issue: Issue): boolean;
  /** After every issue was offered: `suppression-unused` for each entry that covered none, `suppression-invalid` for
   *  each naming a rule the catalog does not know. */
  finish(): Issue[];
}

interface Entry {
  readonly path: string;
  readonly short: string;
  readonly at: InlineSuppression;
  used: boolean;
}

const FORM: Record<InlineSuppression['form'], string> = {
  'next-line': 'sm-disable-next-line',
  range: 'sm-disable',
  file: `metadata.sm-disable`,
};

/** True for the analyzers whose issues are about directives themselves (never suppressed by one). */
const isOwn = (analyzerId: string): boolean =>
  analyzerId === SUPPRESSION_UNUSED || analyzerId === SUPPRESSION_INVALID;

/**
 * The filter of `records`' inline suppressions, or null when none has any. `links` are the links the issues'
 * `linkIndices` point into; `enabled` false (`--no-inline-suppressions`) covers nothing and reports no unused entry
 * (an unknown rule is still reported).
 */
export function createInlineFilter(
  records: readonly FileRecord[],
  links: readonly Link[],
  catalog: readonly AnalyzerCatalogEntry[],
  enabled: boolean,
): InlineFilter | null {
  const byFile = new Map<string, Entry[]>();
  const unknown: Issue[] = [];
  for (const record of records) {
    const list = record.suppressions;
    if (list === undefined || list.length === 0) continue;
    const entries: Entry[] = [];
    for (const at of list) {
      const known =
        at.rule === '*' ? '*' : catalog.find((e) => e.id === at.rule || e.shortId === at.rule)?.shortId;
      if (known === undefined) unknown.push(unknownRule(record.path, at));
      else entries.push({ path: record.path, short: known, at, used: false });
    }
    if (entries.length > 0) byFile.set(record.path, entries);
  }
  if (byFile.size === 0 && unknown.length === 0) return null;
  return {
    covers(issue) {
      if (!enabled || isOwn(issue.analyzerId)) return false;
      const file = issueFile(issue);
      const entries = file === null ? undefined : byFile.get(file);
      if (entries === undefined) return false;
      const line = issueLocation(issue, links)?.line ?? null;
      let covered = false;
      for (const e of entries) {
        if (e.short !== '*' && e.short !== issue.analyzerId) continue;
        const { from, to, whole } = e.at;
        if (line === null ? whole !== true : line < from || (to !== undefined && line > to)) continue;
        e.used = true;
        covered = true;
      }
      return covered;
    },
    finish() {
      if (!enabled) return unknown;
      const out = unknown.slice();
      for (const entries of byFile.values())
        for (const e of entries) if (!e.used) out.push(unusedIssue(e.path, e.at));
      return out;
    },
  };
}

function unknownRule(path: string, at: InlineSuppression): Issue {
  return {
    analyzerId: SUPPRESSION_INVALID,
    severity: 'warn',
    nodeIds: [path],
    message: `Suppression '${FORM[at.form]} ${at.rule}' at line ${at.line} is not applied: '${at.rule}' is not a rule (sm check --list-rules)`,
    data: { line: at.line, column: at.column, rule: at.rule },
  };
}

function unusedIssue(path: string, at: InlineSuppression): Issue {
  const where =
    at.form === 'next-line'
      ? `on line ${at.from}`
      : at.form === 'file'
        ? 'in this file'
        : at.to === undefined
          ? `from line ${at.from} to the end of the file`
          : `on lines ${at.from}-${at.to}`;
  return {
    analyzerId: SUPPRESSION_UNUSED,
    severity: 'warn',
    nodeIds: [path],
    message: `Suppression '${FORM[at.form]} ${at.rule}' at line ${at.line} matched no issue ${where}: remove it`,
    data: { line: at.line, column: at.column, rule: at.rule, form: at.form },
  };
}
