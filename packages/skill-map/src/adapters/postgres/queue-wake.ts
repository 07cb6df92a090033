// LISTEN/NOTIFY for parked claims: a submit (or a reap that requeues) notifies `sm_jobs` with its project id in
// the transaction that queues the job, so the notification is delivered at commit, to every process listening on
// the database; a parked claim of that project then re-attempts at once instead of on its interval. One listening
// connection per engine context, opened on the first wait (asynchronous: node-postgres on this thread).
import { createRequire } from 'node:module';
import type { QueueWake } from '../../engines/context.js';

/** The channel every submit notifies (payload: the project id). */
export const JOBS_CHANNEL = 'sm_jobs';

interface Listener {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  on(event: 'notification', fn: (m: { channel: string; payload?: string }) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
  end(): Promise<void>;
}

export function createPgQueueWake(url: string, projectId: string): QueueWake {
  let count = 0;
  const waiters = new Set<() => void>();
  let client: Listener | null = null;
  let listening: Promise<void> | null = null;
  const ready = (): Promise<void> => {
    listening ??= (async () => {
      const pg = createRequire(import.meta.url)('pg') as { Client: new (o: object) => Listener };
      const c = new pg.Client({ connectionString: url, application_name: 'skill-map (claim wake)' });
      c.on('error', () => {
        // A lost listener is not fatal: parked claims fall back to their interval.
      });
      c.on('notification', (m) => {
        if (m.channel !== JOBS_CHANNEL || m.payload !== projectId) return;
        count += 1;
        for (const w of [...waiters]) w();
      });
      await c.connect();
      await c.query(`LISTEN ${JOBS_CHANNEL}`);
      // The listening socket never keeps a process alive by itself (a CLI run ends when its work does).
      (c as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      client = c;
    })().catch(() => undefined);
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
