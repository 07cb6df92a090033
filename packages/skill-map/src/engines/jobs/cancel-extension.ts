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

/** The explicit boolean at an enable key of the merged config, else undefined. */
function flagAt(config: Readonly<Record<string, unknown>>, id: string): boolean | undefined {
  const slash = id.indexOf('/');
  const plugin = (config['plugins'] as Record<string, unknown> | undefined)?.[id.slice(0, slash)];
  const exts = (plugin as Record<string, unknown> | undefined)?.['extensions'];
  const ext = (exts as Record<string, unknown> | undefined)?.[id.slice(slash + 1)];
  const flag = (ext as Record<string, unknown> | undefined)?.['enabled'];
  return typeof flag === 'boolean' ? flag : undefined;
}

/**
 * After a settings write: when `key` is an extension's enable key and the extension is now disabled, its queued
 * jobs are cancelled (the cascade above). A built-in is judged by its enable state; an extension the catalog does not
 * hold (a drop-in finder, no longer loaded once switched off) by the key's value being false. Nothing happens for
 * other keys or a project without a database. Returns the cancelled ids.
 */
export function cancelJobsOfDisabled(ctx: EngineContext, key: string): string[] {
  const id = extensionOfEnableKey(key);
  if (id === null) return [];
  const ext = ctx.extensions.get(id);
  const off = ext === undefined ? flagAt(ctx.config(), id) === false : !isEnabled(ext, ctx.config());
  return off && hasDatabase(ctx) ? cancelQueuedJobsOf(ctx, id) : [];
}

/** Whether the project has a database yet (a SQLite file, or its rows in a shared one), asked of its store. */
function hasDatabase(ctx: EngineContext): boolean {
  const session = ctx.openSession('read');
  session?.close();
  return session !== null;
}
