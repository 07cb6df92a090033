import { useState } from 'react';
import { formatHash, navigate } from '../../state/route';
import type { IssueGroup } from './issue-model';
import { IssueRow } from './IssueRow';
import { SeverityCounts } from './SeverityCounts';

const PAGE = 25;

interface Props {
  group: IssueGroup;
  by: 'analyzer' | 'node';
  nameOf: (path: string) => string;
}

/** A group of the issues view: heading with counts, then its issues a page at a time. */
export function IssueGroupView({ group, by, nameOf }: Props) {
  const [open, setOpen] = useState(true);
  const [shown, setShown] = useState(PAGE);
  const node = by === 'node' && group.key !== '' ? group.key : null;
  const title = by === 'analyzer' ? group.key : node === null ? '(no node)' : nameOf(node);
  const rest = group.issues.length - shown;
  return (
    <section className="issue-group" aria-label={title}>
      <header className="issue-group-head">
        <button
          type="button"
          className="group-toggle"
          aria-expanded={open}
          aria-label={title}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
        </button>
        <h3>
          {by === 'analyzer' ? <code>{title}</code> : title}
          {node !== null && <span className="group-path">{node}</span>}
        </h3>
        <SeverityCounts counts={group.counts} />
        {node !== null && (
          <span className="group-actions">
            <a href={formatHash({ view: 'issues', node })}>Open node</a>
            <button type="button" className="link-button" onClick={() => navigate({ view: 'map', node })}>
              Show on map
            </button>
          </span>
        )}
      </header>
      {open && (
        <ul className="issue-list">
          {group.issues.slice(0, shown).map((issue, i) => (
            <IssueRow
              key={`${issue.analyzerId}\u0000${issue.message}\u0000${i}`}
              issue={issue}
              groupNode={node}
              showAnalyzer={by === 'node'}
              nameOf={nameOf}
            />
          ))}
        </ul>
      )}
      {open && rest > 0 && (
        <button type="button" className="more" onClick={() => setShown((s) => s + PAGE * 4)}>
          Show {Math.min(rest, PAGE * 4)} more of {rest}
        </button>
      )}
    </section>
  );
}
