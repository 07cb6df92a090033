import type { PublicJob } from '../../api/types';

export interface JobSections {
  queued: PublicJob[];
  running: PublicJob[];
  history: PublicJob[];
}

/** Queued by priority then age (the claim order), running by claim time, history newest first. */
export function sectionJobs(jobs: readonly PublicJob[]): JobSections {
  const queued: PublicJob[] = [];
  const running: PublicJob[] = [];
  const history: PublicJob[] = [];
  for (const j of jobs) {
    if (j.status === 'queued') queued.push(j);
    else if (j.status === 'running') running.push(j);
    else history.push(j);
  }
  queued.sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0) || a.createdAt - b.createdAt);
  running.sort((a, b) => (a.claimedAt ?? a.createdAt) - (b.claimedAt ?? b.createdAt));
  history.sort((a, b) => (b.finishedAt ?? b.createdAt) - (a.finishedAt ?? a.createdAt));
  return { queued, running, history };
}
