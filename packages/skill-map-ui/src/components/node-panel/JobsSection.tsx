import { useState } from 'react';
import { api, ApiError, pathB64 } from '../../api/client';
import type { ExtensionInfo, Issue, PublicJob } from '../../api/types';
import type { NodeData } from './use-node-data';
import { describeError, Notice, useNotice } from './Notice';
import { Empty, Section } from './Section';

const time = (ms: number | null | undefined): string =>
  typeof ms === 'number' ? new Date(ms).toLocaleString() : '';
const shortId = (id: string): string => id.slice(id.lastIndexOf('/') + 1);

/**
 * Extensions that can run on the node: finders and standalone actions always; a fixer only when the node has
 * something it resolves (open findings of its finders, or issues of its analyzers), else the server says
 * `no-findings`.
 */
export function applicableExtensions(
  extensions: ExtensionInfo[],
  issues: Issue[],
  findings: NodeData['findings'],
): ExtensionInfo[] {
  const open = new Set<string>();
  for (const i of issues) open.add(shortId(i.analyzerId));
  if (findings.ok)
    for (const f of findings.value.items)
      if (f.resolution === null && !f.suppressed) open.add(shortId(f.extensionId));
  return extensions.filter(
    (e) => e.role !== 'fixer' || (e.analyzerIds ?? []).some((a) => open.has(shortId(a))),
  );
}

function submitMessage(err: unknown): string {
  if (err instanceof ApiError && err.code === 'no-processing-agent')
    return `No processing agent is installed, so nobody would work the queue: run \`sm agent install\` in the project, then submit again. (${err.message})`;
  return `The job was not submitted: ${describeError(err)}`;
}

/** The node's jobs (queued, running, done) with cancel, and a submit control for the applicable extensions. */
export function JobsSection({
  path,
  virtual,
  jobs,
  extensions,
  onChanged,
}: {
  path: string;
  virtual: boolean;
  jobs: NodeData['jobs'];
  extensions: ExtensionInfo[];
  onChanged: () => void;
}) {
  const [choice, setChoice] = useState('');
  const { notice, say, run } = useNotice();
  const selected = extensions.some((e) => e.id === choice) ? choice : (extensions[0]?.id ?? '');

  const submit = (): Promise<void> =>
    run(async () => {
      if (selected === '') return;
      try {
        const res = await api.post<{ value: { jobId: string } }>(`/api/nodes/${pathB64(path)}/jobs`, {
          extension: selected,
        });
        say(`Job ${res.value.jobId} queued for ${selected}.`);
        onChanged();
      } catch (err) {
        say(submitMessage(err), 'error');
      }
    });
  const cancel = (job: PublicJob): Promise<void> =>
    run(async () => {
      await api.post(`/api/jobs/${encodeURIComponent(job.id)}/cancel`);
      say(`Job ${job.id} cancelled.`);
      onChanged();
    });

  return (
    <Section title="Jobs" count={jobs.ok ? jobs.value.length : undefined}>
      {!jobs.ok ? (
        <Empty>Jobs could not be loaded: {jobs.error}</Empty>
      ) : jobs.value.length === 0 ? (
        <Empty>No jobs for this node.</Empty>
      ) : (
        <table className="jobs-table">
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Extension</th>
              <th scope="col">Times</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.value.map((j) => (
              <tr key={j.id} data-job={j.id} data-status={j.status}>
                <td>
                  <span className={`job-status job-status-${j.status}`}>{j.status}</span>
                  {j.failureReason != null && <span className="job-reason"> ({j.failureReason})</span>}
                </td>
                <td className="job-extension">{j.extensionId}</td>
                <td className="job-times">
                  <span title="submitted">{time(j.createdAt)}</span>
                  {j.claimedAt != null && <span title="claimed"> · claimed {time(j.claimedAt)}</span>}
                  {j.finishedAt != null && <span title="finished"> · finished {time(j.finishedAt)}</span>}
                </td>
                <td>
                  {(j.status === 'queued' || j.status === 'running') && (
                    <button type="button" onClick={() => void cancel(j)} aria-label={`Cancel job ${j.id}`}>
                      Cancel
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {virtual ? (
        <Empty>A virtual node has no file for an extension to read: jobs cannot be submitted for it.</Empty>
      ) : extensions.length === 0 ? (
        <Empty>No enabled extension applies to this node.</Empty>
      ) : (
        <form
          className="job-submit"
          aria-label="Submit a job"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <label>
            Extension{' '}
            <select value={selected} onChange={(e) => setChoice(e.target.value)}>
              {extensions.map((e) => (
                <option key={e.id} value={e.id} title={e.description}>
                  {e.id} ({e.role})
                </option>
              ))}
            </select>
          </label>{' '}
          <button type="submit" disabled={selected === ''}>
            Submit job
          </button>
        </form>
      )}
      <Notice notice={notice} />
    </Section>
  );
}
