/* global process, console, URL, performance */
// Sequential state.patch round trips over stdio against two floors measured in the same run, interleaved so
// disk noise hits all three alike: lockfile create + atomic write (temp, fsync, rename) + unlink, with and
// without the directory fsync core's atomicWriteFileSync adds.
// Usage: node packages/skillstate-mcp/bench/patch-throughput.mjs [ops]   (build first: npx tsc -b)
import { spawn } from 'node:child_process';
import { closeSync, fsyncSync, mkdirSync, mkdtempSync, openSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { atomicWriteFileSync } from '@skillstate/core';

const BIN = fileURLToPath(new URL('../bin/skillstate-mcp.js', import.meta.url));
const OPS = Number(process.argv[2] ?? 300);
const work = mkdtempSync(join(tmpdir(), 'skillstate-patch-'));
const floorFile = join(work, 'floor', 'skillstate.json');
mkdirSync(join(work, 'floor'));
mkdirSync(join(work, 'project', '.skillstate'), { recursive: true });

const envelope = (i) => JSON.stringify({ version: 1, state: { goal: `g${i}` } }, null, 2);
function lockAround(write) {
  const fd = openSync(`${floorFile}.lock`, 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
  write();
  unlinkSync(`${floorFile}.lock`);
}
const floors = {
  'bare (fsync file)': (i) =>
    lockAround(() => {
      const temp = `${floorFile}.tmp`;
      const fd = openSync(temp, 'w');
      writeSync(fd, envelope(i));
      fsyncSync(fd);
      closeSync(fd);
      renameSync(temp, floorFile);
    }),
  'core atomicWriteFileSync (+ dir fsync)': (i) => lockAround(() => atomicWriteFileSync(floorFile, envelope(i))),
};

const child = spawn(process.execPath, [BIN], { cwd: join(work, 'project'), stdio: ['pipe', 'pipe', 'inherit'] });
const waiting = [];
createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line));
const call = (message) =>
  new Promise((resolve) => {
    waiting.push(resolve);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  });
await call({ id: 0, method: 'initialize', params: {} });

const spent = { server: 0, ...Object.fromEntries(Object.keys(floors).map((k) => [k, 0])) };
for (let i = 1; i <= OPS; i++) {
  for (const [name, op] of Object.entries(floors)) {
    const t = performance.now();
    op(i);
    spent[name] += performance.now() - t;
  }
  const t = performance.now();
  await call({ id: i, method: 'tools/call', params: { name: 'state.patch', arguments: { patch: { goal: `g${i}` } } } });
  spent.server += performance.now() - t;
}
child.stdin.end();
await new Promise((resolve) => child.on('exit', resolve));
rmSync(work, { recursive: true, force: true });

const perOp = (ms) => `${((ms * 1000) / OPS).toFixed(0)} us/op`;
console.log(`state.patch round trip: ${perOp(spent.server)}`);
for (const name of Object.keys(floors)) {
  console.log(`floor ${name}: ${perOp(spent[name])} | server/floor ops/s ratio ${(spent[name] / spent.server).toFixed(3)} (target >= 0.8)`);
}
