import { useEffect, useState } from 'react';
import { api, pathB64 } from '../../api/client';
import type { Issue } from '../../api/types';
import { loadMap } from '../../state/map-loader';
import { withConsent } from '../ConsentDialog';
import { Notice, useNotice } from './Notice';
import { Empty, Section } from './Section';

const issueKey = (i: Issue): string => `${i.analyzerId}\u0000${i.data?.target ?? ''}\u0000${i.message}`;

/**
 * The node's issues. An issue carrying `data.target` can be dismissed: the suppression `(analyzer, target)` is
 * written into the node's `.sm` sidecar, so the server asks consent (412) unless allowEditSmFiles is granted.
 */
export function IssuesSection({
  path,
  issues,
  onChanged,
}: {
  path: string;
  issues: Issue[];
  onChanged: () => void;
}) {
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const { notice, say, run } = useNotice();
  // A dismissed issue hides at once; its key is forgotten once a reload no longer has it, so an issue that
  // comes back later (undismissed, rescanned) shows again.
  useEffect(() => {
    setGone((prev) => {
      const present = new Set(issues.map(issueKey));
      const kept = [...prev].filter((k) => present.has(k));
      return kept.length === prev.size ? prev : new Set(kept);
    });
  }, [issues]);
  const shown = issues.filter((i) => !gone.has(issueKey(i)));

  const dismiss = (issue: Issue, value: string): Promise<void> =>
    run(async () => {
      const k = issueKey(issue);
      const question =
        `Dismissing the ${issue.analyzerId} issue for "${value}" writes a suppression into the .sm sidecar ` +
        `of ${path}. Allow skill-map to write the sidecar?`;
      const result = await withConsent(question, (consent) =>
        api.post(`/api/nodes/${pathB64(path)}/issues/dismiss`, {
          analyzer: issue.analyzerId,
          value,
          ...consent,
        }),
      );
      if (!result.done) {
        say('Dismiss cancelled: nothing was written.');
        return;
      }
      setGone((s) => new Set([...s, k]));
      say(`Dismissed ${issue.analyzerId} for ${value}.`);
      onChanged();
      void loadMap();
    });

  return (
    <Section title="Issues" count={shown.length}>
      {shown.length === 0 ? (
        <Empty>No issues.</Empty>
      ) : (
        <ul className="issue-list">
          {shown.map((issue) => {
            const k = issueKey(issue);
            const value = typeof issue.data?.target === 'string' ? issue.data.target : null;
            return (
              <li
                key={k}
                className="issue-item"
                data-severity={issue.severity}
                data-analyzer={issue.analyzerId}
              >
                <div className="issue-head">
                  <span className={`severity severity-${issue.severity}`}>{issue.severity}</span>
                  <span className="issue-analyzer">{issue.analyzerId}</span>
                  {value !== null ? (
                    <button
                      type="button"
                      onClick={() => void dismiss(issue, value)}
                      aria-label="Dismiss"
                      title={`Dismiss ${issue.analyzerId} for ${value}`}
                    >
                      Dismiss
                    </button>
                  ) : (
                    <span
                      className="issue-fixed-note"
                      title="This analyzer's issues carry no target to suppress"
                    >
                      not dismissible
                    </span>
                  )}
                </div>
                <p className="issue-message">{issue.message}</p>
                {issue.detail !== undefined && <p className="issue-detail">{issue.detail}</p>}
              </li>
            );
          })}
        </ul>
      )}
      <Notice notice={notice} />
    </Section>
  );
}
