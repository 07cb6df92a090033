import { api, pathB64 } from '../../api/client';
import type { Finding } from '../../api/types';
import { withConsent } from '../ConsentDialog';
import type { NodeData } from './use-node-data';
import { Notice, useNotice } from './Notice';
import { Empty, Section } from './Section';

function stateOf(f: Finding): string {
  if (f.suppressed) return 'suppressed';
  if (f.resolution === null) return f.stale ? 'open (stale)' : 'open';
  return f.resolution === 'human-decision' ? 'resolved' : f.resolution;
}

/**
 * The node's findings (from finder jobs) with their lifecycle: dismiss one, suppress its whole type on the node
 * (a `.sm` write: consent), resolve, reopen, lift a type suppression (consent).
 */
export function FindingsSection({
  path,
  findings,
  showAll,
  onShowAll,
  onChanged,
}: {
  path: string;
  findings: NodeData['findings'];
  showAll: boolean;
  onShowAll: (all: boolean) => void;
  onChanged: () => void;
}) {
  const { notice, say, run } = useNotice();
  const base = `/api/nodes/${pathB64(path)}/findings`;

  const act = (label: string, action: () => Promise<boolean>): Promise<void> =>
    run(async () => {
      if (await action()) {
        say(label);
        onChanged();
      } else say('Cancelled: nothing was written.');
    });
  const post = async (url: string, body: unknown = {}): Promise<boolean> => (await api.post(url, body), true);
  const consented = async (question: string, url: string, body: Record<string, unknown>): Promise<boolean> =>
    (await withConsent(question, (c) => api.post(url, { ...body, ...c }))).done;

  if (!findings.ok)
    return (
      <Section title="Findings">
        <Empty>Findings could not be loaded: {findings.error}</Empty>
      </Section>
    );
  const { items, dismissedExcluded, fixedExcluded } = findings.value;
  const hidden = dismissedExcluded + fixedExcluded;
  return (
    <Section title="Findings" count={items.length}>
      <label className="panel-toggle">
        <input type="checkbox" checked={showAll} onChange={(e) => onShowAll(e.target.checked)} /> Show
        dismissed and fixed{!showAll && hidden > 0 ? ` (${hidden} hidden)` : ''}
      </label>
      {items.length === 0 ? (
        <Empty>No findings{showAll ? '' : ' open'}.</Empty>
      ) : (
        <ul className="finding-list">
          {items.map((f) => {
            const open = f.resolution === null && !f.suppressed;
            const typeLabel = `${f.extensionId} ${f.type}`;
            return (
              <li key={f.id} className="finding-item" data-finding={f.id} data-state={stateOf(f)}>
                <div className="issue-head">
                  <span className={`severity severity-${f.severity}`}>{f.severity}</span>
                  <span className="issue-analyzer">{typeLabel}</span>
                  <span className="finding-state">{stateOf(f)}</span>
                </div>
                <p className="issue-message">{f.message}</p>
                {f.detail !== null && <p className="issue-detail">{f.detail}</p>}
                <div className="row-actions">
                  {open && (
                    <>
                      <button
                        type="button"
                        onClick={() =>
                          void act(`Finding ${f.id} dismissed.`, () => post(`${base}/${f.id}/dismiss`))
                        }
                      >
                        Dismiss
                      </button>
                      <button
                        type="button"
                        onClick={() =>
                          void act(`Findings of type ${f.type} suppressed on this node.`, () =>
                            consented(
                              `Suppressing every ${typeLabel} finding on ${path} writes its .sm sidecar. Allow skill-map to write the sidecar?`,
                              `${base}/${f.id}/dismiss`,
                              { class: true },
                            ),
                          )
                        }
                      >
                        Suppress type
                      </button>
                      <button
                        type="button"
                        onClick={() =>
                          void act(`Finding ${f.id} resolved.`, () => post(`${base}/${f.id}/resolve`))
                        }
                      >
                        Resolve
                      </button>
                    </>
                  )}
                  {f.suppressed && (
                    <button
                      type="button"
                      onClick={() =>
                        void act(`Suppression of ${f.type} lifted.`, () =>
                          consented(
                            `Lifting the suppression of ${typeLabel} on ${path} writes its .sm sidecar. Allow skill-map to write the sidecar?`,
                            `${base}/undismiss`,
                            { extension: f.extensionId, type: f.type },
                          ),
                        )
                      }
                    >
                      Lift suppression
                    </button>
                  )}
                  {!open && !f.suppressed && (
                    <button
                      type="button"
                      onClick={() =>
                        void act(`Finding ${f.id} reopened.`, () => post(`${base}/${f.id}/reopen`))
                      }
                    >
                      Reopen
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Notice notice={notice} />
    </Section>
  );
}
