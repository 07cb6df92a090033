// One agent process of the concurrency acceptance test: claims from the shared project database through the
// BUILT jobs engine and records each job until the queue is empty. Before each real record it sends one with a
// wrong nonce, which must be refused. Prints {claimed, mismatches, errors} as JSON on stdout.
import { claimJob, recordJob } from '../../dist/engines/jobs/index.js';
import { CLEAN, testCatalog } from '../../dist/engines/jobs/testing/extensions.js';
import { createEngineContext } from '../../dist/engines/operable/create-context.js';

const [root, dbPath] = process.argv.slice(2);
const ctx = createEngineContext({ scopeRoot: root, dbPath, channel: 'cli', extensions: testCatalog() });
const claimed = [];
let mismatches = 0;
const errors = [];

const reportFor = (content) =>
  JSON.stringify(
    content.includes('Propose tags') ? { ...CLEAN, tags: ['a', 'b'] } : { ...CLEAN, summary: 'A summary.' },
  );

for (;;) {
  const job = claimJob(ctx, {});
  if (job === null) break;
  claimed.push(job.id);
  const wrong = job.nonce.slice(0, -1) + (job.nonce.endsWith('0') ? '1' : '0');
  const refused = await recordJob(ctx, { id: job.id, nonce: wrong, status: 'completed', report: '{}' });
  if (refused.outcome === 'nonce-mismatch') mismatches += 1;
  else errors.push(`${job.id}: wrong nonce gave ${refused.outcome}`);
  const out = await recordJob(ctx, {
    id: job.id,
    nonce: job.nonce,
    status: 'completed',
    report: reportFor(job.content),
    tokensIn: 10,
    tokensOut: 5,
  });
  if (out.outcome !== 'completed') errors.push(`${job.id}: record gave ${out.outcome}`);
}
await ctx.opsLog.flush();
process.stdout.write(JSON.stringify({ claimed, mismatches, errors }));
