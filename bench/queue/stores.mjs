#!/usr/bin/env node
// npm run bench:queue -- --db postgres://user@host/db   (or --db throwaway: a throwaway local cluster, Debian's
// postgresql). The jobs engine's claim+record throughput for 1, 8 and 24 agent processes draining one queue, on
// PostgreSQL and on SQLite, each next to the bare transaction of that database measured in the same run: one write
// transaction shaped like a record (UPDATE a state_jobs row, INSERT a state_executions row), run by as many
// concurrent connections as there are agents (SQLite has one writer at a time: its floor is one held connection).
// Target: at 8 agents, the engine's claim+record within 3x of PostgreSQL's bare transaction. Then the wake of a parked
// claim by a submit elsewhere (p95 of 50 under 100 ms): between two engine contexts, and between two `sm serve --mcp`
// processes on two clones of the project (claim_job {wait} on one, submit_job on the other).
//
// Agents are child processes that build the engine context a CLI run or `sm serve` builds (`--db` → the project's
// PostgreSQL state session on one kept connection), on a real scanned project (bench/scan's generator).
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { drainQueue, forkAgents, queueProject, runAgents } from '../lib/agents.mjs';
import { connectionFloor } from './connection-floor.mjs';

const DIST = new URL('../../packages/skill-map/dist/', import.meta.url);
const load = (rel) => import(new URL(rel, DIST).href);
const require = createRequire(new URL('../../packages/skill-map/package.json', import.meta.url));
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? def : process.argv[i + 1];
};
const JOBS = Number(arg('jobs', 2000));
const AGENT_COUNTS = String(arg('agents', '1,8,24')).split(',').map(Number);
const SELF = fileURLToPath(import.meta.url);
const BIN = fileURLToPath(new URL('../../packages/skill-map/bin/sm.js', import.meta.url));
const fmt = (v, d = 2) => v.toFixed(d);

async function engineContext(root, target) {
  const { createEngineContext } = await load('engines/operable/create-context.js');
  const { testCatalog } = await load('engines/jobs/testing/extensions.js');
  return createEngineContext({
    scopeRoot: root,
    dbPath: target.dbPath ?? '',
    channel: 'mcp',
    extensions: testCatalog(),
    reuseConnection: true,
    ...(target.url === undefined ? {} : { server: { url: target.url, projectId: target.projectId } }),
  });
}

const REPORT = JSON.stringify({
  confidence: 0.9,
  safety: { injectionDetected: false, contentQuality: 'clean' },
  summary: 'A summary.',
});

const drain = async (ctx) => drainQueue(await load('engines/jobs/index.js'), ctx, () => REPORT);

// ---------------------------------------------------------------- agent child
if (process.argv[2] === '--agent') {
  const target = JSON.parse(process.argv[4]);
  const ctx = await engineContext(process.argv[3], target);
  process.send({ ready: true });
  await new Promise((resolve) => process.once('message', resolve)); // start together
  const n = await drain(ctx);
  ctx.close?.();
  process.send({ n });
  process.exit(0);
}

/** Forks `count` agents, starts them together, answers the wall time (ms) until the queue is drained. */
async function agents(root, target, count) {
  const { ms, counts } = await runAgents(
    await forkAgents(SELF, ['--agent', root, JSON.stringify(target)], count),
  );
  const total = counts.reduce((a, b) => a + b, 0);
  if (total !== JOBS) throw new Error(`${count} agents drained ${total} of ${JOBS}`);
  return ms;
}

async function submitAll(ctx, nodes) {
  const { submitJob } = await load('engines/jobs/index.js');
  const { SUMMARIZER_ID } = await load('engines/jobs/testing/extensions.js');
  for (const node of nodes) {
    const out = await submitJob(ctx, { node, extension: SUMMARIZER_ID });
    if (out.outcome !== 'created') throw new Error(`submit ${node}: ${out.outcome}`);
  }
}

/** PostgreSQL's bare record-shaped transaction, `count` connections at once over `n` job rows: ms per transaction. */
async function pgFloor(url, projectId, n, count) {
  const pg = require('pg');
  const clients = Array.from({ length: count }, () => new pg.Client({ connectionString: url }));
  await Promise.all(clients.map((c) => c.connect()));
  try {
    const ids = (
      await clients[0].query('SELECT id FROM state_jobs WHERE project_id = $1 LIMIT $2', [projectId, n])
    ).rows.map((r) => r.id);
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      clients.map(async (c) => {
        for (let i = next++; i < ids.length; i = next++) {
          await c.query('BEGIN');
          await c.query('UPDATE state_jobs SET finished_at = $1 WHERE project_id = $2 AND id = $3', [
            i,
            projectId,
            ids[i],
          ]);
          await c.query(
            `INSERT INTO state_executions (project_id, id, extension_id, extension_version, node_ids_json, status,
              finished_at, job_id) VALUES ($1, $2, 'x', '1', '[]', 'completed', $3, $4)`,
            [projectId, `floor-${count}-${i}-${randomUUID()}`, i, ids[i]],
          );
          await c.query('COMMIT');
        }
      }),
    );
    return (performance.now() - t0) / ids.length;
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

/** SQLite's bare record-shaped IMMEDIATE transaction on a held connection, on a copy of the database. */
function sqliteFloor(dbPath, n) {
  const Database = require('better-sqlite3');
  const copy = `${dbPath}.floor.db`;
  const src = new Database(dbPath);
  src.pragma('wal_checkpoint(TRUNCATE)');
  src.close();
  copyFileSync(dbPath, copy);
  const db = new Database(copy);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const ids = db.prepare('SELECT id FROM state_jobs LIMIT ?').pluck().all(n);
  const t0 = performance.now();
  ids.forEach((id, i) =>
    db
      .transaction(() => {
        db.prepare('UPDATE state_jobs SET finished_at = ? WHERE id = ?').run(i, id);
        db.prepare(
          `INSERT INTO state_executions (id, extension_id, extension_version, node_ids_json, status, finished_at, job_id)
           VALUES (?, 'x', '1', '[]', 'completed', ?, ?)`,
        ).run(`floor-${i}`, i, id);
      })
      .immediate(),
  );
  const ms = (performance.now() - t0) / ids.length;
  db.close();
  for (const s of ['', '-wal', '-shm']) rmSync(`${copy}${s}`, { force: true });
  return ms;
}

/** Two `sm serve --mcp --db url` on two clones of the project; 50 submits through A each waking a claim parked on B. */
async function acrossServers(root, url, projectId, nodes) {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport } =
    await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  const clones = [root, `${root}-clone`];
  cpSync(root, clones[1], { recursive: true });
  const children = [];
  const clients = [];
  try {
    const mcpUrls = [];
    for (const dir of clones) {
      rmSync(join(dir, '.skill-map'), { recursive: true, force: true });
      mkdirSync(join(dir, '.skill-map'));
      writeFileSync(
        join(dir, '.skill-map', 'settings.json'),
        JSON.stringify({ projectId, jobs: { claimWaitSeconds: 30 } }),
      );
      const child = spawn(
        process.execPath,
        [BIN, 'serve', '--port', '0', '--no-open', '--mcp', '--no-watcher', '--db', url],
        {
          cwd: dir,
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      children.push(child);
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      for (let i = 0; i < 600 && !/mcp\s+(http:\/\/\S+)/.test(err); i++)
        await new Promise((r) => setTimeout(r, 100));
      const found = /mcp\s+(http:\/\/\S+)/.exec(err);
      if (found === null) throw new Error(`sm serve did not start: ${err}`);
      mcpUrls.push(found[1]);
    }
    const call = async (mcpUrl) => {
      const client = new Client({ name: 'bench', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
      clients.push(client);
      return async (name, args = {}) =>
        (await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 })).structuredContent;
    };
    const onA = await call(mcpUrls[0]);
    const onB = await call(mcpUrls[1]);
    const FINDER = 'core/ai-vagueness-analyzer'; // a built-in: the servers run the CLI's catalog
    const lat = [];
    for (let i = 0; i < 50; i++) {
      const parked = onB('claim_job', { wait: 60 });
      await new Promise((r) => setTimeout(r, 30));
      const created = await onA('submit_job', {
        node: nodes[nodes.length - 1 - i],
        extension: FINDER,
      });
      if (created.outcome !== 'created') throw new Error(`submit_job: ${created.outcome}`);
      const t0 = performance.now();
      const claimed = await parked;
      lat.push(performance.now() - t0);
      await onB('cancel_job', { id: claimed.id }).catch(() => undefined);
    }
    lat.sort((a, b) => a - b);
    return { p50: lat[24], p95: lat[Math.ceil(0.95 * lat.length) - 1] };
  } finally {
    for (const c of clients) await c.close().catch(() => undefined);
    for (const child of children) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(clones[1], { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- main
const dbArg = arg('db', undefined);
if (dbArg === undefined) throw new Error('bench/queue/stores.mjs needs --db postgres://… or --db throwaway');
let cluster = null;
let url = dbArg;
if (dbArg === 'throwaway') {
  const { startPostgres } = await load('adapters/testing/postgres.js');
  cluster = await startPostgres();
  if (cluster === null) {
    console.log('bench:queue --db throwaway needs PostgreSQL (Debian: apt-get install postgresql)');
    process.exit(1);
  }
  url = cluster.createDatabase('bench_queue');
}
const root = mkdtempSync(join(tmpdir(), 'sm-bench-queue-stores-'));
const results = [];
try {
  queueProject(root, JOBS + 200);
  const { runScan } = await load('engines/scan/scan-engine.js');
  const { defaultDbPath } = await load('adapters/sqlite/open-database.js');
  const dbPath = defaultDbPath(root);
  const scanned = await runScan({ projectRoot: root, racyWindowMs: -60_000 });
  const nodes = scanned.result.nodes
    .filter((n) => n.virtual !== true)
    .map((n) => n.path)
    .sort()
    .slice(0, JOBS);
  if (nodes.length < JOBS)
    throw new Error(`the generated project has ${nodes.length} file nodes, not ${JOBS}`);
  // The same scan into PostgreSQL, under a project id of its own.
  const projectId = `bench-${randomUUID()}`;
  const { openPgSession } = await load('adapters/postgres/pg-session.js');
  const { createPgScanZone } = await load('adapters/postgres/scan-zone.js');
  const pgs = openPgSession(url, projectId);
  createPgScanZone(pgs).persistScan(scanned.result, 'bench');
  pgs.close();

  const stores = [
    { name: 'PostgreSQL', target: { url, projectId } },
    { name: 'SQLite', target: { dbPath } },
  ];
  console.log(
    `bench:queue on ${JOBS} scanned nodes; agents ${AGENT_COUNTS.join(', ')}; PostgreSQL ${url.replace(/:[^:@/]*@/, ':***@')}\n`,
  );
  for (const store of stores) {
    const ctx = await engineContext(root, store.target);
    for (const count of AGENT_COUNTS) {
      await submitAll(ctx, nodes);
      const ms = await agents(root, store.target, count);
      const cycle = ms / JOBS;
      const floor =
        store.name === 'PostgreSQL' ? await pgFloor(url, projectId, JOBS, count) : sqliteFloor(dbPath, JOBS);
      const ratio = cycle / floor;
      const target = store.name === 'PostgreSQL' && count === 8;
      results.push(target ? ratio <= 3 : null);
      console.log(
        `${target ? (ratio <= 3 ? 'PASS' : 'FAIL') : 'INFO'}  ${store.name.padEnd(10)} ${String(count).padStart(2)} agents  ` +
          `${fmt(JOBS / (ms / 1000), 0).padStart(6)} claim+record/s (${fmt(cycle, 3)} ms each)   ` +
          `bare transaction ${fmt(1000 / floor, 0).padStart(6)}/s (${fmt(floor, 3)} ms, ${store.name === 'SQLite' ? 'one writer' : `${count} connections`})   ` +
          `${fmt(ratio, 2)}x${target ? '  target <= 3x' : ''}`,
      );
      if (store.name === 'PostgreSQL') {
        // Where the cycle goes: the same statements through skill-map's synchronous connection, without the engine.
        const conn = await connectionFloor(url, count, JOBS);
        console.log(
          `INFO  PostgreSQL ${String(count).padStart(2)} agents  the cycle's statements through the synchronous connection, ` +
            `no engine: ${fmt(1000 / conn, 0)}/s (${fmt(conn, 3)} ms, ${fmt(conn / floor, 2)}x the bare transaction)`,
        );
      }
    }
    ctx.close?.();
  }

  // A claim parked on one agent's context, woken by a submit through another's (PostgreSQL LISTEN/NOTIFY), with a
  // 30 s interval: the time from the submit's commit to the claim's return, 50 times.
  const parked = await engineContext(root, { url, projectId });
  const submitter = await engineContext(root, { url, projectId });
  const { claimJobWaiting, recordJob, submitJob } = await load('engines/jobs/index.js');
  const { SUMMARIZER_ID } = await load('engines/jobs/testing/extensions.js');
  const wakes = [];
  for (let i = 0; i < 50; i++) {
    const claim = claimJobWaiting(parked, {}, { waitSeconds: 60, intervalSeconds: 30 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const out = await submitJob(submitter, { node: nodes[i], extension: SUMMARIZER_ID });
    if (out.outcome !== 'created') throw new Error(`submit: ${out.outcome}`);
    const t0 = performance.now();
    const job = await claim;
    wakes.push(performance.now() - t0);
    await recordJob(parked, { id: job.id, nonce: job.nonce, status: 'completed', report: REPORT });
  }
  wakes.sort((a, b) => a - b);
  const p95 = wakes[Math.ceil(0.95 * wakes.length) - 1];
  results.push(p95 < 100);
  console.log(
    `${p95 < 100 ? 'PASS' : 'FAIL'}  PostgreSQL parked claim woken by a submit elsewhere: p50 ${fmt(wakes[24], 1)} ms, ` +
      `p95 ${fmt(p95, 1)} ms (50; interval 30 s)  target p95 < 100 ms`,
  );
  parked.close?.();
  submitter.close?.();

  // The same across two `sm serve --mcp` processes (two clones of the project, one projectId): claim_job {wait}
  // parked on server B, submit_job through server A; the time from A's answer to B's.
  const across = await acrossServers(root, url, projectId, nodes);
  results.push(across.p95 < 100);
  console.log(
    `${across.p95 < 100 ? 'PASS' : 'FAIL'}  PostgreSQL claim_job {wait} on one server woken by submit_job on another: ` +
      `p50 ${fmt(across.p50, 1)} ms, p95 ${fmt(across.p95, 1)} ms (50)  target p95 < 100 ms`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
  cluster?.stop();
}
const failed = results.filter((r) => r === false).length;
console.log(`\n${results.filter((r) => r === true).length} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
