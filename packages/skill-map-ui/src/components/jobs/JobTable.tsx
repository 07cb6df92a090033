import type { PublicJob } from '../../api/types';
import { formatHash } from '../../state/route';
import { localTime, timeAgo } from './format';

interface Props {
  title: 'Queued' | 'Running' | 'History';
  jobs: PublicJob[];
  /** How many rows to draw (the rest behind "Show more"). */
  limit: number;
  onMore?: () => void;
  onCancel?: (job: PublicJob) => void;
  busy: ReadonlySet<string>;
  nameOf: (path: string) => string;
}

/** One section of the jobs view as a table; a job's node opens the node panel. */
export function JobTable({ title, jobs, limit, onMore, onCancel, busy, nameOf }: Props) {
  const id = `jobs-${title.toLowerCase()}`;
  const history = title === 'History';
  return (
    <section className="jobs-section">
      <h3 id={id}>
        {title} <span className="count">({jobs.length})</span>
      </h3>
      <table aria-labelledby={id} className="jobs-table">
        <thead>
          <tr>
            <th scope="col">Job</th>
            <th scope="col">Extension</th>
            <th scope="col">Node</th>
            <th scope="col">{history ? 'Outcome' : 'Status'}</th>
            <th scope="col">{history ? 'Finished' : title === 'Running' ? 'Claimed' : 'Submitted'}</th>
            {onCancel !== undefined && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {jobs.length === 0 && (
            <tr>
              <td colSpan={onCancel === undefined ? 5 : 6} className="empty">
                None
              </td>
            </tr>
          )}
          {jobs.slice(0, limit).map((job) => {
            const at = history
              ? (job.finishedAt ?? job.createdAt)
              : title === 'Running'
                ? (job.claimedAt ?? job.createdAt)
                : job.createdAt;
            return (
              <tr key={job.id} data-job={job.id} data-status={job.status}>
                <td>
                  <code>{job.id}</code>
                </td>
                <td>
                  <code>{job.extensionId}</code>
                </td>
                <td>
                  {job.nodeId === null ? (
                    <span className="muted">none</span>
                  ) : (
                    <a href={formatHash({ view: 'jobs', node: job.nodeId })} title={job.nodeId}>
                      {nameOf(job.nodeId)}
                    </a>
                  )}
                </td>
                <td>
                  <span className={`job-status job-${job.status}`}>{job.status}</span>
                  {job.failureReason != null && <span className="muted"> ({job.failureReason})</span>}
                  {job.runner != null && title === 'Running' && (
                    <span className="muted"> by {job.runner}</span>
                  )}
                </td>
                <td title={localTime(at)}>{timeAgo(at)}</td>
                {onCancel !== undefined && (
                  <td>
                    <button
                      type="button"
                      className="small"
                      disabled={busy.has(job.id)}
                      aria-label={`Cancel job ${job.id}`}
                      onClick={() => onCancel(job)}
                    >
                      Cancel
                    </button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {jobs.length > limit && onMore !== undefined && (
        <button type="button" className="more" onClick={onMore}>
          Show {Math.min(100, jobs.length - limit)} more of {jobs.length - limit}
        </button>
      )}
    </section>
  );
}
