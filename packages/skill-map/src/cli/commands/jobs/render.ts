import type { PublicJob } from '@skill-map/spec';
import type { Output } from '../../io.js';

const STATUS_STYLE = {
  queued: 'cyan',
  running: 'yellow',
  completed: 'green',
  failed: 'red',
  cancelled: 'dim',
} as const;

/** One line per job: id, status, extension, node (and the failure reason). */
export function renderJobs(output: Output, jobs: readonly PublicJob[]): string {
  if (jobs.length === 0) return 'no jobs';
  const idW = Math.max(...jobs.map((j) => j.id.length));
  const stW = Math.max(...jobs.map((j) => j.status.length));
  const exW = Math.max(...jobs.map((j) => j.extensionId.length));
  return jobs
    .map((j) => {
      const status = output.paint(STATUS_STYLE[j.status], j.status.padEnd(stW));
      const why = j.failureReason === undefined || j.failureReason === null ? '' : ` (${j.failureReason})`;
      return `${j.id.padEnd(idW)}  ${status}  ${j.extensionId.padEnd(exW)}  ${j.nodeId ?? '(nodeless)'}${why}`;
    })
    .join('\n');
}

function show(key: string, value: unknown): string {
  if (key.endsWith('At') && typeof value === 'number') return new Date(value).toISOString();
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** Every field of one job, one per line. */
export function renderJob(output: Output, job: PublicJob): string {
  const rows = Object.entries(job).filter(([, v]) => v !== undefined && v !== null);
  const w = Math.max(...rows.map(([k]) => k.length));
  return [
    output.paint('bold', job.id),
    ...rows.filter(([k]) => k !== 'id').map(([k, v]) => `  ${k.padEnd(w)}  ${show(k, v)}`),
  ].join('\n');
}
