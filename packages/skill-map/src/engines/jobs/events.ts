import { tellEngineHooks } from '../hooks/engine-hooks.js';
import type { EngineContext } from '../context.js';

/** Publishes one job event (spec §5.6). Callers never put a nonce in `data`; a sink failure never fails the call. */
export function emitJobEvent(
  ctx: EngineContext,
  type: string,
  runId: string,
  jobId: string | null,
  data: Record<string, unknown>,
): void {
  try {
    ctx.events.emit({ type, timestamp: ctx.now(), runId, jobId, data });
  } catch {
    // Best-effort by contract: an event sink (the /ws broadcaster, the CLI push leg) must not undo a committed change.
  }
  if (type !== 'job.completed' && type !== 'job.failed') return;
  // The drop-ins' hooks are told after the change is committed.
  tellEngineHooks(ctx, type, { jobId, ...data }, { runId, jobId });
}
