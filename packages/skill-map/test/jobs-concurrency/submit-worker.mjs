// One operator process of the concurrent-submit test: submits the same work (with `force`, so only the unique
// index stands in the way) through the BUILT jobs engine and prints the outcome as JSON on stdout.
import { submitJob } from '../../dist/engines/jobs/index.js';
import { testCatalog } from '../../dist/engines/jobs/testing/extensions.js';
import { createEngineContext } from '../../dist/engines/operable/create-context.js';

const [root, dbPath, node, extension] = process.argv.slice(2);
const ctx = createEngineContext({ scopeRoot: root, dbPath, channel: 'cli', extensions: testCatalog() });
const out = await submitJob(ctx, { node, extension, force: true });
await ctx.opsLog.flush();
process.stdout.write(JSON.stringify({ outcome: out.outcome }));
