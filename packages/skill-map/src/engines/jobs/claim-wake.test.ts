// Issue 29, acceptance 3 at the engine level: on a shared PostgreSQL database, a job submitted through one engine
// context (one process's connection) wakes a waiting claim parked on another context (LISTEN/NOTIFY), not on its
// 30 s interval. A claim parked in another project is not woken. Real server: a throwaway cluster (skipped without
// PostgreSQL). The wake latency itself (p95 of 50) is a figure of bench:queue -- --db, not a limit here.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgSession } from '../../adapters/postgres/pg-session.js';
import { createPgScanZone } from '../../adapters/postgres/scan-zone.js';
import { hasPostgres, startPostgres } from '../../adapters/testing/postgres.js';
import type { TestPostgres } from '../../adapters/testing/postgres.js';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import type { EngineContext } from '../context.js';
import { createEngineContext } from '../operable/create-context.js';
import { runScan } from '../scan/scan-engine.js';
import { SUMMARIZER_ID, testCatalog } from './testing/extensions.js';
import { DEFAULT_FILES, SKILL } from './testing/project.js';
import { claimJobWaiting, recordJob, submitJob } from './index.js';

let server: TestPostgres | null = null;
let tree: TempTree;
let url = '';
const contexts: EngineContext[] = [];
const context = (projectId: string): EngineContext => {
  const ctx = createEngineContext({
    scopeRoot: tree.root,
    dbPath: '',
    channel: 'mcp',
    extensions: testCatalog(),
    server: { url, projectId },
  });
  contexts.push(ctx);
  return ctx;
};
const REPORT = JSON.stringify({
  confidence: 0.9,
  safety: { injectionDetected: false, contentQuality: 'clean' },
  summary: 'Deploys.',
});

beforeAll(async () => {
  if (!hasPostgres()) return;
  server = await startPostgres();
  url = server!.createDatabase('wake');
  tree = createTempTree('sm-claim-wake-');
  tree.write({
    ...DEFAULT_FILES,
    '.claude/skills/sm-process-jobs/SKILL.md': '---\nname: sm-process-jobs\n---\nProcess jobs.\n',
  });
  mkdirSync(join(tree.root, '.skill-map'), { recursive: true });
  const scanned = await runScan({ projectRoot: tree.root, persist: false });
  for (const id of ['p', 'elsewhere']) {
    const s = openPgSession(url, id);
    createPgScanZone(s).persistScan(scanned.result, id);
    s.close();
  }
}, 120_000);
afterAll(() => {
  for (const c of contexts) c.close?.();
  server?.stop();
  tree?.remove();
});

describe.skipIf(!hasPostgres())('postgres: a parked claim woken by a submit through another context', () => {
  it('wakes each of 50 parked claims when a job is submitted, long before their 30 s interval', async () => {
    const parked = context('p');
    const submitter = context('p');
    const latencies: number[] = [];
    for (let i = 0; i < 50; i++) {
      const claim = claimJobWaiting(parked, {}, { waitSeconds: 60, intervalSeconds: 30 });
      await new Promise((resolve) => setTimeout(resolve, 20)); // parked: the first attempt found nothing
      const out = await submitJob(submitter, { node: SKILL, extension: SUMMARIZER_ID });
      const committed = performance.now();
      expect(out.outcome).toBe('created');
      const job = await claim;
      latencies.push(performance.now() - committed);
      expect(job?.id).toBe(out.outcome === 'created' ? out.jobId : null);
      const recorded = await recordJob(parked, {
        id: job!.id,
        nonce: job!.nonce,
        status: 'completed',
        report: REPORT,
      });
      expect(recorded.outcome).toBe('completed');
    }
    // Polled, each would have waited its 30 s interval: woken, every one returns far sooner.
    expect(Math.max(...latencies)).toBeLessThan(10_000);
  }, 120_000);

  it('a submit in another project does not wake the claim', async () => {
    const parked = context('p');
    const other = context('elsewhere');
    const started = performance.now();
    const claim = claimJobWaiting(parked, {}, { waitSeconds: 1, intervalSeconds: 30 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await submitJob(other, { node: SKILL, extension: SUMMARIZER_ID })).outcome).toBe('created');
    expect(await claim).toBeNull(); // its window ended with nothing claimable in its project
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });
});
