import { useDeferredValue, useMemo, useState } from 'react';
import type { Severity } from '../api/types';
import { store, useApp } from '../state/store';
import { IssueGroupView } from './issues/IssueGroupView';
import { countBySeverity, filterIssues, groupIssues, SEVERITIES } from './issues/issue-model';
import type { GroupBy } from './issues/issue-model';
import '../styles/views.css';

const GROUP_PAGE = 40;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const LABEL: Record<Severity, string> = { error: 'Errors', warn: 'Warnings', info: 'Info' };

/** Every issue of the map, grouped by analyzer or node, filtered by text and severity, a page of groups at a time. */
export function IssuesView() {
  const map = useApp((s) => s.map);
  const [by, setBy] = useState<GroupBy>('analyzer');
  const [text, setText] = useState('');
  const severities = useApp((s) => s.severities);
  const [groupsShown, setGroupsShown] = useState(GROUP_PAGE);
  const deferredText = useDeferredValue(text);

  const issues = useMemo(() => map?.issues ?? [], [map]);
  const names = useMemo(() => new Map((map?.nodes ?? []).map((n) => [n.path, n.name])), [map]);
  const nameOf = (path: string): string => names.get(path) ?? path;
  const totals = useMemo(() => countBySeverity(issues), [issues]);
  const matching = useMemo(
    () => filterIssues(issues, { text: deferredText, severities }),
    [issues, deferredText, severities],
  );
  const groups = useMemo(() => groupIssues(matching, by), [matching, by]);

  const toggle = (s: Severity): void => {
    // Shared with the map: its issue rings and broken targets follow the same severities.
    store.set((st) => {
      const next = new Set(st.severities);
      if (next.has(s)) next.delete(s);
      else next.add(s);
      return { severities: next };
    });
  };

  return (
    <section className="view view-issues" aria-label="Issues">
      <header className="view-head">
        <h2>Issues</h2>
        <p className="view-summary" aria-live="polite">
          {matching.length === issues.length
            ? plural(issues.length, 'issue')
            : `${matching.length} of ${plural(issues.length, 'issue')}`}{' '}
          in {plural(groups.length, by)}
        </p>
        <div className="view-controls">
          <label>
            Group by{' '}
            <select
              aria-label="Group by"
              value={by}
              onChange={(e) => {
                setBy(e.target.value === 'node' ? 'node' : 'analyzer');
                setGroupsShown(GROUP_PAGE);
              }}
            >
              <option value="analyzer">analyzer</option>
              <option value="node">node</option>
            </select>
          </label>
          <input
            type="search"
            aria-label="Filter issues"
            placeholder="Filter by message, analyzer or node"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setGroupsShown(GROUP_PAGE);
            }}
          />
          <span role="group" aria-label="Severities" className="sev-toggles">
            {SEVERITIES.map((s) => (
              <button
                key={s}
                type="button"
                className={`sev-toggle sev-${s}`}
                aria-pressed={severities.has(s)}
                onClick={() => toggle(s)}
              >
                {LABEL[s]} ({totals[s]})
              </button>
            ))}
          </span>
        </div>
      </header>
      <div className="view-body">
        {map === null && <p className="empty">Loading the map…</p>}
        {map !== null && issues.length === 0 && <p className="empty">No issues. The map is clean.</p>}
        {issues.length > 0 && groups.length === 0 && <p className="empty">No issue matches the filter.</p>}
        {groups.slice(0, groupsShown).map((g) => (
          <IssueGroupView key={`${by}:${g.key}`} group={g} by={by} nameOf={nameOf} />
        ))}
        {groups.length > groupsShown && (
          <button type="button" className="more" onClick={() => setGroupsShown((n) => n + GROUP_PAGE)}>
            Show {Math.min(GROUP_PAGE, groups.length - groupsShown)} more groups of{' '}
            {groups.length - groupsShown}
          </button>
        )}
      </div>
    </section>
  );
}
