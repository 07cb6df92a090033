// One PostgreSQL connection kept for the life of an engine context (a CLI run, `sm serve`, an agent process):
// opening one costs a worker thread, a TCP handshake and a schema check, far more than the statements of a call, so
// every call of the context lends the same connection. Calls are synchronous, so a connection is never shared by
// two calls at once (a lease while it is lent is refused rather than shared).
import type { StateSession } from '../sqlite/state-session.js';
import { openPgSession } from './pg-session.js';
import type { PgSession } from './pg-session.js';
import { pgStateSession } from './state-session.js';

/** A connection opened on first use and lent to each call. */
export interface KeptPgSession {
  lease(posture: 'read' | 'write'): StateSession;
  close(): void;
}

export function keptPgSession(url: string, projectId: string): KeptPgSession {
  let session: PgSession | null = null;
  let lent = false;
  return {
    lease(posture) {
      if (lent) throw new Error('the kept PostgreSQL connection is already lent to a call');
      session ??= openPgSession(url, projectId);
      lent = true;
      return pgStateSession(session, posture, () => {
        lent = false;
      });
    },
    close() {
      session?.close();
      session = null;
    },
  };
}
