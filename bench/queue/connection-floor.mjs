#!/usr/bin/env node
// A diagnostic floor for bench:queue (bench/queue/stores.mjs): the claim+record cycle's own statements (the claim
// function, the job read, one settle+execution transaction) sent by `count` processes through skill-map's synchronous
// PostgreSQL connection (adapters/postgres/sync-pg: a worker thread per connection), without the jobs engine. Next to
// the engine's figure it says how much of a cycle is the connection and how much the engine; next to the bare
// transaction, how much the connection costs over node-postgres called asynchronously.
import { randomBytes } from 'node:crypto';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { forkAgents, runAgents } from '../lib/agents.mjs';

const DIST = new URL('../../packages/skill-map/dist/', import.meta.url);
const load = (rel) => import(new URL(rel, DIST).href);

if (process.argv[2] === '--child') {
  const [url, projectId] = [process.argv[3], process.argv[4]];
  const { openPgSession } = await load('adapters/postgres/pg-session.js');
  const { createPgJobStore } = await load('adapters/postgres/job-store.js');
  const session = openPgSession(url, projectId);
  const store = createPgJobStore(session);
  const reap = {
    executionId: () => `e-floor-${randomBytes(6).toString('hex')}`,
    nonce: () => 'n',
    maxAttempts: 3,
  };
  process.send('ready');
  await new Promise((resolve) => process.once('message', resolve));
  let n = 0;
  for (;;) {
    const { claimed } = store.claimNext(Date.now(), 'agent', undefined, reap);
    if (claimed === null) break;
    const id = claimed.job.id;
    store.get(id);
    store.nonceOf(id);
    store.transaction(() => {
      store.settle(id, ['running'], { status: 'completed', finishedAt: Date.now() });
      store.insertExecution({
        id: `e-floor-${randomBytes(6).toString('hex')}`,
        extensionId: 'x',
        extensionVersion: '1',
        nodeIds: [],
        contentHash: null,
        status: 'completed',
        failureReason: null,
        runner: 'agent',
        startedAt: 1,
        finishedAt: 2,
        durationMs: 1,
        tokensIn: null,
        tokensOut: null,
        model: null,
        reportJson: null,
        jobId: id,
      });
    });
    n += 1;
  }
  session.close();
  process.send({ n });
  process.exit(0);
}

/**
 * `jobs` queued rows (a project of their own), drained by `count` processes through the synchronous connection:
 * milliseconds per cycle.
 */
export async function connectionFloor(url, count, jobs) {
  const { openPgSession } = await load('adapters/postgres/pg-session.js');
  const projectId = `floor-${randomBytes(4).toString('hex')}`;
  const admin = openPgSession(url, projectId);
  try {
    admin.pg.query(
      `INSERT INTO state_jobs (project_id, id, extension_id, extension_version, extension_kind, node_id, content_hash,
        prompt_template_hash, nonce, status, priority, ttl_seconds, auto_fix, submitted_by, created_at)
        SELECT $1, 'd-' || i, 'core/x', '1', 'analyzer', 'n' || i, 'h', 'p', md5(random()::text), 'queued', 0, 600,
          FALSE, 'bench', i FROM generate_series(1, $2) AS i`,
      [projectId, jobs],
    );
    admin.pg.query(`INSERT INTO state_job_contents VALUES ($1, 'h', 'content', 0)`, [projectId]);
    const children = await forkAgents(fileURLToPath(import.meta.url), ['--child', url, projectId], count);
    const { ms, counts: drained } = await runAgents(children);
    const total = drained.reduce((a, b) => a + b, 0);
    if (total !== jobs) throw new Error(`${count} processes drained ${total} of ${jobs}`);
    return ms / jobs;
  } finally {
    admin.pg.query('DELETE FROM state_executions WHERE project_id = $1', [projectId]);
    admin.pg.query('DELETE FROM state_jobs WHERE project_id = $1', [projectId]);
    admin.close();
  }
}
