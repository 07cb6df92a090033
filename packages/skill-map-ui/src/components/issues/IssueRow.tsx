import { useState } from 'react';
import type { Issue } from '../../api/types';
import { formatHash, navigate } from '../../state/route';
import { dismissIssue } from './dismiss';
import { dismissValue } from './issue-model';

interface Props {
  issue: Issue;
  /** The node the row stands under (group by node), else null: its node links then list every node. */
  groupNode: string | null;
  showAnalyzer: boolean;
  nameOf: (path: string) => string;
}

/** One issue: severity, message, analyzer, its nodes (each opens the node panel, or the map centred on it). */
export function IssueRow({ issue, groupNode, showAnalyzer, nameOf }: Props) {
  const [busy, setBusy] = useState(false);
  const nodes = groupNode === null ? issue.nodeIds : [];
  const dismissOn = groupNode ?? issue.nodeIds[0] ?? null;
  const dismissable = dismissOn !== null && dismissValue(issue) !== null;
  const onDismiss = async (): Promise<void> => {
    if (dismissOn === null) return;
    setBusy(true);
    try {
      await dismissIssue(dismissOn, issue);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="issue-row" data-severity={issue.severity}>
      <span className={`sev sev-${issue.severity}`}>{issue.severity}</span>
      <div className="issue-main">
        <p className="issue-message">{issue.message}</p>
        <p className="issue-meta">
          {showAnalyzer && <code className="issue-analyzer">{issue.analyzerId}</code>}
          {nodes.map((path) => (
            <span key={path} className="issue-node">
              <a href={formatHash({ view: 'issues', node: path })} title={path}>
                {nameOf(path)}
              </a>
              <button
                type="button"
                className="link-button"
                aria-label={`${nameOf(path)} on map`}
                onClick={() => navigate({ view: 'map', node: path })}
              >
                on map
              </button>
            </span>
          ))}
        </p>
      </div>
      {dismissable && (
        <button type="button" className="small" disabled={busy} onClick={() => void onDismiss()}>
          Dismiss
        </button>
      )}
    </li>
  );
}
