#!/usr/bin/env node
// npm run bench:skillstate: the stdio server's cold start and patch throughput, each next to a floor measured
// in the same run on the same machine (ratios, because machines are noisy).
import { spawn } from 'node:child_process';
import { closeSync, fsyncSync, mkdirSync, mkdtempSync, openSync, renameSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, ms, quantile, table, verdict } from '../lib/stats.mjs';

const BIN = fileURLToPath(new URL('../../packages/skillstate-mcp/bin/skillstate-mcp.js', import.meta.url));
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

/** Wall time from spawn to the first byte of the initialize response. */
function timeServerStart(cwd) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [BIN], { cwd, stdio: ['pipe', 'pipe', 'ignore'] });
    child.stdout.once('data', () => {
      const elapsed = performance.now() - t0;
      child.kill('SIGKILL');
      child.on('exit', () => resolve(elapsed));
    });
    child.stdin.write(INIT);
  });
}

async function coldStart(project) {
  const bare = [];
  const server = [];
  await timeNodeStart();
  await timeServerStart(project);
  for (let i = 0; i < STARTS; i++) {
    bare.push(await timeNodeStart());
    server.push(await timeServerStart(project));
  }
  return { bare: median(bare), server: median(server) };
}

/** The floor: what any correct writer must do per patch, with nothing else around it. */
function floorLoop(dir, n) {
  const target = join(dir, 'floor.json');
  const lock = `${target}.lock`;
  const body = JSON.stringify({ version: 1, state: { goal: 'x'.repeat(64), progress: [1, 2, 3] } }, null, 2);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const lfd = openSync(lock, 'wx');
    writeSync(lfd, String(process.pid));
    closeSync(lfd);
    const temp = `${target}.tmp.${i}`;
    const fd = openSync(temp, 'wx');
    writeSync(fd, body);
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temp, target);
    const dfd = openSync(dirname(target), 'r');
    fsyncSync(dfd);
    closeSync(dfd);
    unlinkSync(lock);
  }
  return n / ((performance.now() - t0) / 1000);
}

function patchLoop(project, n) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN], { cwd: project, stdio: ['pipe', 'pipe', 'inherit'] });
    const latencies = [];
    let sent = 0;
    let t0 = 0;
    let start = 0;
    let buffer = '';
    const send = () => {
      sent += 1;
      t0 = performance.now();
      const patch = { goal: `step ${sent}`, progress: [sent, sent + 1, sent + 2] };
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: sent + 1, method: 'tools/call', params: { name: 'state.patch', arguments: { patch } } })}\n`);
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const msg = JSON.parse(line);
        if (msg.id === 1) {
          start = performance.now();
          send();
          continue;
        }
        if (msg.result?.isError || msg.error) throw new Error(`patch failed: ${line}`);
        latencies.push(performance.now() - t0);
        if (sent < n) send();
        else {
          const seconds = (performance.now() - start) / 1000;
          child.stdin.end();
          child.on('exit', () => resolve({ opsPerSec: n / seconds, latencies }));
        }
      }
    });
    child.stdin.write(INIT);
  });
}

const project = makeProject();
const floorDir = mkdtempSync(join(tmpdir(), 'skillstate-floor-'));
try {
  console.log(`skillstate bench (node ${process.version}, ${STARTS} starts, ${PATCHES} patches; fsync on)`);
  const start = await coldStart(project);
  const startRatio = start.server / start.bare;
  console.log('\nCold start: spawn to first initialize response, median');
  table([
    ['node -e 0 (floor)', ms(start.bare)],
    ['skillstate-mcp', ms(start.server)],
    ['ratio', `${startRatio.toFixed(2)}x  (target <= 1.20x: ${verdict(startRatio <= 1.2)})`],
  ]);

  floorLoop(floorDir, 200);
  const floor = floorLoop(floorDir, PATCHES);
  const patches = await patchLoop(project, PATCHES);
  const floorAfter = floorLoop(floorDir, PATCHES);
  const floorOps = (floor + floorAfter) / 2;
  const patchRatio = patches.opsPerSec / floorOps;
  console.log('\nSequential state.patch round trips on disk (fsync of file and directory)');
  table([
    ['floor: lock + atomic write + unlink', `${floorOps.toFixed(0)} ops/s`],
    ['skillstate-mcp state.patch', `${patches.opsPerSec.toFixed(0)} ops/s`],
    ['ratio', `${patchRatio.toFixed(2)}x  (target >= 0.80x: ${verdict(patchRatio >= 0.8)})`],
    ['latency p50', ms(quantile(patches.latencies, 0.5))],
    ['latency p99', ms(quantile(patches.latencies, 0.99))],
  ]);
} finally {
  rmSync(project, { recursive: true, force: true });
  rmSync(floorDir, { recursive: true, force: true });
}
