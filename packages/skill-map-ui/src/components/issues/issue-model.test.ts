import { describe, expect, it } from 'vitest';
import type { Issue } from '../../api/types';
import { countBySeverity, dismissValue, filterIssues, groupIssues, SEVERITIES } from './issue-model';

const issue = (analyzerId: string, severity: Issue['severity'], nodeIds: string[], message = 'm'): Issue => ({
  analyzerId,
  severity,
  nodeIds,
  message,
});

const ISSUES: Issue[] = [
  issue('reference-broken', 'error', ['a.md'], 'link to gone.md'),
  issue('reference-broken', 'error', ['b.md'], 'link to lost.md'),
  issue('name-collision', 'warn', ['a.md', 'b.md'], 'two nodes named x'),
  issue('orphan', 'info', ['c.md'], 'nothing links here'),
  issue('scan-note', 'info', [], 'project-wide'),
];

describe('issue model', () => {
  it('filters by severity and by text over message, analyzer and node, case-insensitively', () => {
    const all = new Set(SEVERITIES);
    expect(filterIssues(ISSUES, { text: '', severities: all })).toHaveLength(5);
    expect(filterIssues(ISSUES, { text: 'GONE', severities: all }).map((i) => i.message)).toEqual([
      'link to gone.md',
    ]);
    expect(filterIssues(ISSUES, { text: 'collision', severities: all })).toHaveLength(1);
    expect(filterIssues(ISSUES, { text: 'b.md', severities: all })).toHaveLength(2);
    expect(filterIssues(ISSUES, { text: '', severities: new Set(['info'] as const) })).toHaveLength(2);
    expect(filterIssues(ISSUES, { text: 'gone', severities: new Set(['warn'] as const) })).toEqual([]);
  });

  it('groups by analyzer, worst severity first, with counts', () => {
    const groups = groupIssues(ISSUES, 'analyzer');
    expect(groups.map((g) => [g.key, g.issues.length])).toEqual([
      ['reference-broken', 2],
      ['name-collision', 1],
      ['orphan', 1],
      ['scan-note', 1],
    ]);
    expect(groups[0]?.counts).toEqual({ error: 2, warn: 0, info: 0 });
  });

  it('groups by node: an issue of two nodes is under both, one of none under the empty key', () => {
    const groups = groupIssues(ISSUES, 'node');
    expect(groups.map((g) => [g.key, g.counts])).toEqual([
      ['a.md', { error: 1, warn: 1, info: 0 }],
      ['b.md', { error: 1, warn: 1, info: 0 }],
      ['', { error: 0, warn: 0, info: 1 }],
      ['c.md', { error: 0, warn: 0, info: 1 }],
    ]);
    expect(groups[0]?.issues.map((i) => i.severity)).toEqual(['error', 'warn']);
  });

  it('counts by severity and finds the suppression key in data.target only', () => {
    expect(countBySeverity(ISSUES)).toEqual({ error: 2, warn: 1, info: 2 });
    expect(dismissValue({ ...ISSUES[0]!, data: { target: 'gone.md' } })).toBe('gone.md');
    expect(dismissValue({ ...ISSUES[0]!, data: { target: '' } })).toBeNull();
    expect(dismissValue(ISSUES[0]!)).toBeNull();
  });
});
