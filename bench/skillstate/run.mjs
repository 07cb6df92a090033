#!/usr/bin/env node
// npm run bench:skillstate: the stdio server's cold start and patch throughput, each next to a floor measured
// in the same run on the same machine (ratios, because machines are noisy).
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, ms, quantile, table, verdict } from '../lib/stats.mjs';
import { FLOOR_BODY, floorWrite } from './floor.mjs';

const BIN = fileURLToPath(new URL('../../packages/skillstate-mcp/bin/skillstate-mcp.js', import.meta.url));
const IDEAL = fileURLToPath(new URL('./ideal-server.mjs', import.meta.url));
const STARTS = Number(process.env.BENCH_STARTS ?? 30);
const PATCHES = Number(process.env.BENCH_PATCHES ?? 2000);
const INIT = `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '0' } } })}\n`;

function makeProject() {
  const dir = mkdtempSync(join(tmpdir(), 'skillstate-bench-'));
  mkdirSync(join(dir, '.skillstate'));
  return dir;
}

/** Wall time from spawn to exit of `node -e 0`. */
function timeNodeStart() {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    child.on('exit', () => resolve(performance.now() - t0));
  });
}

const INITIALIZED_AND_LIST =
  '{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n';

/**
 * Wall times from spawn to the initialize response and to the tools/list response, driven the way a host does
 * it: initialize, wait for its answer, then notifications/initialized and tools/list.
 */
function timeServerStart(cwd) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN], { cwd, stdio: ['pipe', 'pipe', 'ignore'] });
    let initialize = 0;
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk.toString('utf8');
      if (initialize === 0 && text.includes('\n')) {
        initialize = performance.now() - t0;
        child.stdin.write(INITIALIZED_AND_LIST);
      }
      if (text.split('\n').length > 2) {
        const toolsList = performance.now() - t0;
        child.kill('SIGKILL');
        child.on('exit', () => resolve({ initialize, toolsList }));
      }
    });
    child.stdin.write(INIT);
  });
}

async function coldStart(project) {
  const bare = [];
  const initialize = [];
  const toolsList = [];
  await timeNodeStart();
  await timeServerStart(project);
  for (let i = 0; i < STARTS; i++) {
    bare.push(await timeNodeStart());
    const t = await timeServerStart(project);
    initialize.push(t.initialize);
    toolsList.push(t.toolsList);
  }
  return { bare: median(bare), initialize: median(initialize), toolsList: median(toolsList) };
}

/** The floor loop: `n` floor writes in this process, as ops/s. */
function floorLoop(dir, n) {
  const target = join(dir, 'floor.json');
  const t0 = performance.now();
  for (let i = 0; i < n; i++) floorWrite(target, FLOOR_BODY, i);
  return n / ((performance.now() - t0) / 1000);
}

/**
 * A long-lived server answering sequential calls over two FIFOs the client reads and writes with blocking
 * syscalls: a lean client, so the figure is the server's round trip rather than the client's event loop.
 */
function startPatchServer(project, script = BIN) {
  const fifoIn = join(project, `bench-${basename(script)}.in`);
  const fifoOut = join(project, `bench-${basename(script)}.out`);
  execFileSync('mkfifo', [fifoIn, fifoOut]);
  const child = spawn('sh', ['-c', `exec "${process.execPath}" "${script}" < "${fifoIn}" > "${fifoOut}"`], {
    cwd: project,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const input = openSync(fifoIn, 'w');
  const output = openSync(fifoOut, 'r');
  const buffer = Buffer.alloc(1 << 16);
  let pending = '';
  let id = 0;
  const roundTrip = (message) => {
    writeSync(input, `${JSON.stringify({ jsonrpc: '2.0', id: ++id, ...message })}\n`);
    for (;;) {
      const nl = pending.indexOf('\n');
      if (nl >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        return line;
      }
      const n = readSync(output, buffer, 0, buffer.length, null);
      if (n === 0) throw new Error('server closed its output');
      pending += buffer.toString('utf8', 0, n);
    }
  };
  roundTrip({ method: 'initialize', params: JSON.parse(INIT).params });
  return {
    ping(n) {
      const t0 = performance.now();
      for (let i = 0; i < n; i++) roundTrip({ method: 'ping' });
      return (performance.now() - t0) / n;
    },
    run(n, latencies) {
      const t0 = performance.now();
      for (let i = 0; i < n; i++) {
        const patch = { goal: `step ${id}`, progress: [id, id + 1, id + 2] };
        const t = performance.now();
        const line = roundTrip({
          method: 'tools/call',
          params: { name: 'state.patch', arguments: { patch } },
        });
        latencies.push(performance.now() - t);
        if (line.includes('"isError":true') || line.includes('"error"'))
          throw new Error(`patch failed: ${line}`);
      }
      return performance.now() - t0;
    },
    stop() {
      closeSync(input);
      closeSync(output);
      return new Promise((resolve) => child.on('exit', resolve));
    },
  };
}

/** Alternates batches of floor and server work so that disk and CPU noise hits both alike. */
async function patchThroughput(project, floorDir, total) {
  const server = startPatchServer(project);
  const ideal = startPatchServer(floorDir, IDEAL);
  const pingMs = server.ping(2000);
  const batch = 100;
  const latencies = [];
  let floorMs = 0;
  let serverMs = 0;
  let idealMs = 0;
  floorLoop(floorDir, batch);
  server.run(batch, []);
  ideal.run(batch, []);
  for (let done = 0; done < total; done += batch) {
    floorMs += (batch / floorLoop(floorDir, batch)) * 1000;
    serverMs += server.run(batch, latencies);
    idealMs += ideal.run(batch, []);
  }
  await server.stop();
  await ideal.stop();
  const ops = (spent) => total / (spent / 1000);
  return { floorOps: ops(floorMs), serverOps: ops(serverMs), idealOps: ops(idealMs), latencies, pingMs };
}

const project = makeProject();
const floorDir = mkdtempSync(join(tmpdir(), 'skillstate-floor-'));
try {
  console.log(`skillstate bench (node ${process.version}, ${STARTS} starts, ${PATCHES} patches; fsync on)`);
  const start = await coldStart(project);
  const initRatio = start.initialize / start.bare;
  const listRatio = start.toolsList / start.bare;
  console.log(
    '\nCold start: spawn to the initialize and tools/list responses (what a host waits for), median',
  );
  table([
    ['node -e 0 (floor: spawn to exit)', ms(start.bare)],
    ['skillstate-mcp initialize', `${ms(start.initialize)}  ${initRatio.toFixed(2)}x`],
    ['skillstate-mcp tools/list', `${ms(start.toolsList)}  ${listRatio.toFixed(2)}x`],
    ['tools/list ratio', `${listRatio.toFixed(2)}x  (target <= 1.20x: ${verdict(listRatio <= 1.2)})`],
  ]);

  const patches = await patchThroughput(project, floorDir, PATCHES);
  const floorOps = patches.floorOps;
  const patchRatio = patches.serverOps / floorOps;
  console.log(
    '\nSequential state.patch round trips on disk (fsync of file and directory), batches interleaved',
  );
  table([
    ['floor: lock + atomic write + unlink', `${floorOps.toFixed(0)} ops/s`],
    ['skillstate-mcp state.patch', `${patches.serverOps.toFixed(0)} ops/s`],
    ['ratio', `${patchRatio.toFixed(2)}x  (target >= 0.80x: ${verdict(patchRatio >= 0.8)})`],
    [
      'ideal stdio server (floor work per line)',
      `${patches.idealOps.toFixed(0)} ops/s = ${(patches.idealOps / floorOps).toFixed(2)}x the floor: the ceiling over stdio here`,
    ],
    ['skillstate-mcp vs that ceiling', `${(patches.serverOps / patches.idealOps).toFixed(2)}x`],
    ['latency p50', ms(quantile(patches.latencies, 0.5))],
    ['latency p99', ms(quantile(patches.latencies, 0.99))],
    ['for scale: a ping round trip', ms(patches.pingMs)],
  ]);
} finally {
  rmSync(project, { recursive: true, force: true });
  rmSync(floorDir, { recursive: true, force: true });
}
