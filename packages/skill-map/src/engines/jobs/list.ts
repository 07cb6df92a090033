import type { EngineContext } from '../context.js';
import type { JobListFilter, PublicJob } from './api.js';

export function listJobs(_ctx: EngineContext, _filter: JobListFilter): PublicJob[] {
  throw new Error('not implemented yet');
}

export function getJob(_ctx: EngineContext, _id: string): PublicJob | null {
  throw new Error('not implemented yet');
}
