// One PostgreSQL connection called synchronously. The store ports are synchronous (SQLite answers on the calling
// thread), so the connection lives in a worker thread with node-postgres: each call posts its statement, blocks on
// a shared flag (Atomics.wait, bounded) and takes the answer with receiveMessageOnPort, as the calling thread
// waits for SQLite's disk. No engine learns which database it talks to. The connection string reaches the worker
// only; credentials come from it, PGPASSWORD or ~/.pgpass (node-postgres reads both), never from a file of ours.
import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { AdapterError } from '../errors.js';
import { withoutPassword } from './url.js';

/** The worker: connects, then runs `{statements}` one message at a time (a list runs in order, stopping at an error). */
const WORKER = `
const { workerData } = require('node:worker_threads');
const pg = require(workerData.pgPath);
const flag = new Int32Array(workerData.shared);
const port = workerData.port;
const int8 = (v) => { const n = Number(v); return Number.isSafeInteger(n) ? n : v; };
const types = { getTypeParser: (oid, format) => (oid === 20 ? int8 : pg.types.getTypeParser(oid, format)) };
const client = new pg.Client({ connectionString: workerData.url, types, application_name: 'skill-map', pipeline: true });
// Each answer carries its call's number, stored in the flag after the answer is posted (see wait below).
let call = 1; // the connection's answer is call 1
const reply = (msg) => {
  port.postMessage({ ...msg, call });
  Atomics.store(flag, 0, call);
  Atomics.notify(flag, 0);
};
const failure = (e) => ({ ok: false, error: { message: e && e.message ? e.message : String(e),
  code: e && e.code, constraint: e && e.constraint } });
let broken = null;
const names = new Map();
const named = (sql) => {
  let n = names.get(sql);
  if (n === undefined) { n = 'sm_' + names.size; names.set(sql, n); }
  return n;
};
client.on('error', (e) => { broken = e; });
port.on('message', async (msg) => {
  call = msg.call;
  if (broken !== null) return reply(failure(broken));
  const results = [];
  // The list goes out at once (pipeline mode: one round trip however many statements) and is answered in order. A
  // statement with parameters is prepared once per connection, by name (the server skips parse and plan). The first
  // error is the answer; inside a transaction the statements after it fail with it and change nothing.
  let settled;
  try {
    settled = await Promise.allSettled(msg.statements.map((s) =>
      client.query(s.params.length > 0 ? { name: named(s.sql), text: s.sql, values: s.params } : { text: s.sql })));
  } catch (e) { return reply(failure(e)); }
  for (const r of settled) {
    if (r.status === 'rejected') return reply(failure(r.reason));
    results.push({ rows: r.value.rows, rowCount: r.value.rowCount === null ? 0 : r.value.rowCount });
  }
  reply({ ok: true, results });
});
client.connect().then(() => reply({ ok: true, results: [] }), (e) => reply(failure(e)));
`;

/** One statement and its positional parameters ($1, $2, ...). */
export interface Statement {
  sql: string;
  params?: readonly unknown[];
}

/** What a statement answered. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** An error PostgreSQL (or the connection) reported, with its SQLSTATE code and constraint when it gave them. */
export class PgError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly constraint: string | undefined,
  ) {
    super(message);
    this.name = 'PgError';
  }
}

/** A synchronous connection. */
export interface SyncPg {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): QueryResult<T>;
  /**
   * Several statements in one round trip, in order; the first error throws (inside a transaction the ones after it
   * fail with it; outside one they are separate statements and still run).
   */
  batch(statements: readonly Statement[]): QueryResult<Record<string, unknown>>[];
  close(): void;
}

/** How long a call may wait for its answer (ms): connecting, or one statement list. */
const CALL_LIMIT_MS = 60_000;

interface Reply {
  ok: boolean;
  results?: QueryResult<Record<string, unknown>>[];
  error?: { message: string; code?: string; constraint?: string };
}

/** Opens a connection to `url` (postgres:// or postgresql://); AdapterError DB_SERVER_FAILED when it cannot connect. */
export function openSyncPg(url: string): SyncPg {
  const shared = new SharedArrayBuffer(4);
  const flag = new Int32Array(shared);
  const { port1, port2 } = new MessageChannel();
  const pgPath = createRequire(import.meta.url).resolve('pg');
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { url, pgPath, shared, port: port2 },
    transferList: [port2],
  });
  worker.unref();
  port1.unref();
  let closed: string | null = null;
  let call = 1;
  /**
   * Waits for the answer of call `call`. A wake-up is only a hint: the worker stores the call's number after posting
   * its answer and then notifies, and a notify of an earlier call can land while this one waits (the worker paused
   * between its store and its notify). So the flag is read until it holds this call's number, and answers of
   * earlier calls still queued are passed over: a call never takes another call's answer.
   */
  const wait = (what: string): QueryResult<Record<string, unknown>>[] => {
    const deadline = Date.now() + CALL_LIMIT_MS;
    for (let seen = Atomics.load(flag, 0); seen !== call; seen = Atomics.load(flag, 0)) {
      const left = deadline - Date.now();
      if (
        left <= 0 ||
        (Atomics.wait(flag, 0, seen, left) === 'timed-out' && Atomics.load(flag, 0) !== call)
      ) {
        closed = `PostgreSQL did not answer ${what} within ${CALL_LIMIT_MS / 1000} s`;
        void worker.terminate();
        throw new PgError(closed, undefined, undefined);
      }
    }
    let reply: (Reply & { call: number }) | undefined;
    do reply = receiveMessageOnPort(port1)?.message as (Reply & { call: number }) | undefined;
    while (reply !== undefined && reply.call !== call);
    if (reply === undefined)
      throw new PgError('the PostgreSQL connection gave no answer', undefined, undefined);
    if (!reply.ok)
      throw new PgError(reply.error?.message ?? 'failed', reply.error?.code, reply.error?.constraint);
    return reply.results ?? [];
  };
  try {
    wait('the connection');
  } catch (err) {
    void worker.terminate();
    throw new AdapterError(
      'DB_SERVER_FAILED',
      `could not connect to PostgreSQL at ${withoutPassword(url)}: ${(err as Error).message}`,
      { cause: err },
    );
  }
  const batch = (statements: readonly Statement[]): QueryResult<Record<string, unknown>>[] => {
    if (closed !== null) throw new PgError(closed, undefined, undefined);
    call = call >= 0x3fffffff ? 2 : call + 1;
    port1.postMessage({ call, statements: statements.map((s) => ({ sql: s.sql, params: s.params ?? [] })) });
    return wait('a statement');
  };
  return {
    query: <T>(sql: string, params?: readonly unknown[]) =>
      batch([{ sql, ...(params === undefined ? {} : { params }) }])[0] as unknown as QueryResult<T>,
    batch,
    close() {
      if (closed !== null) return;
      closed = 'the PostgreSQL connection is closed';
      port1.close();
      void worker.terminate();
    },
  };
}
