import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachTest, STORES } from '../../adapters/testing/per-store.js';
import { isAdapterError } from '../../adapters/errors.js';
import { isEngineError } from '../errors.js';
import { cancelJob, claimJob, getJob, listJobs, previewJob, recordJob, submitJob } from './index.js';
import {
  CLEAN,
  FINDER_ID,
  FIXER_ID,
  REFERENCE_FIXER_ID,
  SUMMARIZER,
  SUMMARIZER_ID,
  TAGGER_ID,
  TEST_EXTENSIONS,
  testCatalog,
} from './testing/extensions.js';
import { AGENT, jobsProjectsOn, opsLines, SKILL, writeProjectFile } from './testing/project.js';
import type { JobsProject } from './testing/project.js';
import { querySql, stateSnapshot } from './testing/snapshot.js';

// Run against each store: SQLite always, PostgreSQL when a throwaway cluster can be started here.
const open = jobsProjectsOn({ beforeAll, afterAll });
let p: JobsProject;

describe.each(STORES)('%s', (store) => {
  eachTest(
    () => open(store),
    (q) => (p = q),
    (q) => q.remove(),
  );

  /** Runs a finder job through claim and record with these findings; returns the finding ids written. */
  async function recordFindings(node: string, findings: unknown[]): Promise<number[]> {
    const sub = await submitJob(p.ctx, { node, extension: FINDER_ID });
    if (sub.outcome !== 'created') throw new Error(sub.outcome);
    const claimed = claimJob(p.ctx, { filter: FINDER_ID });
    if (claimed === null) throw new Error('nothing claimed');
    const rec = await recordJob(p.ctx, {
      id: claimed.id,
      nonce: claimed.nonce,
      status: 'completed',
      report: JSON.stringify({ ...CLEAN, findings }),
    });
    expect(rec.outcome).toBe('completed');
    return querySql<{ id: number }>(
      p,
      `SELECT id FROM state_findings WHERE node_id = ? AND extension_id = ? ORDER BY id`,
      node,
      FINDER_ID,
    ).map((r) => r.id);
  }

  const finding = (message: string) => ({ type: 'unclear-step', severity: 'warn', message });

  describe('submitJob: created jobs', () => {
    it('queues a job with a d- id, the resolved ttl/priority, and logs jobs.submit without the nonce', async () => {
      const out = await submitJob(p.ctx, { node: SKILL, extension: SUMMARIZER_ID });
      expect(out.outcome).toBe('created');
      if (out.outcome !== 'created') return;
      expect(out.jobId).toMatch(/^d-20261201-120000-[0-9a-f]{4}$/);
      expect(out.nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(out).toMatchObject({ nodePath: SKILL, extensionId: SUMMARIZER_ID, supersededIds: [] });
      const job = getJob(p.ctx, out.jobId);
      expect(job).toMatchObject({
        status: 'queued',
        nodeId: SKILL,
        extensionKind: 'action',
        ttlSeconds: 1800, // the default TTL: a claim whose agent died gives the job back after 30 minutes
        priority: 0,
        submittedBy: 'mcp',
      });
      expect(job).not.toHaveProperty('nonce');
      await p.flush();
      const lines = opsLines(readFileSync(p.opsLogPath, 'utf8'));
      expect(lines).toEqual([
        expect.objectContaining({
          op: 'jobs.submit',
          target: SKILL,
          extension: SUMMARIZER_ID,
          channel: 'mcp',
          outcome: 'queued',
          id: out.jobId,
        }),
      ]);
      expect(readFileSync(p.opsLogPath, 'utf8')).not.toContain(out.nonce);
      const submitted = p.events.find((e) => e.type === 'job.submitted');
      expect(submitted).toMatchObject({
        runId: expect.stringMatching(/^r-queue-/) as unknown,
        jobId: out.jobId,
        data: { nodePath: SKILL, extensionId: SUMMARIZER_ID, supersededIds: [] },
      });
      expect(JSON.stringify(p.events)).not.toContain(out.nonce);
    });

    it('applies ttl and priority precedence: flag > per-extension config > global/manifest > default', async () => {
      p.tree.write({
        '.skill-map/settings.json': JSON.stringify({
          jobs: {
            ttlSeconds: 600,
            perExtensionTtl: { [TAGGER_ID]: 60 },
            perExtensionPriority: { [TAGGER_ID]: 9 },
          },
        }),
      });
      const a = await submitJob(p.ctx, { node: SKILL, extension: SUMMARIZER_ID });
      const b = await submitJob(p.ctx, { node: SKILL, extension: TAGGER_ID });
      const c = await submitJob(p.ctx, { node: AGENT, extension: TAGGER_ID, ttl: 0, priority: -3 });
      const ids = [a, b, c].map((o) => (o.outcome === 'created' ? o.jobId : ''));
      const jobs = ids.map((id) => getJob(p.ctx, id));
      expect(jobs.map((j) => [j?.ttlSeconds, j?.priority])).toEqual([
        [600, 0],
        [60, 9],
        [null, -3],
      ]);
    });

    it('stores the content once per hash and renders the preamble, seam, contract and user-content block', async () => {
      const pre = await previewJob(p.ctx, { node: SKILL, extension: TAGGER_ID });
      expect(pre.content).toContain('# skill-map job');
      expect(pre.content).toContain('## Current tags\n\n```json\n[\n  "ops"\n]\n```');
      expect(pre.content).toContain('## Report contract');
      expect(pre.content).toContain(`<user-content id="${SKILL}">\nRun the release`);
      expect(pre.content).not.toContain('{{userContent}}');
      const out = await submitJob(p.ctx, { node: SKILL, extension: TAGGER_ID });
      if (out.outcome !== 'created') throw new Error(out.outcome);
      expect(getJob(p.ctx, out.jobId)?.contentHash).toBe(pre.contentHash);
      const contents = querySql<{ content: string }>(p, `SELECT content FROM state_job_contents`);
      expect(contents).toEqual([{ content: pre.content }]);
    });
  });

  describe('submitJob: refusals change nothing', () => {
    it('duplicate: same live work is refused (and `force` still cannot create a second live job)', async () => {
      const first = await submitJob(p.ctx, { node: SKILL, extension: SUMMARIZER_ID });
      if (first.outcome !== 'created') throw new Error(first.outcome);
      const before = await stateSnapshot(p);
      expect(await submitJob(p.ctx, { node: SKILL, extension: SUMMARIZER_ID })).toEqual({
        outcome: 'duplicate',
        existingId: first.jobId,
      });
      expect(await submitJob(p.ctx, { node: SKILL, extension: SUMMARIZER_ID, force: true })).toEqual({
        outcome: 'duplicate',
        existingId: first.jobId,
      });
      expect(await stateSnapshot(p)).toBe(before);
    });

    it('a terminal job is no duplicate: the same work can be queued again after a cancel', async () => {
      const first = await submitJob(p.ctx, { node: SKILL, extension: SUMMARIZER_ID });
      if (first.outcome !== 'created') throw new Error(first.outcome);
      claimJob(p.ctx, {});
      expect(cancelJob(p.ctx, first.jobId)).toEqual({ outcome: 'cancelled' });
      expect((await submitJob(p.ctx, { node: SKILL, extension: SUMMARIZER_ID })).outcome).toBe('created');
    });

    it('drift: an edited file is refused until rescanned; nothing is written', async () => {
      const before = await stateSnapshot(p);
      writeProjectFile(
        p,
        SKILL,
        '---\nname: deploy\ndescription: Deploys\ntags: [ops]\n---\nChanged body.\n',
      );
      const drift = await submitJob(p.ctx, { node: SKILL, extension: SUMMARIZER_ID });
      expect(drift).toMatchObject({
        outcome: 'drift',
        detail: expect.stringContaining('sm scan') as unknown,
      });
      expect(await stateSnapshot(p)).toBe(before);
      await p.rescan();
      expect((await submitJob(p.ctx, { node: SKILL, extension: SUMMARIZER_ID })).outcome).toBe('created');
    });

    it('unreadable: a node file gone since the scan is refused with the cause; nothing is written', async () => {
      const before = await stateSnapshot(p);
      rmSync(p.tree.abs(AGENT));
      const unreadable = await submitJob(p.ctx, { node: AGENT, extension: SUMMARIZER_ID });
      expect(unreadable).toMatchObject({
        outcome: 'unreadable',
        detail: expect.stringContaining('ENOENT') as unknown,
      });
      expect(await stateSnapshot(p)).toBe(before);
    });

    it('a frontmatter-only edit is not body drift (the scanner hashes the body alone)', async () => {
      writeProjectFile(
        p,
        AGENT,
        '---\nname: reviewer\ndescription: Reviews code well\n---\nReview the diff.\n',
      );
      expect((await submitJob(p.ctx, { node: AGENT, extension: SUMMARIZER_ID })).outcome).toBe('created');
    });

    it('no-processing-agent: operator submits need the sm-process-jobs skill; internal ones do not', async () => {
      const bare = (await open(store, undefined, { agent: false }))!;
      try {
        const before = await stateSnapshot(bare);
        const err = await submitJob(bare.ctx, { node: SKILL, extension: SUMMARIZER_ID }).catch(
          (e: unknown) => e,
        );
        expect(isEngineError(err, 'no-processing-agent')).toBe(true);
        expect(await stateSnapshot(bare)).toBe(before);
        const internal = await submitJob(bare.ctx, { node: SKILL, extension: SUMMARIZER_ID, internal: true });
        expect(internal.outcome).toBe('created');
      } finally {
        bare.remove();
      }
    });

    it('no-findings: a fixer with nothing open to resolve is refused', async () => {
      const before = await stateSnapshot(p);
      expect(await submitJob(p.ctx, { node: AGENT, extension: FIXER_ID })).toEqual({
        outcome: 'no-findings',
      });
      expect(await submitJob(p.ctx, { node: AGENT, extension: REFERENCE_FIXER_ID })).toEqual({
        outcome: 'no-findings',
      });
      expect(await stateSnapshot(p)).toBe(before);
    });

    it('bad input is refused by name before anything is read', async () => {
      const cases: Array<[Parameters<typeof submitJob>[1], string, string]> = [
        [{ node: SKILL, extension: SUMMARIZER_ID, ttl: -1 }, 'invalid-input', 'ttl'],
        [{ node: SKILL, extension: SUMMARIZER_ID, ttl: 1.5 }, 'invalid-input', 'ttl'],
        [{ node: SKILL, extension: SUMMARIZER_ID, priority: 0.5 }, 'invalid-input', 'priority'],
        [{ node: SKILL, extension: SUMMARIZER_ID, findingIds: [1] }, 'invalid-input', 'findingIds'],
        [{ node: SKILL, extension: FIXER_ID, findingIds: [0] }, 'invalid-input', 'findingIds'],
        [{ node: 'nope.md', extension: SUMMARIZER_ID }, 'not-found', 'nope.md'],
        [{ node: SKILL, extension: 'test/unknown' }, 'not-found', 'test/unknown'],
      ];
      const before = await stateSnapshot(p);
      for (const [input, code, named] of cases) {
        const err = await submitJob(p.ctx, input).catch((e: unknown) => e);
        expect(isEngineError(err, code as 'invalid-input')).toBe(true);
        expect((err as Error).message).toContain(named);
      }
      expect(await stateSnapshot(p)).toBe(before);
    });
  });

  describe('submitJob: locked extensions and a missing database', () => {
    it('refuses an operator submit of a locked extension, hides its jobs from a hideLocked list', async () => {
      const locked = { ...SUMMARIZER, id: 'test/ai-ping-action', locked: true };
      const ctx = p.context({ extensions: testCatalog([...TEST_EXTENSIONS, locked]) });
      const err = await submitJob(ctx, { node: SKILL, extension: locked.id }).catch((e: unknown) => e);
      expect(isEngineError(err, 'unsupported-extension')).toBe(true);
      const internal = await submitJob(ctx, { node: SKILL, extension: locked.id, internal: true });
      expect(internal.outcome).toBe('created');
      expect(listJobs(ctx, {}).map((j) => j.extensionId)).toEqual([locked.id]);
      expect(listJobs(ctx, { hideLocked: true })).toEqual([]);
    });

    it('a server database that cannot be reached refuses writes and reads, naming it', async (ctx) => {
      if (store === 'SQLite') return ctx.skip(); // the file's case is the next test
      const gone = p.context({ server: { url: 'postgres://sm@127.0.0.1:1/nowhere', projectId: 'p' } });
      try {
        const err = await submitJob(gone, { node: SKILL, extension: SUMMARIZER_ID }).catch((e: unknown) => e);
        expect(isAdapterError(err, 'DB_SERVER_FAILED')).toBe(true);
        expect(String(err)).toContain('127.0.0.1:1');
        expect(() => claimJob(gone, {})).toThrow(/could not connect to PostgreSQL/);
        expect(() => listJobs(gone, {})).toThrow(/could not connect to PostgreSQL/);
      } finally {
        gone.close?.();
      }
    });

    it('writes need the database (db-missing); reads degrade to empty', async (ctx) => {
      if (store !== 'SQLite') return ctx.skip(); // a server database is never missing: the test before
      rmSync(p.dbPath);
      const err = await submitJob(p.ctx, { node: SKILL, extension: SUMMARIZER_ID }).catch((e: unknown) => e);
      expect(isEngineError(err, 'db-missing')).toBe(true);
      expect(() => claimJob(p.ctx, {})).toThrow(/database not found/i);
      expect(listJobs(p.ctx, {})).toEqual([]);
      expect(getJob(p.ctx, 'd-20260101-000000-0000')).toBeNull();
    });
  });

  describe('submitJob: fixers', () => {
    it('injects the finder’s open findings, honours findingIds, and supersedes overlapping queued jobs only', async () => {
      const ids = await recordFindings(SKILL, [finding('step one unclear'), finding('step two unclear')]);
      expect(ids).toHaveLength(2);
      const [f1, f2] = ids as [number, number];
      const pre = await previewJob(p.ctx, { node: SKILL, extension: FIXER_ID });
      expect(pre.content).toContain('## Findings to resolve');
      expect(pre.content).toContain('step one unclear');
      const one = await submitJob(p.ctx, { node: SKILL, extension: FIXER_ID, findingIds: [f1] });
      p.clock.now += 1;
      const two = await submitJob(p.ctx, { node: SKILL, extension: FIXER_ID, findingIds: [f2] });
      expect([one.outcome, two.outcome]).toEqual(['created', 'created']); // disjoint sets coexist
      if (one.outcome !== 'created' || two.outcome !== 'created') return;
      const all = await submitJob(p.ctx, { node: SKILL, extension: FIXER_ID });
      expect(all).toMatchObject({ outcome: 'created', supersededIds: [one.jobId, two.jobId] });
      expect(getJob(p.ctx, one.jobId)?.status).toBe('cancelled');
      expect(p.events.filter((e) => e.type === 'job.cancelled').map((e) => e.jobId)).toEqual([
        one.jobId,
        two.jobId,
      ]);
    });

    it('stale findings are still injected, flagged stale, after the file changed and was rescanned', async () => {
      await recordFindings(SKILL, [finding('old judgment')]);
      expect((await previewJob(p.ctx, { node: SKILL, extension: FIXER_ID })).content).toContain(
        '"stale": false',
      );
      writeProjectFile(p, SKILL, '---\nname: deploy\ndescription: Deploys\ntags: [ops]\n---\nA new body.\n');
      await p.rescan();
      const pre = await previewJob(p.ctx, { node: SKILL, extension: FIXER_ID });
      expect(pre.content).toContain('old judgment');
      expect(pre.content).toContain('"stale": true');
    });

    it('an overlapping RUNNING fixer job refuses with job-running; nothing changes', async () => {
      const [f1] = (await recordFindings(SKILL, [finding('a'), finding('b')])) as [number, number];
      const first = await submitJob(p.ctx, { node: SKILL, extension: FIXER_ID, findingIds: [f1] });
      if (first.outcome !== 'created') throw new Error(first.outcome);
      expect(claimJob(p.ctx, { filter: 'ai-clarity-action' })?.id).toBe(first.jobId);
      const before = await stateSnapshot(p);
      expect(await submitJob(p.ctx, { node: SKILL, extension: FIXER_ID })).toEqual({
        outcome: 'job-running',
        existingId: first.jobId,
      });
      expect(await stateSnapshot(p)).toBe(before);
    });

    it('a RUNNING fixer job with disjoint findings does not refuse the submit; an overlapping one does', async () => {
      const [f1, f2] = (await recordFindings(SKILL, [finding('a'), finding('b')])) as [number, number];
      const first = await submitJob(p.ctx, { node: SKILL, extension: FIXER_ID, findingIds: [f1] });
      if (first.outcome !== 'created') throw new Error(first.outcome);
      expect(claimJob(p.ctx, { filter: 'ai-clarity-action' })?.id).toBe(first.jobId);
      const disjoint = await submitJob(p.ctx, { node: SKILL, extension: FIXER_ID, findingIds: [f2] });
      expect(disjoint).toMatchObject({ outcome: 'created', supersededIds: [] });
      expect(getJob(p.ctx, first.jobId)?.status).toBe('running');
      expect(await submitJob(p.ctx, { node: SKILL, extension: FIXER_ID, findingIds: [f1, f2] })).toEqual({
        outcome: 'job-running',
        existingId: first.jobId,
      });
    });

    it('a fixer of a deterministic analyzer gets the node’s matching scan issues', async () => {
      const pre = await previewJob(p.ctx, { node: SKILL, extension: REFERENCE_FIXER_ID });
      expect(pre.content).toContain('## Issues to resolve');
      expect(pre.content).toContain('missing.md');
      expect((await submitJob(p.ctx, { node: SKILL, extension: REFERENCE_FIXER_ID })).outcome).toBe(
        'created',
      );
    });

    it('auto-fix: a finder job submitted with autoFix chains its fixer after a completed record', async () => {
      const sub = await submitJob(p.ctx, { node: SKILL, extension: FINDER_ID, autoFix: true });
      if (sub.outcome !== 'created') throw new Error(sub.outcome);
      const c = claimJob(p.ctx, {});
      if (c === null) throw new Error('nothing claimed');
      await recordJob(p.ctx, {
        id: c.id,
        nonce: c.nonce,
        status: 'completed',
        report: JSON.stringify({ ...CLEAN, findings: [finding('vague')] }),
      });
      const fixers = listJobs(p.ctx, { extension: FIXER_ID });
      expect(fixers).toHaveLength(1);
      expect(fixers[0]).toMatchObject({ status: 'queued', submittedBy: 'auto-fix', nodeId: SKILL });
    });
  });
});
