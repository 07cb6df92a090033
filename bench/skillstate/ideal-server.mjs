// The ideal stdio server of bench:skillstate: for every JSON-RPC request line it does the floor's disk work and
// answers `{}`, with no validation, merge, state read or MCP framing. It is the ceiling any stdio server can reach
// on this machine, so the bench can show how much of the gap to the floor is the round trip itself.
import { writeSync } from 'node:fs';
import { join } from 'node:path';
import { FLOOR_BODY, floorWrite } from './floor.mjs';

const target = join(process.cwd(), 'ideal.json');
let pending = '';
let n = 0;
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    const { id, method } = JSON.parse(line);
    if (id === undefined) continue;
    if (method === 'tools/call') floorWrite(target, FLOOR_BODY, n++);
    writeSync(1, `${JSON.stringify({ jsonrpc: '2.0', id, result: {} })}\n`);
  }
});
