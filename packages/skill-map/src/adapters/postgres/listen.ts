// A connection that LISTENs on one channel (asynchronous: node-postgres on this thread), shared by the claim wake
// (queue-wake.ts) and the event relay (event-relay.ts). Its socket never keeps a process alive by itself (a CLI run
// ends when its work does), and a lost connection is dropped quietly: its users fall back (a parked claim to its
// interval, a server to its own events).
import { createRequire } from 'node:module';

/** The listening connection, which can also send (a NOTIFY). */
export interface PgListener {
  query(sql: string, params?: unknown[]): Promise<unknown>;
  end(): Promise<void>;
}

interface Client extends PgListener {
  connect(): Promise<void>;
  on(event: 'notification', fn: (m: { channel: string; payload?: string }) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
}

/** Connects to `url` and listens on `channel`, handing each notification's payload to `onPayload`. */
export async function listenPg(
  url: string,
  channel: string,
  name: string,
  onPayload: (payload: string) => void,
): Promise<PgListener> {
  const pg = createRequire(import.meta.url)('pg') as { Client: new (o: object) => Client };
  const c = new pg.Client({ connectionString: url, application_name: `skill-map (${name})` });
  c.on('error', () => {
    // Dropped quietly; see above.
  });
  c.on('notification', (m) => {
    if (m.channel === channel && m.payload !== undefined) onPayload(m.payload);
  });
  await c.connect();
  await c.query(`LISTEN ${channel}`);
  (c as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
  return c;
}
