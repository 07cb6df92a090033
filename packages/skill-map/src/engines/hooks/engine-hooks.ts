// The operable engines' side of hooks: after a committed change (a recorded job, an applied action) the project's
// drop-in hooks are told, and a hook that fails is an `extension.error` event on the context's sink, never a failed
// call. The hooks are the catalog's as of its last refresh.
import type { HookTrigger } from '../../kernel/index.js';
import type { EngineContext } from '../context.js';
import { tellHooks } from './fire.js';

export function tellEngineHooks(
  ctx: EngineContext,
  trigger: HookTrigger,
  payload: Record<string, unknown>,
  ids: { readonly runId: string; readonly jobId: string | null },
): void {
  for (const f of tellHooks(ctx.extensions.hooks?.() ?? [], trigger, payload)) {
    try {
      ctx.events.emit({
        type: 'extension.error',
        timestamp: ctx.now(),
        runId: ids.runId,
        jobId: ids.jobId,
        data: { extension: f.hook, trigger: f.trigger, error: f.error },
      });
    } catch {
      // Best-effort by contract: an event sink must not undo a committed change.
    }
  }
}
