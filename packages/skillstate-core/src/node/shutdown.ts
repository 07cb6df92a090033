/** What to run when the process is asked to stop. */
export type ShutdownSave = () => void | Promise<void>;

/**
 * Calls `save` on SIGINT and SIGTERM, swallowing its errors (sync throws and rejections). Never exits the
 * process itself. Returns an idempotent function that removes both listeners.
 */
export function installShutdown(save: ShutdownSave): () => void {
  const handler = (): void => {
    try {
      const pending = save();
      if (pending instanceof Promise) pending.catch(() => undefined);
    } catch {
      // Best effort: a failing save must not turn a clean stop into a crash.
    }
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  let installed = true;
  return () => {
    if (!installed) return;
    installed = false;
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}
