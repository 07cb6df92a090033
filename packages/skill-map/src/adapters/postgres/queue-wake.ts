// LISTEN/NOTIFY for parked claims: a submit (or a reap that requeues) notifies `sm_jobs` with its project id in
// the transaction that queues the job, so the notification is delivered at commit, to every process listening on
// the database; a parked claim of that project then re-attempts at once instead of on its interval. One listening
// connection per engine context, opened on the first wait (asynchronous: node-postgres on this thread).
import type { QueueWake } from '../../engines/context.js';
import { listenPg } from './listen.js';
import type { PgListener } from './listen.js';

/** The channel every submit notifies (payload: the project id). */
export const JOBS_CHANNEL = 'sm_jobs';

export function createPgQueueWake(url: string, projectId: string): QueueWake {
  let count = 0;
  const waiters = new Set<() => void>();
  let client: PgListener | null = null;
  let listening: Promise<void> | null = null;
  const ready = (): Promise<void> => {
    listening ??= listenPg(url, JOBS_CHANNEL, 'claim wake', (payload) => {
      if (payload !== projectId) return;
      count += 1;
      for (const w of [...waiters]) w();
    }).then(
      (c) => void (client = c),
      () => undefined,
    );
    return listening;
  };
  return {
    ready,
    seen: () => count,
    wait(since, ms, signal) {
      if (count > since) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const done = (): void => {
          clearTimeout(timer);
          waiters.delete(done);
          signal?.removeEventListener('abort', aborted);
          resolve();
        };
        const aborted = (): void => {
          done();
          reject(new Error('aborted'));
        };
        const timer = setTimeout(done, ms);
        waiters.add(done);
        if (signal?.aborted === true) aborted();
        else signal?.addEventListener('abort', aborted, { once: true });
      });
    },
    close() {
      for (const w of [...waiters]) w();
      void client?.end().catch(() => undefined);
      client = null;
    },
  };
}
