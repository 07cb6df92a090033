// The job events of one server, heard by the others on the same database. Each `sm serve` on PostgreSQL publishes
// the events its own calls emit (submitted, claimed, recorded, failed, cancelled, ...) on the `sm_events` channel,
// tagged with its project and a random id of its own, and delivers the events other servers of its project publish to
// its local sinks (the broadcaster behind `/ws`): every server's page sees a job recorded through any of them.
// Notifications are delivered at most once and only while listening: a server started later does not replay earlier
// events (the job rows are the record). One asynchronous connection, opened on first use, that never keeps the
// process alive by itself.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { JobEvent, JobEventSink } from '../../engines/context.js';

/** The channel events travel on. */
export const EVENTS_CHANNEL = 'sm_events';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a larger event stays local. */
const PAYLOAD_LIMIT = 7900;

interface RelayClient {
  connect(): Promise<void>;
  query(sql: string, params?: unknown[]): Promise<unknown>;
  on(event: 'notification', fn: (m: { channel: string; payload?: string }) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
  end(): Promise<void>;
}

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
  /** Resolves once the relay listens (tests; publishing does not wait for it). */
  ready(): Promise<void>;
  close(): void;
}

export function createPgEventRelay(url: string, projectId: string): PgEventRelay {
  const origin = randomUUID();
  const sinks = new Set<JobEventSink>();
  let client: RelayClient | null = null;
  let opened: Promise<RelayClient | null> | null = null;
  let closed = false;
  const open = (): Promise<RelayClient | null> => {
    opened ??= (async () => {
      const pg = createRequire(import.meta.url)('pg') as { Client: new (o: object) => RelayClient };
      const c = new pg.Client({ connectionString: url, application_name: 'skill-map (events)' });
      c.on('error', () => {
        // A lost relay is not fatal: this server's own events still reach its sinks.
      });
      c.on('notification', (m) => {
        if (m.channel !== EVENTS_CHANNEL || m.payload === undefined) return;
        let env: Envelope;
        try {
          env = JSON.parse(m.payload) as Envelope;
        } catch {
          return;
        }
        if (env.project !== projectId || env.origin === origin) return;
        for (const sink of sinks) sink.emit(env.event);
      });
      await c.connect();
      await c.query(`LISTEN ${EVENTS_CHANNEL}`);
      (c as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      if (closed) {
        void c.end().catch(() => undefined);
        return null;
      }
      client = c;
      return c;
    })().catch(() => null);
    return opened;
  };
  return {
    publish(event) {
      const payload = JSON.stringify({ project: projectId, origin, event } satisfies Envelope);
      if (Buffer.byteLength(payload) >= PAYLOAD_LIMIT || closed) return;
      void open().then((c) =>
        c?.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, payload]).catch(() => undefined),
      );
    },
    subscribe(sink) {
      sinks.add(sink);
      void open();
    },
    ready: () => open().then(() => undefined),
    close() {
      closed = true;
      sinks.clear();
      void client?.end().catch(() => undefined);
      client = null;
    },
  };
}
