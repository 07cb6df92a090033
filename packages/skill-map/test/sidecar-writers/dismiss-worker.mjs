// One writer process of the sidecar lock race: loads the BUILT engines and says `ready`; then, for each line
// `<value>` on stdin, dismisses one issue of that value on the shared node through the real curator (lock, read,
// merge, atomic write) and prints `ack <value>` once the write was acknowledged, or `error <value> <message>`.
import { createInterface } from 'node:readline';
import { createEngineContext } from '../../dist/engines/operable/create-context.js';
import { dismissIssue } from '../../dist/engines/suppressions/index.js';

const [root, dbPath, node] = process.argv.slice(2);
const ctx = createEngineContext({ scopeRoot: root, dbPath, channel: 'cli' });
process.stdout.write('ready\n');
for await (const value of createInterface({ input: process.stdin })) {
  try {
    await dismissIssue(ctx, { node, analyzer: 'reference-broken', value }, { confirm: true });
    process.stdout.write(`ack ${value}\n`);
  } catch (err) {
    process.stdout.write(`error ${value} ${err instanceof Error ? err.message : String(err)}\n`);
  }
}
await ctx.opsLog.flush();
