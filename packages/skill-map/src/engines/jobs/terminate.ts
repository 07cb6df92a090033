import type { EngineContext } from '../context.js';
import type { TerminateOutcome } from './api.js';
import { emitJobEvent } from './events.js';
import { newRunId } from './ids.js';
import { withWriteStore } from './store.js';

/** One guarded transition of a live job to `cancelled` / `failed` (`user-failed`); terminal jobs are refused. */
function terminate(ctx: EngineContext, id: string, to: 'cancelled' | 'failed'): TerminateOutcome {
  const now = ctx.now();
  const outcome = withWriteStore(ctx, (store): TerminateOutcome => {
    const job = store.get(id);
    if (job === null) return { outcome: 'not-found' };
    const done = store.transition(id, ['queued', 'running'], {
      status: to,
      failureReason: to === 'failed' ? 'user-failed' : null,
      finishedAt: now,
    });
    if (!done) return { outcome: 'already-terminal', status: store.get(id)?.status ?? job.status };
    return { outcome: to };
  });
  if (outcome.outcome === to) {
    ctx.opsLog.append({
      op: to === 'cancelled' ? 'jobs.cancel' : 'jobs.fail',
      target: '*',
      channel: ctx.channel,
      outcome: to,
      id,
    });
    const runId = newRunId('queue', now);
    if (to === 'cancelled') emitJobEvent(ctx, 'job.cancelled', runId, id, {});
    else emitJobEvent(ctx, 'job.failed', runId, id, { reason: 'user-failed' });
  }
  return outcome;
}

/** queued|running → cancelled (spec §5.5). Never interrupts a running agent: its later record is refused. */
export function cancelJob(ctx: EngineContext, id: string): TerminateOutcome {
  return terminate(ctx, id, 'cancelled');
}

/** queued|running → failed with `user-failed`. */
export function failJob(ctx: EngineContext, id: string): TerminateOutcome {
  return terminate(ctx, id, 'failed');
}
