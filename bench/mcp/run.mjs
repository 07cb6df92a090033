#!/usr/bin/env node
// npm run bench:mcp: the MCP endpoint of `sm serve` against its targets, on the synthetic 10,000-node project of
// bench:scan (bench/scan/generate.mjs) scanned by the real engine into a real SQLite file. The hot path is
// printed next to a bare node:http JSON-RPC echo measured in the same run by the same client (a ratio).
//
//   node bench/mcp/run.mjs [--nodes 10000] [--calls 5000] [--long 100000] [--sessions 1000]   (after npm run build)
//   BENCH_SERVER_FLAGS="--trace-gc" node --expose-gc bench/mcp/run.mjs     (extra node flags for the server child)
//
// The server runs in a forked child (so its RSS is its own); this process is the client. The hot-path
// numbers use a minimal keep-alive HTTP client so they measure the server, not an SDK client; the v1 SDK
// client figure is printed alongside as the ceiling a real host sees on this machine.
import { fork } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { generateProject } from '../scan/generate.mjs';
import { mcpClient, serveEcho } from '../lib/mcp-http.mjs';

const DIST = new URL('../../packages/skill-map/dist/server/', import.meta.url);
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? def : Number(process.argv[i + 1]);
};

// ---------------------------------------------------------------- server child
if (process.argv[2] === '--server') {
  const [root, dbPath, maxSessions] = process.argv.slice(3);
  const { createSqliteMapReader } = await import(new URL('read/sqlite-map-reader.js', DIST).href);
  const { createEngineScanPort } = await import(new URL('scan/engine-scan-port.js', DIST).href);
  const { runServe } = await import(new URL('run-serve.js', DIST).href);
  const reader = createSqliteMapReader({ dbPath, scopeRoot: root });
  const running = await runServe(
    {
      port: 0,
      mcp: true,
      open: false,
      handleSignals: true,
      bannerStream: null,
      serveInfo: false,
      watchDebounceMs: 300,
      mcpOptions: { maxSessions: Number(maxSessions), sweepIntervalMs: 0 },
    },
    {
      scopeRoot: root,
      dbPath,
      reader,
      scanner: createEngineScanPort({ projectRoot: root, dbPath }),
      config: { merged: {} },
      logger: { info() {}, warn() {}, error: (m, e) => process.stderr.write(`${m} ${e?.stack ?? ''}\n`) },
    },
  );
  await running.watcherReady;
  process.on('message', (msg) => {
    if (msg === 'mem') {
      globalThis.gc?.();
      globalThis.gc?.();
      const m = process.memoryUsage();
      process.send({ rss: m.rss, heapUsed: m.heapUsed });
    }
    if (msg === 'stop') void running.close().then(() => process.exit(0));
  });
  process.send({ port: running.port });
  await new Promise(() => {});
}

// ---------------------------------------------------------------- echo floor (bench/lib/mcp-http.mjs)
if (process.argv[2] === '--echo') await serveEcho();

// ---------------------------------------------------------------- minimal client
const { agent, post, session } = mcpClient(64);
function openStream(port, sid, onEvent) {
  const req = http.request(
    {
      host: '127.0.0.1',
      port,
      path: '/mcp',
      headers: { accept: 'text/event-stream', 'mcp-session-id': sid },
    },
    (res) => {
      res.setEncoding('utf8');
      let buf = '';
      res.on('data', (d) => {
        buf += d;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (data) onEvent(JSON.parse(data.slice(6)));
        }
      });
    },
  );
  req.end();
  return req;
}
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
async function timeCalls(port, sid, count, make) {
  const lat = [];
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const s = performance.now();
    const r = await post(port, make(i), sid);
    if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${r.body}`);
    lat.push(performance.now() - s);
  }
  const secs = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  return { perSec: count / secs, p50: pct(lat, 0.5), p99: pct(lat, 0.99) };
}
const fmt = (n, d = 2) => n.toFixed(d);

// ---------------------------------------------------------------- main
const N = arg('nodes', 10_000);
const CALLS = arg('calls', 5_000);
const LONG = arg('long', 100_000);
const SESSIONS = arg('sessions', 1_000);
const root = mkdtempSync(join(tmpdir(), 'sm-bench-mcp-'));
const dbPath = join(root, '.skill-map', 'skill-map.db');
const results = [];
const report = (name, value, target, ok) => {
  results.push({ name, value, target, ok });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name.padEnd(44)} ${value.padEnd(26)} target ${target}`);
};
try {
  const t0 = performance.now();
  const project = generateProject(root, N);
  const { createEngineScanPort } = await import(new URL('scan/engine-scan-port.js', DIST).href);
  const summary = await createEngineScanPort({ projectRoot: root, dbPath }).scanAndPersist({ mode: 'full' });
  console.log(
    `bench:mcp on Node ${process.version}: project of ${summary.nodes} nodes, ${summary.links} links, ${summary.issues} issues, generated+scanned in ${fmt((performance.now() - t0) / 1000, 1)} s`,
  );

  // The floor: the same client against a bare node:http JSON-RPC echo, same call count.
  const echo = fork(fileURLToPath(import.meta.url), ['--echo'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port: echoPort } = await new Promise((resolve) => echo.once('message', resolve));
  const echoCall = (i) => ({
    jsonrpc: '2.0',
    id: i,
    method: 'tools/call',
    params: { name: 'get_node', arguments: { path: 'x' } },
  });
  await timeCalls(echoPort, 'echo', 1_000, echoCall);
  const floor = await timeCalls(echoPort, 'echo', CALLS, echoCall);
  echo.send('stop');
  await new Promise((r) => echo.once('exit', r));
  console.log(
    `      floor: node:http JSON-RPC echo ${fmt(floor.perSec, 0)} calls/s, p50 ${fmt(floor.p50)} ms, p99 ${fmt(floor.p99)} ms`,
  );

  const child = fork(fileURLToPath(import.meta.url), ['--server', root, dbPath, String(SESSIONS + 8)], {
    execArgv: ['--expose-gc', ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean)],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = () => new Promise((resolve) => child.once('message', resolve));
  const { port } = await next();
  const mem = async () => {
    child.send('mem');
    return next();
  };

  const booted = await mem();
  console.log(
    `      server after boot (watcher ready): RSS ${fmt(booted.rss / 1e6, 1)} MB, heap ${fmt(booted.heapUsed / 1e6, 1)} MB`,
  );
  const sid = await session(port);
  const getNode = (i) => ({
    jsonrpc: '2.0',
    id: i,
    method: 'tools/call',
    params: { name: 'get_node', arguments: { path: project.skills[i % project.skills.length] } },
  });
  await timeCalls(port, sid, 1_000, getNode); // warm-up
  const g = await timeCalls(port, sid, CALLS, getNode);
  report('get_node calls/s (one session)', fmt(g.perSec, 0), '>= 1300', g.perSec >= 1300);
  report('get_node p99 latency', `${fmt(g.p99)} ms (p50 ${fmt(g.p50)})`, '< 5 ms', g.p99 < 5);
  console.log(
    `      get_node vs echo floor: ${fmt(g.perSec / floor.perSec)}x the floor's calls/s, p99 ${fmt(g.p99 / floor.p99)}x the floor's`,
  );

  const afterGet = await mem();
  console.log(
    `      after get_node run: RSS ${fmt(afterGet.rss / 1e6, 1)} MB, heap ${fmt(afterGet.heapUsed / 1e6, 1)} MB`,
  );
  const q = await timeCalls(port, sid, 200, (i) => ({
    jsonrpc: '2.0',
    id: i,
    method: 'tools/call',
    params: { name: 'query_graph', arguments: {} },
  }));
  report('query_graph default limit p50', `${fmt(q.p50)} ms (p99 ${fmt(q.p99)})`, '< 20 ms', q.p50 < 20);
  const kinds = await timeCalls(port, sid, 200, (i) => ({
    jsonrpc: '2.0',
    id: i,
    method: 'tools/call',
    params: { name: 'query_graph', arguments: { kind: 'skill', path: '.claude/**', has: 'issues' } },
  }));
  console.log(`      query_graph filtered (kind+path+has) p50 ${fmt(kinds.p50)} ms`);

  const afterCalls = await mem();
  report(
    'server RSS with the 10k graph',
    `${fmt(afterCalls.rss / 1e6, 1)} MB (heap ${fmt(afterCalls.heapUsed / 1e6, 1)})`,
    '< 300 MB',
    afterCalls.rss < 300e6,
  );

  // Heap flatness: 1,000 calls vs LONG calls on one session.
  const longSid = await session(port);
  await timeCalls(port, longSid, 1_000, getNode);
  const heap1k = (await mem()).heapUsed;
  await timeCalls(port, longSid, LONG - 1_000, getNode);
  const heapLong = (await mem()).heapUsed;
  const growth = heapLong - heap1k;
  report(`heap growth ${LONG} vs 1,000 calls`, `${fmt(growth / 1e6, 2)} MB`, '~flat (< 5 MB)', growth < 5e6);

  // Memory per idle session (initialize + initialized + open GET stream, then nothing).
  const before = await mem();
  const streams = [];
  for (let i = 0; i < SESSIONS; i++) {
    const s = await session(port);
    streams.push(openStream(port, s, () => {}));
  }
  await new Promise((r) => setTimeout(r, 500));
  const afterSessions = await mem();
  const perSession = (afterSessions.rss - before.rss) / SESSIONS;
  const perSessionHeap = (afterSessions.heapUsed - before.heapUsed) / SESSIONS;
  report(
    `memory per idle session (${SESSIONS} open)`,
    `${fmt(perSession / 1024, 1)} KB RSS (${fmt(perSessionHeap / 1024, 1)} KB heap)`,
    '< 70 KB',
    perSession < 70 * 1024,
  );
  for (const s of streams) s.destroy();

  // File write → subscriber's resources/updated (debounce 300 ms), with the server-side breakdown read from /ws.
  const { default: WebSocket } = await import('ws');
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  await new Promise((r) => ws.once('open', r));
  const wsMarks = {};
  ws.on('message', (d) => {
    const e = JSON.parse(d.toString());
    if (e.type === 'scan.started') wsMarks.started = performance.now();
    if (e.type === 'scan.completed') {
      wsMarks.completed = performance.now();
      wsMarks.engineMs = e.data.durationMs;
    }
  });
  const subSid = await session(port);
  const waiters = [];
  const stream = openStream(port, subSid, (m) => {
    if (m.method === 'notifications/resources/updated') waiters.shift()?.(performance.now());
  });
  await new Promise((r) => setTimeout(r, 300));
  await post(
    port,
    { jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'skillmap://graph' } },
    subSid,
  );
  const delays = [];
  const parts = [];
  for (let i = 0; i < 7; i++) {
    const got = new Promise((resolve) => waiters.push(resolve));
    const t = performance.now();
    writeFileSync(
      join(root, project.docs[0]),
      `# Edited page\nEdit ${i}. See [the next page](${project.docs[1].split('/').pop()}).\n`,
    );
    const at = await got;
    delays.push(at - t);
    parts.push({
      toStart: wsMarks.started - t,
      engine: wsMarks.engineMs,
      scan: wsMarks.completed - wsMarks.started,
      toNotify: at - wsMarks.completed,
    });
    await new Promise((r) => setTimeout(r, 400));
  }
  ws.close();
  delays.sort((a, b) => a - b);
  const d50 = pct(delays, 0.5);
  report(
    'file write → resources/updated p50',
    `${fmt(d50, 0)} ms (min ${fmt(delays[0], 0)})`,
    '<= 300 + 100 ms',
    d50 <= 400,
  );
  const med = (k) =>
    pct(
      parts.map((p) => p[k]).sort((a, b) => a - b),
      0.5,
    );
  console.log(
    `      breakdown (medians): write→scan.started ${fmt(med('toStart'), 0)} ms (debounce 300), scan ${fmt(med('scan'), 0)} ms (engine ${fmt(med('engine'), 0)}), scan.completed→notification ${fmt(med('toNotify'), 1)} ms`,
  );
  stream.destroy();

  // The SDK client ceiling on this machine (informational).
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StreamableHTTPClientTransport } =
    await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  // The v1 client adds an abort listener per call to one long-lived signal; it is only the client's figure.
  setMaxListeners(0);
  const c = new Client({ name: 'bench-v1', version: '1' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  for (let i = 0; i < 300; i++)
    await c.callTool({ name: 'get_node', arguments: { path: project.skills[i % project.skills.length] } });
  const t1 = performance.now();
  const sdkCalls = Math.min(CALLS, 3_000);
  for (let i = 0; i < sdkCalls; i++)
    await c.callTool({ name: 'get_node', arguments: { path: project.skills[i % project.skills.length] } });
  console.log(
    `      v1 SDK client get_node: ${fmt(sdkCalls / ((performance.now() - t1) / 1000), 0)} calls/s (client-bound)`,
  );
  await c.close();

  child.send('stop');
  await new Promise((r) => child.once('exit', r));
} finally {
  agent.destroy();
  rmSync(root, { recursive: true, force: true });
}
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
