#!/usr/bin/env node
// npm run bench:queue: the jobs engine's throughput on a real scanned project and a real SQLite file, next to the
// bare SQLite transaction floor measured in the same run on a copy of the same database (ratios, not absolutes).
//
//   node bench/queue/run.mjs [--jobs 2000] [--agents 8]   (after npm run build)
//   npm run bench:queue -- --db postgres://user@host/db | throwaway   (bench/queue/stores.mjs)
//
// The project is bench/scan's generator (skills, agents, commands, docs, CLAUDE.md, MCP configs and mcp__ tool
// uses, broken references): jobs are submitted on its real nodes, so every submit re-reads and re-hashes a file.
// Figures: submit (jobs/s); one agent's claim+record cycle as `sm serve` runs the engines (one write connection kept
// between calls, every call still re-checking the file and schema) and as a one-shot context opens and closes the
// database per call (the CLI); eight concurrent agent PROCESSES draining one queue; the floor (one IMMEDIATE write
// transaction updating a state_jobs row and inserting a state_executions row, on a held connection, and on a
// connection opened per call); and the `/mcp` round trip of `claim_job` on an empty queue against a bare
// node:http JSON-RPC echo. Target: a claim+record cycle (two engine calls) within 5x of the held-connection floor.
import { fork } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { median, quantile } from '../lib/stats.mjs';
import { drainQueue, forkAgents, queueProject, runAgents } from '../lib/agents.mjs';
import { mcpClient, serveEcho } from '../lib/mcp-http.mjs';

// `--db postgres://…` (or `--db throwaway`): the store comparison of stores.mjs instead (PostgreSQL and SQLite,
// 1, 8 and 24 agents, each next to its bare transaction).
if (process.argv[2] !== '--agent' && process.argv.includes('--db')) {
  await import('./stores.mjs');
  process.exit(process.exitCode ?? 0);
}

const DIST = new URL('../../packages/skill-map/dist/', import.meta.url);
const load = (rel) => import(new URL(rel, DIST).href);
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? def : Number(process.argv[i + 1]);
};
const JOBS = arg('jobs', 2000);
const AGENTS = arg('agents', 8);
const SELF = fileURLToPath(import.meta.url);

async function engineContext(root, dbPath, reuseConnection = true, channel = 'mcp', events) {
  const { createEngineContext } = await load('engines/operable/create-context.js');
  const { testCatalog } = await load('engines/jobs/testing/extensions.js');
  return createEngineContext({
    scopeRoot: root,
    dbPath,
    channel,
    extensions: testCatalog(),
    reuseConnection,
    ...(events ? { events } : {}),
  });
}

const report = (content) =>
  JSON.stringify({
    confidence: 0.9,
    safety: { injectionDetected: false, contentQuality: 'clean' },
    ...(content.includes('Propose tags')
      ? { tags: ['a'] }
      : content.includes('Find every unclear')
        ? { findings: [] }
        : { summary: 'A summary.' }),
  });

/** claim → record until the queue is empty; returns the cycle count. */
const drain = async (ctx) => drainQueue(await load('engines/jobs/index.js'), ctx, report);

// ---------------------------------------------------------------- agent child
if (process.argv[2] === '--agent') {
  const [root, dbPath] = process.argv.slice(3);
  const ctx = await engineContext(root, dbPath);
  process.send({ ready: true });
  await new Promise((resolve) => process.once('message', resolve)); // start together
  const n = await drain(ctx);
  process.send({ n });
  process.exit(0);
}

// ---------------------------------------------------------------- MCP server child
if (process.argv[2] === '--server') {
  const [root, dbPath] = process.argv.slice(3);
  const { createSqliteMapReader } = await load('server/read/sqlite-map-reader.js');
  const { createEngineScanPort } = await load('server/scan/engine-scan-port.js');
  const { runServe } = await load('server/run-serve.js');
  const { createEngineContext } = await load('engines/operable/create-context.js');
  const { testCatalog } = await load('engines/jobs/testing/extensions.js');
  const running = await runServe(
    {
      port: 0,
      mcp: true,
      open: false,
      handleSignals: true,
      bannerStream: null,
      serveInfo: false,
      watchDebounceMs: 300,
    },
    {
      scopeRoot: root,
      dbPath,
      reader: createSqliteMapReader({ dbPath, scopeRoot: root }),
      scanner: createEngineScanPort({ projectRoot: root, dbPath }),
      config: { merged: {} },
      engines: (channel, events) =>
        createEngineContext({
          scopeRoot: root,
          dbPath,
          channel,
          events,
          extensions: testCatalog(),
          reuseConnection: true,
        }),
      logger: { info() {}, warn() {}, error: (m, e) => process.stderr.write(`${m} ${e?.stack ?? ''}\n`) },
    },
  );
  await running.watcherReady;
  process.on('message', (m) => m === 'stop' && void running.close().then(() => process.exit(0)));
  process.send({ port: running.port });
  await new Promise(() => {});
}

// ---------------------------------------------------------------- echo floor child (bench/lib/mcp-http.mjs)
if (process.argv[2] === '--echo') await serveEcho();

// ---------------------------------------------------------------- helpers of the main process
const fmt = (v, d = 2) => v.toFixed(d);
const results = [];
function line(name, ok, value, target) {
  results.push(ok);
  console.log(
    `${ok === null ? 'INFO' : ok ? 'PASS' : 'FAIL'}  ${name.padEnd(44)} ${value.padEnd(30)} ${target}`,
  );
}

async function submitAll(ctx, nodes, extension) {
  const { submitJob } = await load('engines/jobs/index.js');
  const t0 = performance.now();
  for (const node of nodes) {
    const out = await submitJob(ctx, { node, extension });
    if (out.outcome !== 'created') throw new Error(`submit ${node}: ${out.outcome}`);
  }
  return performance.now() - t0;
}

/**
 * The floor: one IMMEDIATE transaction shaped like a record (UPDATE a job row + INSERT an execution row) on a copy
 * of the project database, with the store's pragmas (WAL, synchronous NORMAL), on a held connection and on a
 * connection opened and closed per call. `hold`: another connection stays open meanwhile (as in `sm serve`), so a
 * close is not the last one and does not checkpoint the WAL.
 */
function sqliteFloor(dbPath, n, hold) {
  const require = createRequire(new URL('../../packages/skill-map/package.json', import.meta.url));
  const Database = require('better-sqlite3');
  const copy = `${dbPath}.floor.db`;
  const src = new Database(dbPath);
  src.pragma('wal_checkpoint(TRUNCATE)');
  src.close();
  copyFileSync(dbPath, copy);
  const open = () => {
    const db = new Database(copy);
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    return db;
  };
  const keeper = hold ? open() : null;
  const reader = keeper ?? open();
  const ids = reader.prepare(`SELECT id FROM state_jobs LIMIT ?`).pluck().all(n);
  if (keeper === null) reader.close();
  const once = (db, id, i) =>
    db
      .transaction(() => {
        db.prepare(`UPDATE state_jobs SET finished_at = ? WHERE id = ?`).run(i, id);
        db.prepare(
          `INSERT INTO state_executions (id, extension_id, extension_version, node_ids_json, status, finished_at, job_id)
           VALUES (?, 'x', '1', '[]', 'completed', ?, ?)`,
        ).run(`floor-${hold}-${i}`, i, id);
      })
      .immediate();
  const held = open();
  let t0 = performance.now();
  ids.forEach((id, i) => once(held, id, i));
  const heldMs = (performance.now() - t0) / ids.length;
  held.close();
  t0 = performance.now();
  ids.forEach((id, i) => {
    const db = open();
    once(db, id, i + n);
    db.close();
  });
  const openMs = (performance.now() - t0) / ids.length;
  keeper?.close();
  for (const s of ['', '-wal', '-shm']) rmSync(`${copy}${s}`, { force: true });
  return { heldMs, openMs };
}

const { post, session: mcpSession } = mcpClient(4);
async function timeCalls(port, sid, n, body) {
  const lat = [];
  for (let i = 0; i < n; i += 1) {
    const t = performance.now();
    await post(port, body(i), sid);
    lat.push(performance.now() - t);
  }
  return { p50: median(lat), p99: quantile(lat, 0.99) };
}
async function forkChild(args) {
  const child = fork(SELF, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const msg = await new Promise((resolve) => child.once('message', resolve));
  return { child, msg };
}
const stop = async (child) => {
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
};

// ---------------------------------------------------------------- main
const root = mkdtempSync(join(tmpdir(), 'sm-bench-queue-'));
try {
  queueProject(root, JOBS + 200);
  const { runScan } = await load('engines/scan/scan-engine.js');
  const { defaultDbPath } = await load('adapters/sqlite/open-database.js');
  const dbPath = defaultDbPath(root);
  await runScan({ projectRoot: root, racyWindowMs: -60_000 });
  const require = createRequire(new URL('../../packages/skill-map/package.json', import.meta.url));
  const Database = require('better-sqlite3');
  const listing = new Database(dbPath, { readonly: true });
  const nodes = listing
    .prepare(`SELECT path FROM scan_nodes WHERE virtual = 0 ORDER BY path LIMIT ?`)
    .pluck()
    .all(JOBS);
  listing.close();
  if (nodes.length < JOBS)
    throw new Error(`the generated project has ${nodes.length} file nodes, not ${JOBS}`);
  const ctx = await engineContext(root, dbPath);
  const oneShot = await engineContext(root, dbPath, false, 'cli');
  const { FINDER_ID, SUMMARIZER_ID, TAGGER_ID } = await load('engines/jobs/testing/extensions.js');
  console.log(`bench:queue on ${JOBS} scanned nodes, ${AGENTS} agent processes\n`);

  // One agent on the engines as `sm serve` runs them (the map reader keeps its own connection open meanwhile).
  const keeper = new Database(dbPath, { readonly: true });
  keeper.prepare('SELECT 1 FROM scan_meta').get();
  const submitMs = await submitAll(ctx, nodes, SUMMARIZER_ID);
  let t0 = performance.now();
  if ((await drain(ctx)) !== JOBS) throw new Error('one agent did not drain the queue');
  const heldMs = performance.now() - t0;

  // The same through a one-shot context that opens and closes the database per call (what one CLI call does).
  await submitAll(ctx, nodes, TAGGER_ID);
  t0 = performance.now();
  if ((await drain(oneShot)) !== JOBS) throw new Error('one agent did not drain the queue');
  const perCallMs = performance.now() - t0;
  keeper.close();

  // Eight agent processes over one queue.
  await submitAll(ctx, nodes, FINDER_ID);
  const { ms: manyMs, counts } = await runAgents(await forkAgents(SELF, ['--agent', root, dbPath], AGENTS));
  const total = counts.reduce((a, b) => a + b, 0);
  if (total !== JOBS) throw new Error(`agents drained ${total}`);

  const n = Math.min(JOBS, 2000);
  const bare = sqliteFloor(dbPath, n, false);
  const shared = sqliteFloor(dbPath, n, true);
  console.log(
    '      floor: one bare IMMEDIATE write transaction (UPDATE state_jobs + INSERT state_executions), same pragmas,',
  );
  console.log('             on a copy of the database:');
  console.log(
    `             alone on the file: held connection ${fmt(bare.heldMs, 3)} ms, opened+closed per call ${fmt(bare.openMs, 3)} ms`,
  );
  console.log(
    `             another connection open: held ${fmt(shared.heldMs, 3)} ms, opened+closed per call ${fmt(shared.openMs, 3)} ms`,
  );
  line(
    'submit, one process',
    null,
    `${fmt(JOBS / (submitMs / 1000), 0)} jobs/s (${fmt(submitMs / JOBS, 2)} ms/job)`,
    '',
  );
  const cycle = heldMs / JOBS;
  line(
    'claim+record cycle, one agent (serve engines)',
    cycle <= 5 * shared.heldMs,
    `${fmt(cycle, 2)} ms = ${fmt(cycle / shared.heldMs, 2)}x floor`,
    `target <= 5x the held-connection floor (${fmt(shared.heldMs, 3)} ms)`,
  );
  const perCall = perCallMs / JOBS;
  line(
    'claim+record cycle, one-shot contexts',
    null,
    `${fmt(perCall, 2)} ms = ${fmt(perCall / shared.openMs, 2)}x per-call floor`,
    `two opens per cycle; the per-call floor is one (${fmt(shared.openMs, 3)} ms)`,
  );
  line(
    `claim+record, ${AGENTS} agent processes`,
    null,
    `${fmt(JOBS / (manyMs / 1000), 0)} jobs/s (${fmt(manyMs, 0)} ms wall)`,
    `one agent: ${fmt(JOBS / (heldMs / 1000), 0)} jobs/s; split ${counts.join('/')}`,
  );

  // MCP claim_job on an empty queue vs an echo floor.
  const { child: echo, msg: echoMsg } = await forkChild(['--echo']);
  const echoT = await timeCalls(echoMsg.port, 'echo', 2000, (i) => ({
    jsonrpc: '2.0',
    id: i,
    method: 'tools/call',
  }));
  await stop(echo);
  const { child: server, msg: serverMsg } = await forkChild(['--server', root, dbPath]);
  try {
    const sid = await mcpSession(serverMsg.port);
    const tools = JSON.parse(
      (await post(serverMsg.port, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, sid)).body,
    );
    const names = (tools.result?.tools ?? []).map((t) => t.name);
    if (!names.includes('claim_job')) {
      line('/mcp claim_job (empty queue)', null, 'not measured: claim_job not registered', '');
    } else {
      const call = (i) => ({
        jsonrpc: '2.0',
        id: i + 10,
        method: 'tools/call',
        params: { name: 'claim_job', arguments: {} },
      });
      await timeCalls(serverMsg.port, sid, 200, call);
      const c = await timeCalls(serverMsg.port, sid, 2000, call);
      line(
        '/mcp claim_job (empty queue)',
        null,
        `p50 ${fmt(c.p50)} ms, p99 ${fmt(c.p99)} ms`,
        `echo floor p50 ${fmt(echoT.p50)} ms (${fmt(c.p50 / echoT.p50, 1)}x), p99 ${fmt(echoT.p99)} ms`,
      );
    }
  } finally {
    await stop(server);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
const failed = results.filter((r) => r === false).length;
console.log(`\n${results.filter((r) => r === true).length} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
