import type { EngineContext } from '../context.js';
import type { PruneResult } from './api.js';

export function pruneJobs(
  _ctx: EngineContext,
  _opts?: { status?: 'completed' | 'failed' | 'cancelled' },
): PruneResult {
  throw new Error('not implemented yet');
}
