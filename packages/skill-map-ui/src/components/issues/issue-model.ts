import type { Issue, Severity } from '../../api/types';

export type GroupBy = 'analyzer' | 'node';

export const SEVERITIES: readonly Severity[] = ['error', 'warn', 'info'];

/** One group of the issues view: its key (analyzer id or node path), its issues and their counts by severity. */
export interface IssueGroup {
  key: string;
  issues: Issue[];
  counts: Record<Severity, number>;
}

export interface IssueQuery {
  text: string;
  severities: ReadonlySet<Severity>;
}

/** The issues matching the query: a shown severity, and the text (case-insensitive) in message, analyzer or node. */
export function filterIssues(issues: readonly Issue[], query: IssueQuery): Issue[] {
  const needle = query.text.trim().toLowerCase();
  return issues.filter((issue) => {
    if (!query.severities.has(issue.severity)) return false;
    if (needle === '') return true;
    if (issue.message.toLowerCase().includes(needle)) return true;
    if (issue.analyzerId.toLowerCase().includes(needle)) return true;
    return issue.nodeIds.some((n) => n.toLowerCase().includes(needle));
  });
}

const RANK: Record<Severity, number> = { error: 0, warn: 1, info: 2 };

/**
 * Groups issues by analyzer, or by node (an issue naming two nodes is in both groups; one naming none is under
 * "(no node)"). Groups are ordered by their worst severity, then size, then key, so errors come first.
 */
export function groupIssues(issues: readonly Issue[], by: GroupBy): IssueGroup[] {
  const groups = new Map<string, IssueGroup>();
  const add = (key: string, issue: Issue): void => {
    let g = groups.get(key);
    if (g === undefined) {
      g = { key, issues: [], counts: { error: 0, warn: 0, info: 0 } };
      groups.set(key, g);
    }
    g.issues.push(issue);
    g.counts[issue.severity]++;
  };
  for (const issue of issues) {
    if (by === 'analyzer') add(issue.analyzerId, issue);
    else if (issue.nodeIds.length === 0) add('', issue);
    else for (const node of new Set(issue.nodeIds)) add(node, issue);
  }
  const worst = (g: IssueGroup): number => (g.counts.error > 0 ? 0 : g.counts.warn > 0 ? 1 : 2);
  const list = [...groups.values()];
  for (const g of list) g.issues.sort((a, b) => RANK[a.severity] - RANK[b.severity]);
  return list.sort(
    (a, b) => worst(a) - worst(b) || b.issues.length - a.issues.length || a.key.localeCompare(b.key),
  );
}

/** Counts by severity over a list of issues. */
export function countBySeverity(issues: readonly Issue[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warn: 0, info: 0 };
  for (const i of issues) counts[i.severity]++;
  return counts;
}

/** The suppression key of an issue (`data.target`), or null when its analyzer's issues cannot be dismissed. */
export function dismissValue(issue: Issue): string | null {
  const target = issue.data?.target;
  return typeof target === 'string' && target !== '' ? target : null;
}
