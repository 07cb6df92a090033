import { useMemo, useState } from 'react';
import { api, ApiError } from '../api/client';
import type { PublicJob } from '../api/types';
import { store, useApp } from '../state/store';
import { ConfirmDialog } from './jobs/ConfirmDialog';
import { JobTable } from './jobs/JobTable';
import { sectionJobs } from './jobs/jobs-model';
import { useJobs } from './jobs/use-jobs';
import '../styles/views.css';

interface Pending {
  question: string;
  confirmLabel: string;
  run: () => Promise<unknown>;
  done: string;
}

const say = (text: string, tone: 'info' | 'error' = 'info'): void => store.set({ toast: { text, tone } });
const why = (err: unknown): string => (err instanceof ApiError ? err.message : String(err));

/** The job queue: queued, running and history, live over `/ws`; cancel one, cancel all, prune the history. */
export function JobsView() {
  const { jobs, error, refresh } = useJobs();
  const map = useApp((s) => s.map);
  const names = useMemo(() => new Map((map?.nodes ?? []).map((n) => [n.path, n.name])), [map]);
  const nameOf = (path: string): string => names.get(path) ?? path;
  const sections = useMemo(() => sectionJobs(jobs ?? []), [jobs]);
  const [shown, setShown] = useState({ Queued: 100, Running: 100, History: 50 });
  const more = (t: keyof typeof shown) => () => setShown((s) => ({ ...s, [t]: s[t] + 100 }));
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);

  const cancel = async (job: PublicJob): Promise<void> => {
    setBusy((b) => new Set(b).add(job.id));
    try {
      await api.post(`/api/jobs/${encodeURIComponent(job.id)}/cancel`);
      say(`Cancelled ${job.id}`);
    } catch (err) {
      say(`Could not cancel ${job.id}: ${why(err)}`, 'error');
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(job.id);
        return next;
      });
      refresh();
    }
  };

  const answer = async (yes: boolean): Promise<void> => {
    const p = pending;
    setPending(null);
    if (!yes || p === null) return;
    try {
      await p.run();
      say(p.done);
    } catch (err) {
      say(why(err), 'error');
    }
    refresh();
  };

  const active = sections.queued.length + sections.running.length;
  return (
    <section className="view view-jobs" aria-label="Jobs">
      <header className="view-head">
        <h2>Jobs</h2>
        <p className="view-summary">
          {jobs === null
            ? 'Loading…'
            : `${sections.queued.length} queued, ${sections.running.length} running, ${sections.history.length} in history`}
        </p>
        <div className="view-controls">
          <button
            type="button"
            disabled={active === 0}
            onClick={() =>
              setPending({
                question: `Cancel all ${active} queued and running jobs?`,
                confirmLabel: 'Cancel all jobs',
                run: () => api.post('/api/jobs/cancel-all'),
                done: 'Cancelled every queued and running job',
              })
            }
          >
            Cancel all
          </button>
          <button
            type="button"
            disabled={sections.history.length === 0}
            onClick={() =>
              setPending({
                question: `Delete the ${sections.history.length} completed, failed and cancelled jobs from the history?`,
                confirmLabel: 'Prune history',
                run: () => api.post('/api/jobs/prune'),
                done: 'Pruned the job history',
              })
            }
          >
            Prune history
          </button>
        </div>
      </header>
      <div className="view-body">
        {error !== null && (
          <p className="error" role="alert">
            Could not load the jobs: {error}
          </p>
        )}
        <JobTable
          title="Queued"
          jobs={sections.queued}
          limit={shown.Queued}
          onMore={more('Queued')}
          busy={busy}
          nameOf={nameOf}
          onCancel={(j) => void cancel(j)}
        />
        <JobTable
          title="Running"
          jobs={sections.running}
          limit={shown.Running}
          onMore={more('Running')}
          busy={busy}
          nameOf={nameOf}
          onCancel={(j) => void cancel(j)}
        />
        <JobTable
          title="History"
          jobs={sections.history}
          limit={shown.History}
          busy={busy}
          nameOf={nameOf}
          onMore={more('History')}
        />
      </div>
      {pending !== null && (
        <ConfirmDialog
          question={pending.question}
          confirmLabel={pending.confirmLabel}
          onAnswer={(yes) => void answer(yes)}
        />
      )}
    </section>
  );
}
