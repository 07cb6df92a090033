import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachTest, STORES } from '../../adapters/testing/per-store.js';
import { isAdapterError } from '../../adapters/errors.js';
import { isEngineError } from '../errors.js';
import type { SubmitInput } from './api.js';
import {
  cancelJob,
  cancelQueuedJobsOf,
  claimJob,
  claimJobWaiting,
  failJob,
  getJob,
  JOB_TEXT_LIMITS,
  listJobs,
  pruneJobs,
  recordJob,
  submitJob,
} from './index.js';
import {
  CLEAN,
  FINDER_ID,
  FIXER_ID,
  SUMMARIZER_ID,
  TAGGER_ID,
  testCatalog,
  TEST_EXTENSIONS,
} from './testing/extensions.js';
import { AGENT, jobsProjectsOn, NOTES, SKILL, submitCreated } from './testing/project.js';
import type { JobsProject } from './testing/project.js';
import { execSql, querySql, stateSnapshot } from './testing/snapshot.js';

// The queue suite of the operable surface, run against each store: SQLite always, PostgreSQL when a throwaway cluster
// can be started here (the `postgres: …` run is skipped otherwise, and scripts/test.mjs says so).
const open = jobsProjectsOn({ beforeAll, afterAll });
let p: JobsProject;

describe.each(STORES)('%s', (store) => {
  eachTest(
    () => open(store),
    (q) => (p = q),
    (q) => q.remove(),
  );

  const submit = (input: SubmitInput): Promise<string> => submitCreated(p.ctx, input);

  const summary = JSON.stringify({ ...CLEAN, summary: 'Deploys things.' });

  describe('claimJob', () => {
    it('hands out the highest priority first, then the oldest, each exactly once', async () => {
      const low = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      p.clock.now += 1000;
      const high = await submit({ node: AGENT, extension: SUMMARIZER_ID, priority: 5 });
      p.clock.now += 1000;
      const low2 = await submit({ node: NOTES, extension: SUMMARIZER_ID });
      const order = [claimJob(p.ctx, {}), claimJob(p.ctx, {}), claimJob(p.ctx, {}), claimJob(p.ctx, {})];
      expect(order.map((c) => c?.id ?? null)).toEqual([high, low, low2, null]);
      expect(getJob(p.ctx, high)).toMatchObject({
        status: 'running',
        runner: 'agent',
        claimedAt: p.clock.now,
      });
    });

    it('filters by extension, exact or bare suffix', async () => {
      const s = await submit({ node: SKILL, extension: SUMMARIZER_ID, priority: 1 });
      const t = await submit({ node: SKILL, extension: TAGGER_ID });
      expect(claimJob(p.ctx, { filter: 'ai-tagger-action' })?.id).toBe(t);
      expect(claimJob(p.ctx, { filter: 'ai-tagger-action' })).toBeNull();
      expect(claimJob(p.ctx, { filter: 'tagger-action' })).toBeNull(); // a suffix is a whole id segment
      expect(claimJob(p.ctx, { filter: SUMMARIZER_ID })?.id).toBe(s);
    });

    it('the nonce appears only in the claim: never in list, get, events or the ops log', async () => {
      const id = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      const c = claimJob(p.ctx, {});
      expect(c).toMatchObject({ id, nonce: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown });
      if (c === null) return;
      expect(c.content).toContain('<user-content');
      await recordJob(p.ctx, { id, nonce: c.nonce, status: 'completed', report: summary });
      await p.flush();
      const surfaces = JSON.stringify([listJobs(p.ctx, {}), getJob(p.ctx, id), p.events]);
      expect(surfaces).not.toContain(c.nonce);
      expect(surfaces).not.toContain('"nonce"');
      expect(readFileSync(p.opsLogPath, 'utf8')).not.toContain(c.nonce);
      expect(p.events.map((e) => e.type)).toEqual([
        'job.submitted',
        'run.started',
        'job.claimed',
        'job.callback.received',
        'job.completed',
        'run.summary',
      ]);
      const ext = p.events.filter((e) => e.type !== 'job.submitted').map((e) => e.runId);
      expect(new Set(ext).size).toBe(1);
      expect(ext[0]).toMatch(/^r-ext-/);
    });

    it('a claim past its TTL is reaped by the next claim: the job is queued again, new nonce', async () => {
      const id = await submit({ node: SKILL, extension: SUMMARIZER_ID, ttl: 30 });
      const c = claimJob(p.ctx, {});
      expect(getJob(p.ctx, id)?.expiresAt).toBe(p.clock.now + 30_000);
      p.clock.now += 30_000;
      expect(claimJob(p.ctx, {})).toBeNull();
      expect(getJob(p.ctx, id)?.status).toBe('running'); // not yet: expiresAt < now is strict
      p.clock.now += 1;
      const again = claimJob(p.ctx, {});
      expect(again).toMatchObject({ id, content: c!.content });
      expect(again!.nonce).not.toBe(c!.nonce);
      expect(getJob(p.ctx, id)).toMatchObject({ status: 'running', claimedAt: p.clock.now });
      expect(querySql(p, `SELECT status, failure_reason, job_id FROM state_executions`)).toEqual([
        { status: 'failed', failure_reason: 'abandoned', job_id: id },
      ]);
      expect(p.events.some((e) => e.type === 'job.requeued' && e.data['reason'] === 'abandoned')).toBe(true);
      // The first agent's late record is refused (its claim was given back) and changes nothing.
      const before = await stateSnapshot(p);
      expect(await recordJob(p.ctx, { id, nonce: c!.nonce, status: 'completed', report: summary })).toEqual({
        outcome: 'nonce-mismatch',
      });
      expect(await stateSnapshot(p)).toBe(before);
      expect(
        await recordJob(p.ctx, { id, nonce: again!.nonce, status: 'completed', report: summary }),
      ).toMatchObject({
        outcome: 'completed',
      });
    });

    it('a job losing jobs.maxAttempts claims to its TTL fails as abandoned, not cycling', async () => {
      p.tree.write({ '.skill-map/settings.json': JSON.stringify({ jobs: { maxAttempts: 2 } }) });
      const id = await submit({ node: SKILL, extension: SUMMARIZER_ID, ttl: 10 });
      const ctx = p.ctx;
      expect(claimJob(ctx, {})?.id).toBe(id);
      p.clock.now += 10_001;
      expect(claimJob(ctx, {})?.id).toBe(id); // the first lost claim: back in the queue, claimed again at once
      p.clock.now += 10_001;
      expect(claimJob(ctx, {})).toBeNull(); // the second: out of attempts
      expect(getJob(p.ctx, id)).toMatchObject({ status: 'failed', failureReason: 'abandoned' });
      expect(querySql(p, `SELECT failure_reason FROM state_executions`)).toEqual([
        { failure_reason: 'abandoned' },
        { failure_reason: 'abandoned' },
      ]);
      expect(p.events.filter((e) => e.type === 'job.failed').map((e) => e.data['reason'])).toEqual([
        'abandoned',
      ]);
    });

    it('a job whose content row is gone is failed as job-file-missing and not handed out', async () => {
      const id = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      execSql(p, `DELETE FROM state_job_contents`);
      const err = (() => {
        try {
          return claimJob(p.ctx, {});
        } catch (e) {
          return e;
        }
      })();
      expect(isEngineError(err, 'job-file-missing')).toBe(true);
      expect(getJob(p.ctx, id)).toMatchObject({ status: 'failed', failureReason: 'job-file-missing' });
      expect(querySql(p, `SELECT failure_reason FROM state_executions`)).toEqual([
        { failure_reason: 'job-file-missing' },
      ]);
      expect(claimJob(p.ctx, {})).toBeNull();
    });
  });

  describe('claimJobWaiting', () => {
    it('returns null once the window elapses, and an aborted wait ends cleanly with null', async () => {
      expect(await claimJobWaiting(p.ctx, {}, { waitSeconds: 0.05, intervalSeconds: 0.01 })).toBeNull();
      const ac = new AbortController();
      const parked = claimJobWaiting(
        p.ctx,
        {},
        { waitSeconds: 3600, intervalSeconds: 0.01, signal: ac.signal },
      );
      ac.abort();
      expect(await parked).toBeNull();
    });

    it('picks up a job submitted while parked, sending heartbeats meanwhile', async () => {
      listJobs(p.ctx, {}); // connected first (a server database's context connects on first use)
      const beats: number[] = [];
      const parked = claimJobWaiting(
        p.ctx,
        {},
        {
          waitSeconds: 60,
          intervalSeconds: 0.01,
          heartbeatSeconds: 0.01,
          onHeartbeat: (s) => void beats.push(s),
        },
      );
      await new Promise((r) => setTimeout(r, 50));
      const id = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      expect((await parked)?.id).toBe(id);
      expect(beats.length).toBeGreaterThan(0);
    });
  });

  describe('recordJob', () => {
    it('refusals change nothing: not-found, nonce-mismatch, not-running, schema-unresolved', async () => {
      const id = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      const queuedSnap = await stateSnapshot(p);
      expect(await recordJob(p.ctx, { id, nonce: 'x', status: 'completed', report: summary })).toEqual({
        outcome: 'nonce-mismatch',
      });
      const c = claimJob(p.ctx, {})!;
      await expect(recordJob(p.ctx, { id, nonce: c.nonce, status: 'completed' })).rejects.toThrow(/report/);
      expect(queuedSnap).not.toBe(await stateSnapshot(p)); // the claim itself did change the row
      const before = await stateSnapshot(p);
      expect(
        await recordJob(p.ctx, { id: 'd-20000101-000000-0000', nonce: c.nonce, status: 'failed' }),
      ).toEqual({
        outcome: 'not-found',
      });
      const wrong = c.nonce.slice(0, -1) + (c.nonce.endsWith('0') ? '1' : '0');
      expect(await recordJob(p.ctx, { id, nonce: wrong, status: 'failed' })).toEqual({
        outcome: 'nonce-mismatch',
      });
      const upgraded = p.context({
        extensions: testCatalog(
          TEST_EXTENSIONS.map((e) => (e.id === SUMMARIZER_ID ? { ...e, version: '2.0.0' } : e)),
        ),
      });
      expect(
        await recordJob(upgraded, { id, nonce: c.nonce, status: 'completed', report: summary }),
      ).toMatchObject({
        outcome: 'schema-unresolved',
        detail: expect.stringContaining('2.0.0') as unknown,
      });
      expect(await stateSnapshot(p)).toBe(before);
      cancelJob(p.ctx, id);
      const cancelled = await stateSnapshot(p);
      expect(await recordJob(p.ctx, { id, nonce: c.nonce, status: 'completed', report: summary })).toEqual({
        outcome: 'not-running',
        status: 'cancelled',
      });
      expect(await stateSnapshot(p)).toBe(cancelled);
    });

    it('text over its length limit (model, nonce, report) is invalid-input naming it; nothing changes', async () => {
      const id = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      const c = claimJob(p.ctx, {})!;
      const before = await stateSnapshot(p);
      const base = { id, nonce: c.nonce, status: 'completed' as const, report: summary };
      const cases: Array<[string, Partial<typeof base> & { model?: string }]> = [
        ['model', { model: 'm'.repeat(JOB_TEXT_LIMITS.model + 1) }],
        ['model', { model: 'line\nbreak' }],
        ['nonce', { nonce: 'n'.repeat(JOB_TEXT_LIMITS.nonce + 1) }],
        ['report', { report: `${summary}${' '.repeat(JOB_TEXT_LIMITS.report)}` }],
      ];
      for (const [argument, over] of cases) {
        const err = await recordJob(p.ctx, { ...base, ...over }).catch((e: unknown) => e);
        expect(isEngineError(err, 'invalid-input')).toBe(true);
        expect(err).toMatchObject({ message: expect.stringContaining(argument), details: { argument } });
      }
      expect(await stateSnapshot(p)).toBe(before);
    });

    it('report-invalid fails the job with an execution row and writes no findings', async () => {
      const id = await submit({ node: SKILL, extension: FINDER_ID });
      const c = claimJob(p.ctx, {})!;
      const out = await recordJob(p.ctx, {
        id,
        nonce: c.nonce,
        status: 'completed',
        report: JSON.stringify({
          ...CLEAN,
          findings: [{ type: 'Bad Type', severity: 'warn', message: 'x' }],
        }),
      });
      expect(out).toMatchObject({
        outcome: 'report-invalid',
        detail: expect.stringContaining('/findings/0/type') as unknown,
      });
      expect(getJob(p.ctx, id)).toMatchObject({ status: 'failed', failureReason: 'report-invalid' });
      expect(querySql(p, `SELECT status, failure_reason FROM state_executions`)).toEqual([
        { status: 'failed', failure_reason: 'report-invalid' },
      ]);
      expect(querySql(p, `SELECT * FROM state_findings`)).toEqual([]);
      const notJson = await submit({ node: AGENT, extension: FINDER_ID });
      const c2 = claimJob(p.ctx, {})!;
      expect(
        await recordJob(p.ctx, { id: notJson, nonce: c2.nonce, status: 'completed', report: '{' }),
      ).toMatchObject({
        outcome: 'report-invalid',
        detail: expect.stringContaining('not JSON') as unknown,
      });
    });

    it('a write on a drifted schema is refused and changes nothing', async () => {
      const id = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      const c = claimJob(p.ctx, {})!;
      // SQLite: the scan zone was written by another build. PostgreSQL: a newer skill-map migrated the database
      // (a context connecting now finds it; a kept connection checked when it opened).
      let ctx = p.ctx;
      if (store === 'SQLite') {
        execSql(p, `UPDATE scan_meta SET schema_fingerprint = 'other-build' WHERE id = 1`);
      } else {
        execSql(p, `INSERT INTO sm_schema_migrations (version, name, applied_at) VALUES (999, 'future', 0)`);
        ctx = p.context();
      }
      const before = await stateSnapshot(p);
      const attempts = [
        () => recordJob(ctx, { id, nonce: c.nonce, status: 'completed', report: summary }),
        () => submitJob(ctx, { node: AGENT, extension: SUMMARIZER_ID }),
        () => Promise.resolve().then(() => claimJob(ctx, {})),
        () => Promise.resolve().then(() => cancelJob(ctx, id)),
        () => Promise.resolve().then(() => pruneJobs(ctx)),
      ];
      for (const attempt of attempts) {
        const err = await attempt().catch((e: unknown) => e);
        expect(isAdapterError(err, store === 'SQLite' ? 'DB_SCHEMA_DRIFT' : 'DB_SCHEMA_NEWER')).toBe(true);
      }
      ctx.close?.();
      expect(await stateSnapshot(p)).toBe(before);
    });

    it('a finder record replaces the node’s findings (both origins) and the safety lane; an empty list clears', async () => {
      const run = async (report: object): Promise<void> => {
        await submit({ node: SKILL, extension: FINDER_ID, force: true });
        const c = claimJob(p.ctx, {})!;
        const out = await recordJob(p.ctx, {
          id: c.id,
          nonce: c.nonce,
          status: 'completed',
          report: JSON.stringify(report),
          model: 'm1',
        });
        expect(out.outcome).toBe('completed');
      };
      await run({
        ...CLEAN,
        safety: { injectionDetected: true, injectionType: 'override', contentQuality: 'suspicious' },
        findings: [
          { type: 'vague-step', severity: 'warn', message: 'one' },
          { type: 'injection-detected', severity: 'error', message: 'reserved slug is dropped' },
        ],
      });
      const rows = () =>
        querySql<{ extension_id: string; origin: string; type: string }>(
          p,
          `SELECT extension_id, origin, type FROM state_findings ORDER BY id`,
        );
      expect(rows()).toEqual([
        { extension_id: 'kernel/safety', origin: 'kernel', type: 'injection-detected' },
        { extension_id: 'kernel/safety', origin: 'kernel', type: 'content-suspicious' },
        { extension_id: FINDER_ID, origin: 'extension', type: 'vague-step' },
      ]);
      await run({ ...CLEAN, findings: [] });
      expect(rows().filter((r) => r.extension_id === FINDER_ID)).toEqual([]);
      await p.flush();
      const log = readFileSync(p.opsLogPath, 'utf8');
      expect(log).toContain('"op":"jobs.record"');
      expect(log).toContain(`"target":"${SKILL}"`);
    });

    it('a fixer record stamps its resolutions on the finder’s open findings', async () => {
      await submit({ node: SKILL, extension: FINDER_ID });
      const f = claimJob(p.ctx, {})!;
      await recordJob(p.ctx, {
        id: f.id,
        nonce: f.nonce,
        status: 'completed',
        report: JSON.stringify({
          ...CLEAN,
          findings: [
            { type: 'a', severity: 'warn', message: 'a' },
            { type: 'b', severity: 'info', message: 'b' },
          ],
        }),
      });
      const [a, b] = querySql<{ id: number }>(p, `SELECT id FROM state_findings ORDER BY id`).map(
        (r) => r.id,
      );
      await submit({ node: SKILL, extension: FIXER_ID });
      const x = claimJob(p.ctx, {})!;
      await recordJob(p.ctx, {
        id: x.id,
        nonce: x.nonce,
        status: 'completed',
        report: JSON.stringify({
          ...CLEAN,
          resolved: [
            { id: a, state: 'fixed', note: 'rewrote' },
            { id: 9999, state: 'fixed' },
          ],
        }),
      });
      expect(
        querySql(
          p,
          `SELECT id, resolution, resolution_actor, resolution_by, resolution_note FROM state_findings ORDER BY id`,
        ),
      ).toEqual([
        {
          id: a,
          resolution: 'fixed',
          resolution_actor: 'fixer',
          resolution_by: FIXER_ID,
          resolution_note: 'rewrote',
        },
        { id: b, resolution: null, resolution_actor: null, resolution_by: null, resolution_note: null },
      ]);
    });

    it('a summary is upserted; a tagger only proposes tags on the completion event', async () => {
      for (const text of ['first', 'second']) {
        await submit({ node: SKILL, extension: SUMMARIZER_ID, force: true });
        const c = claimJob(p.ctx, {})!;
        await recordJob(p.ctx, {
          id: c.id,
          nonce: c.nonce,
          status: 'completed',
          report: JSON.stringify({ ...CLEAN, summary: text }),
        });
      }
      const sums = querySql<{ summary_json: string }>(p, `SELECT summary_json FROM state_summaries`);
      expect(sums.map((s) => (JSON.parse(s.summary_json) as { summary: string }).summary)).toEqual([
        'second',
      ]);
      await submit({ node: SKILL, extension: TAGGER_ID });
      const t = claimJob(p.ctx, {})!;
      await recordJob(p.ctx, {
        id: t.id,
        nonce: t.nonce,
        status: 'completed',
        report: JSON.stringify({ ...CLEAN, tags: ['ops', 'release'] }),
      });
      const done = p.events.filter((e) => e.type === 'job.completed').at(-1);
      expect(done?.data['tagsProposed']).toEqual(['ops', 'release']);
    });

    it('a node gone since the submit skips the write-throughs; the execution and transition still land', async () => {
      const id = await submit({ node: NOTES, extension: FINDER_ID });
      const c = claimJob(p.ctx, {})!;
      rmSync(p.tree.abs(NOTES));
      await p.rescan();
      const out = await recordJob(p.ctx, {
        id,
        nonce: c.nonce,
        status: 'completed',
        report: JSON.stringify({ ...CLEAN, findings: [{ type: 'a', severity: 'warn', message: 'a' }] }),
      });
      expect(out.outcome).toBe('completed');
      expect(getJob(p.ctx, id)?.status).toBe('completed');
      expect(querySql(p, `SELECT status FROM state_executions`)).toEqual([{ status: 'completed' }]);
      expect(querySql(p, `SELECT * FROM state_findings`)).toEqual([]);
    });

    it('an agent-reported failure lands as failed with its reason', async () => {
      const id = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      const c = claimJob(p.ctx, {})!;
      expect(
        await recordJob(p.ctx, { id, nonce: c.nonce, status: 'failed', failureReason: 'timeout' }),
      ).toMatchObject({
        outcome: 'completed',
        status: 'failed',
      });
      expect(getJob(p.ctx, id)).toMatchObject({ status: 'failed', failureReason: 'timeout' });
    });
  });

  describe('cancel, fail, list, prune', () => {
    it('cancel and fail are guarded: terminal → already-terminal, unknown → not-found', async () => {
      const a = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      const b = await submit({ node: AGENT, extension: SUMMARIZER_ID });
      expect(cancelJob(p.ctx, a)).toEqual({ outcome: 'cancelled' });
      expect(failJob(p.ctx, b)).toEqual({ outcome: 'failed' });
      const before = await stateSnapshot(p);
      expect(cancelJob(p.ctx, a)).toEqual({ outcome: 'already-terminal', status: 'cancelled' });
      expect(failJob(p.ctx, a)).toEqual({ outcome: 'already-terminal', status: 'cancelled' });
      expect(cancelJob(p.ctx, 'd-20000101-000000-0000')).toEqual({ outcome: 'not-found' });
      expect(await stateSnapshot(p)).toBe(before);
      expect(getJob(p.ctx, b)).toMatchObject({ failureReason: 'user-failed' });
      const log = readFileSync(p.opsLogPath, 'utf8');
      expect(log).toContain(
        `"op":"jobs.cancel","target":"*","channel":"mcp","outcome":"cancelled","id":"${a}"`,
      );
      expect(log).toContain(`"op":"jobs.fail","target":"*","channel":"mcp","outcome":"failed","id":"${b}"`);
    });

    it('lists newest first with status / extension / node filters, and refuses an unknown status', async () => {
      const a = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      p.clock.now += 1;
      const b = await submit({ node: AGENT, extension: TAGGER_ID });
      expect(listJobs(p.ctx, {}).map((j) => j.id)).toEqual([b, a]);
      expect(listJobs(p.ctx, { extension: 'ai-tagger-action' }).map((j) => j.id)).toEqual([b]);
      expect(listJobs(p.ctx, { node: SKILL }).map((j) => j.id)).toEqual([a]);
      expect(listJobs(p.ctx, { status: 'running' })).toEqual([]);
      expect(() => listJobs(p.ctx, { status: 'bogus' as 'queued' })).toThrow(/status must be one of/);
    });

    it('prunes terminal jobs past retention and orphan contents in one go, keeping failed ones by default', async () => {
      const done = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      const c = claimJob(p.ctx, {})!;
      await recordJob(p.ctx, { id: done, nonce: c.nonce, status: 'completed', report: summary });
      const failed = await submit({ node: AGENT, extension: SUMMARIZER_ID });
      failJob(p.ctx, failed);
      const live = await submit({ node: NOTES, extension: SUMMARIZER_ID });
      expect(pruneJobs(p.ctx)).toEqual({ jobs: 0, contents: 0 });
      p.clock.now += 2_592_000_000 + 1;
      expect(pruneJobs(p.ctx)).toEqual({ jobs: 1, contents: 1 });
      expect(
        listJobs(p.ctx, {})
          .map((j) => j.id)
          .sort(),
      ).toEqual([failed, live].sort());
    });

    it('the disable cascade cancels the extension’s queued jobs only, with one aggregated ops-log line', async () => {
      const a = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      p.clock.now += 1;
      const b = await submit({ node: AGENT, extension: SUMMARIZER_ID });
      const t = await submit({ node: SKILL, extension: TAGGER_ID });
      p.clock.now += 1;
      const running = await submit({ node: NOTES, extension: SUMMARIZER_ID, priority: 9 });
      expect(claimJob(p.ctx, {})?.id).toBe(running);
      expect(cancelQueuedJobsOf(p.ctx, SUMMARIZER_ID)).toEqual([a, b]);
      expect([a, b, t, running].map((id) => getJob(p.ctx, id)?.status)).toEqual([
        'cancelled',
        'cancelled',
        'queued',
        'running',
      ]);
      expect(cancelQueuedJobsOf(p.ctx, SUMMARIZER_ID)).toEqual([]);
      await p.flush();
      const lines = readFileSync(p.opsLogPath, 'utf8')
        .split('\n')
        .filter((l) => l.includes('jobs.cancel'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('"detail":"count=2"');
      expect(p.events.filter((e) => e.type === 'job.cancelled').map((e) => e.jobId)).toEqual([a, b]);
    });
  });
});
