/* global process, console, URL */
// Cold start: spawn of the built bin to its first `initialize` response, against spawn-to-exit of `node -e 0`.
// Usage: node packages/skillstate-mcp/bench/cold-start.mjs [runs]   (build first: npx tsc -b)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/skillstate-mcp.js', import.meta.url));
const RUNS = Number(process.argv[2] ?? 30);
const INIT = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}\n';
const cwd = mkdtempSync(join(tmpdir(), 'skillstate-cold-'));

function run(args, waitForResponse) {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { cwd, stdio: ['pipe', 'pipe', 'inherit'] });
    const elapsed = () => Number(process.hrtime.bigint() - start) / 1e6;
    if (!waitForResponse) return child.on('exit', () => resolve(elapsed()));
    child.stdout.once('data', () => {
      resolve(elapsed());
      child.stdin.end();
    });
    child.stdin.write(INIT);
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const bare = [];
const server = [];
for (let i = 0; i < RUNS; i++) {
  bare.push(await run(['-e', '0'], false));
  server.push(await run([BIN], true));
}
rmSync(cwd, { recursive: true, force: true });
const ratio = median(server) / median(bare);
console.log(`node -e 0 ${median(bare).toFixed(1)} ms | first initialize response ${median(server).toFixed(1)} ms | ratio ${ratio.toFixed(3)} (target <= 1.2)`);
