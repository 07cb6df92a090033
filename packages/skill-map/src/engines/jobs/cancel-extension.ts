import { existsSync } from 'node:fs';
import type { EngineContext } from '../context.js';
import { extensionOfEnableKey, isEnabled } from '../extensions/enable-state.js';
import { emitJobEvent } from './events.js';
import { newRunId } from './ids.js';
import { withWriteStore } from './store.js';

/**
 * The disable cascade (spec §5.5): disabling an extension cancels its QUEUED jobs (running ones finish or are
 * refused at record). One `job.cancelled` event per job and ONE aggregated ops-log line (`jobs.cancel`, target
 * `*`, the extension, `detail: count=N`) when any was cancelled. Returns the cancelled ids, oldest first.
 */
export function cancelQueuedJobsOf(ctx: EngineContext, extensionId: string): string[] {
  const now = ctx.now();
  const ids = withWriteStore(ctx, (store) => store.cancelQueuedOf(extensionId, now));
  if (ids.length === 0) return ids;
  ctx.opsLog.append({
    op: 'jobs.cancel',
    target: '*',
    extension: extensionId,
    channel: ctx.channel,
    outcome: 'cancelled',
    detail: `count=${ids.length}`,
  });
  const runId = newRunId('queue', now);
  for (const id of ids) emitJobEvent(ctx, 'job.cancelled', runId, id, {});
  return ids;
}

/**
 * After a settings write: when `key` is an extension's enable key and the extension is now disabled, its queued
 * jobs are cancelled (the cascade above). Nothing happens for other keys, unknown extensions or a project without
 * a database. Returns the cancelled ids.
 */
export function cancelJobsOfDisabled(ctx: EngineContext, key: string): string[] {
  const id = extensionOfEnableKey(key);
  const ext = id === null ? undefined : ctx.extensions.get(id);
  if (ext === undefined || isEnabled(ext, ctx.config()) || !existsSync(ctx.dbPath)) return [];
  return cancelQueuedJobsOf(ctx, ext.id);
}
