// The job events of one server, heard by the others on the same database. Each `sm serve` on PostgreSQL publishes
// the events its own calls emit (submitted, claimed, recorded, failed, cancelled, ...) on the `sm_events` channel,
// tagged with its project and a random id of its own, and delivers the events other servers of its project publish to
// its local sinks (the broadcaster behind `/ws`): every server's page sees a job recorded through any of them.
// Notifications are delivered at most once and only while listening: a server started later does not replay earlier
// events (the job rows are the record). One listening connection (listen.ts) for the server's life, opened on first
// use.
import { randomUUID } from 'node:crypto';
import type { JobEvent, JobEventSink } from '../../engines/context.js';
import { listenPg } from './listen.js';
import type { PgListener } from './listen.js';

/** The channel events travel on. */
export const EVENTS_CHANNEL = 'sm_events';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a larger event stays local. */
const PAYLOAD_LIMIT = 7900;

/** What travels: the project, the publishing server, the event. */
interface Envelope {
  project: string;
  origin: string;
  event: JobEvent;
}

export interface PgEventRelay {
  /** Publishes one of this server's own events to the other servers (fire and forget). */
  publish(event: JobEvent): void;
  /** Delivers the other servers' events of this project to `sink` (each distinct sink once). */
  subscribe(sink: JobEventSink): void;
}

export function createPgEventRelay(url: string, projectId: string): PgEventRelay {
  const origin = randomUUID();
  const sinks = new Set<JobEventSink>();
  let opened: Promise<PgListener | null> | null = null;
  const open = (): Promise<PgListener | null> => {
    opened ??= listenPg(url, EVENTS_CHANNEL, 'events', (payload) => {
      let env: Envelope;
      try {
        env = JSON.parse(payload) as Envelope;
      } catch {
        return;
      }
      if (env.project !== projectId || env.origin === origin) return;
      for (const sink of sinks) sink.emit(env.event);
    }).catch(() => null);
    return opened;
  };
  return {
    publish(event) {
      const payload = JSON.stringify({ project: projectId, origin, event } satisfies Envelope);
      if (Buffer.byteLength(payload) >= PAYLOAD_LIMIT) return;
      void open().then((c) =>
        c?.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, payload]).catch(() => undefined),
      );
    },
    subscribe(sink) {
      sinks.add(sink);
      void open();
    },
  };
}
