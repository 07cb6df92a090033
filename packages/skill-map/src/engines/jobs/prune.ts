import type { PruneCutoffs } from '../../adapters/sqlite/jobs/port.js';
import type { EngineContext } from '../context.js';
import type { PruneResult } from './api.js';
import { retentionSeconds } from './settings.js';
import { withWriteStore } from './store.js';

/**
 * Retention (spec §5.5): terminal jobs finished longer ago than `jobs.retention.<status>` seconds go (null keeps
 * that status; defaults completed/cancelled 30 days, failed kept), then every content row no job references,
 * in one transaction. `status` narrows the prune to one terminal status. Logs `jobs.prune` when anything went.
 */
export function pruneJobs(
  ctx: EngineContext,
  opts: { status?: 'completed' | 'failed' | 'cancelled' } = {},
): PruneResult {
  const now = ctx.now();
  const retention = retentionSeconds(ctx.config());
  const cutoffs: PruneCutoffs = {};
  for (const status of ['completed', 'failed', 'cancelled'] as const) {
    if (opts.status !== undefined && opts.status !== status) continue;
    const seconds = retention[status];
    cutoffs[status] = seconds === null ? null : now - seconds * 1000;
  }
  const result = withWriteStore(ctx, (store) => store.prune(cutoffs));
  if (result.jobs > 0 || result.contents > 0)
    ctx.opsLog.append({
      op: 'jobs.prune',
      target: '*',
      channel: ctx.channel,
      outcome: 'ok',
      detail: `jobs=${result.jobs} contents=${result.contents}`,
    });
  return result;
}
