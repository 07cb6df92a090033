// The bare costs bench:queue (stores.mjs) sets the engine's claim+record beside: what the database itself takes for
// the work, through its plain driver (node-postgres called asynchronously, better-sqlite3), statements prepared once,
// no skill-map code. Each runs on rows of its own and removes them.
//
//   cycle   the claim+record cycle as a hand-written queue client runs it, two transactions as an agent's cycle is:
//           the claim (one UPDATE of the best queued row, picked with FOR UPDATE SKIP LOCKED on PostgreSQL, and
//           returning its nonce), then the record (a guarded UPDATE running -> completed and the execution row's
//           INSERT in one transaction). The target's yardstick.
//   record  the record-shaped transaction alone (UPDATE a job row, INSERT an execution row): half a cycle.
import { randomUUID } from 'node:crypto';
import { copyFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../packages/skill-map/package.json', import.meta.url));

const PG_CLAIM = `WITH picked AS (SELECT id FROM state_jobs WHERE project_id = $1 AND status = 'queued'
    ORDER BY priority DESC, created_at, seq LIMIT 1 FOR UPDATE SKIP LOCKED)
  UPDATE state_jobs j SET status = 'running', claimed_at = $2::bigint, runner = 'agent',
    expires_at = $2::bigint + 600000
    FROM picked WHERE j.project_id = $1 AND j.id = picked.id RETURNING j.id, j.nonce`;
const PG_SETTLE = `UPDATE state_jobs SET status = 'completed', finished_at = $3
  WHERE project_id = $1 AND id = $2 AND status = 'running'`;
const PG_EXECUTION = `INSERT INTO state_executions (project_id, id, extension_id, extension_version, node_ids_json,
    status, finished_at, job_id) VALUES ($1, $2, 'x', '1', '[]', 'completed', $3, $4)`;

/** `n` queued jobs of a project of their own: its id. */
async function queuePg(client, n) {
  const project = `floor-${randomUUID()}`;
  await client.query(
    `INSERT INTO state_jobs (project_id, id, extension_id, extension_version, extension_kind, node_id, content_hash,
      nonce, status, priority, ttl_seconds, auto_fix, submitted_by, created_at)
      SELECT $1, 'f-' || i, 'core/x', '1', 'analyzer', 'n' || i, 'h', md5(random()::text), 'queued', 0, 600, FALSE,
        'bench', i FROM generate_series(1, $2) AS i`,
    [project, n],
  );
  return project;
}

async function pgClients(url, count) {
  const pg = require('pg');
  const clients = Array.from({ length: count }, () => new pg.Client({ connectionString: url }));
  await Promise.all(clients.map((c) => c.connect()));
  return clients;
}

/** Runs `body(client)` on every client until each answers false; ms per completed body. */
async function drainPg(clients, body, expected) {
  let done = 0;
  const t0 = performance.now();
  await Promise.all(
    clients.map(async (c) => {
      while (await body(c)) done += 1;
    }),
  );
  if (done !== expected) throw new Error(`the floor completed ${done} of ${expected}`);
  return (performance.now() - t0) / done;
}

/** PostgreSQL: ms per bare claim+record cycle (`mode` 'cycle') or per record transaction ('record'), `count` connections. */
export async function pgFloor(url, n, count, mode) {
  const clients = await pgClients(url, count);
  const project = await queuePg(clients[0], n);
  try {
    if (mode === 'record') {
      let next = 0;
      return await drainPg(
        clients,
        async (c) => {
          const i = ++next;
          if (i > n) return false;
          await c.query('BEGIN');
          await c.query({
            name: 'touch',
            text: 'UPDATE state_jobs SET finished_at = $3 WHERE project_id = $1 AND id = $2',
            values: [project, `f-${i}`, i],
          });
          await c.query({ name: 'exec', text: PG_EXECUTION, values: [project, randomUUID(), i, `f-${i}`] });
          await c.query('COMMIT');
          return true;
        },
        n,
      );
    }
    return await drainPg(
      clients,
      async (c) => {
        const now = Date.now();
        const job = (await c.query({ name: 'claim', text: PG_CLAIM, values: [project, now] })).rows[0];
        if (job === undefined) return false;
        await c.query('BEGIN');
        const settled = await c.query({ name: 'settle', text: PG_SETTLE, values: [project, job.id, now] });
        if (settled.rowCount !== 1) throw new Error(`job ${job.id} was not running`);
        await c.query({ name: 'exec', text: PG_EXECUTION, values: [project, randomUUID(), now, job.id] });
        await c.query('COMMIT');
        return true;
      },
      n,
    );
  } finally {
    await clients[0].query('DELETE FROM state_executions WHERE project_id = $1', [project]);
    await clients[0].query('DELETE FROM state_jobs WHERE project_id = $1', [project]);
    await Promise.all(clients.map((c) => c.end()));
  }
}

/** SQLite: the same on a copy of the database `dbPath`, one held connection (one writer at a time); ms per unit. */
export function sqliteFloor(dbPath, n, mode) {
  const Database = require('better-sqlite3');
  const copy = `${dbPath}.floor.db`;
  const src = new Database(dbPath);
  src.pragma('wal_checkpoint(TRUNCATE)');
  src.close();
  copyFileSync(dbPath, copy);
  const db = new Database(copy);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.prepare(
      `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ?)
       INSERT INTO state_jobs (id, extension_id, extension_version, extension_kind, node_id, content_hash, nonce,
         status, priority, ttl_seconds, auto_fix, submitted_by, created_at)
       SELECT 'f-' || i, 'core/floor', '1', 'analyzer', 'n' || i, 'h', hex(randomblob(8)), 'queued', 0, 600, 0,
         'bench', i FROM s`,
    ).run(n);
    const claim = db.prepare(
      `UPDATE state_jobs SET status = 'running', claimed_at = @now, runner = 'agent', expires_at = @now + 600000
        WHERE id = (SELECT id FROM state_jobs WHERE status = 'queued' ORDER BY priority DESC, created_at, rowid
          LIMIT 1) AND status = 'queued' RETURNING id, nonce`,
    );
    const settle = db.prepare(
      `UPDATE state_jobs SET status = 'completed', finished_at = ? WHERE id = ? AND status = 'running'`,
    );
    const touch = db.prepare('UPDATE state_jobs SET finished_at = ? WHERE id = ?');
    const exec = db.prepare(
      `INSERT INTO state_executions (id, extension_id, extension_version, node_ids_json, status, finished_at, job_id)
       VALUES (?, 'x', '1', '[]', 'completed', ?, ?)`,
    );
    const claimTx = db.transaction((now) => claim.get({ now }));
    const recordTx = db.transaction((id, now) => {
      if (settle.run(now, id).changes !== 1) throw new Error(`job ${id} was not running`);
      exec.run(randomUUID(), now, id);
    });
    const touchTx = db.transaction((id, i) => {
      touch.run(i, id);
      exec.run(randomUUID(), i, id);
    });
    let done = 0;
    const t0 = performance.now();
    if (mode === 'record') for (; done < n; done++) touchTx.immediate(`f-${done + 1}`, done);
    else
      for (let job = claimTx.immediate(Date.now()); job !== undefined; job = claimTx.immediate(Date.now())) {
        recordTx.immediate(job.id, Date.now());
        done += 1;
      }
    if (done !== n) throw new Error(`the floor completed ${done} of ${n}`);
    return (performance.now() - t0) / n;
  } finally {
    db.close();
    for (const s of ['', '-wal', '-shm']) rmSync(`${copy}${s}`, { force: true });
  }
}
