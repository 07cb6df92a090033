// A project's stored scan, followed: each time its generation moves in the database (a persist by any process, an
// annotations refresh, a suppression: migration 7's trigger announces it on `sm_scans` at commit), `onMoved` hears the
// new generation. One listening connection (listen.ts) for the follower's life; a lost connection is dropped
// quietly (the map still reloads on its next read, only the push is lost).
import { listenPg } from './listen.js';
import type { PgListener } from './listen.js';

/** The channel scan generations are announced on. */
export const SCANS_CHANNEL = 'sm_scans';

export interface ScanFollower {
  close(): Promise<void>;
}

export function followScans(
  url: string,
  projectId: string,
  onMoved: (generation: string) => void,
): ScanFollower {
  let closed = false;
  const listener: Promise<PgListener | null> = listenPg(url, SCANS_CHANNEL, 'scans', (payload) => {
    let note: { project?: unknown; generation?: unknown };
    try {
      note = JSON.parse(payload) as typeof note;
    } catch {
      return;
    }
    if (!closed && note.project === projectId) onMoved(String(note.generation));
  }).catch(() => null);
  return {
    async close() {
      closed = true;
      await (await listener)?.end().catch(() => undefined);
    },
  };
}
