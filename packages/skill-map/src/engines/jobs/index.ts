/**
 * The jobs engine: the one module every channel (CLI `sm jobs *` / `sm record`, REST job routes, MCP queue
 * tools) imports. Each operation lives in its own file of this folder; the types are those of `api.ts`.
 */
export * from './api.js';
export { submitJob } from './submit.js';
export { previewJob } from './preview.js';
export { claimJob, claimJobWaiting, MAX_CLAIM_WAIT_SECONDS } from './claim.js';
export { recordJob } from './record.js';
export { cancelJob, failJob } from './terminate.js';
export { cancelJobsOfDisabled, cancelQueuedJobsOf } from './cancel-extension.js';
export { listJobs, getJob, getJobContent } from './list.js';
export type { JobContent } from './list.js';
export { pruneJobs } from './prune.js';
export { JOB_TEXT_LIMITS, checkJobText } from './limits.js';
export type { JobTextField } from './limits.js';
