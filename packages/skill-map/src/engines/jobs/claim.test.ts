import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachTest, STORES } from '../../adapters/testing/per-store.js';
import { EngineError } from '../errors.js';
import type { SubmitInput } from './api.js';
import { claimJob, claimJobWaiting, getJob, listJobs } from './index.js';
import { externalRunId } from './ids.js';
import { SUMMARIZER_ID, TAGGER_ID } from './testing/extensions.js';
import { AGENT, jobsProjectsOn, SKILL, submitCreated } from './testing/project.js';
import type { JobsProject } from './testing/project.js';
import { execSql, querySql } from './testing/snapshot.js';

// Run against each store: SQLite always, PostgreSQL when a throwaway cluster can be started here.
const open = jobsProjectsOn({ beforeAll, afterAll });
let p: JobsProject;

describe.each(STORES)('%s', (store) => {
  eachTest(
    () => open(store),
    (q) => (p = q),
    (q) => q.remove(),
  );

  const submit = (input: SubmitInput): Promise<string> => submitCreated(p.ctx, input);

  function thrown(fn: () => unknown): EngineError {
    try {
      fn();
    } catch (err) {
      if (err instanceof EngineError) return err;
      throw err;
    }
    throw new Error('expected an EngineError');
  }

  async function rejected(promise: Promise<unknown>): Promise<EngineError> {
    const err: unknown = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    if (err instanceof EngineError) return err;
    throw new Error(`expected an EngineError, got ${String(err)}`);
  }

  describe('claimJob input', () => {
    it('records the runner: agent by default, in-process when asked', async () => {
      const a = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      const b = await submit({ node: AGENT, extension: SUMMARIZER_ID });
      expect(claimJob(p.ctx, {})?.id).toBe(a);
      expect(claimJob(p.ctx, { runner: 'in-process' })?.id).toBe(b);
      expect(getJob(p.ctx, a)?.runner).toBe('agent');
      expect(getJob(p.ctx, b)?.runner).toBe('in-process');
    });

    it('refuses another runner, naming the argument, and claims nothing', async () => {
      const id = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      const err = thrown(() => claimJob(p.ctx, { runner: 'robot' as 'agent' }));
      expect(err.code).toBe('invalid-input');
      expect(err.details).toEqual({ argument: 'runner' });
      expect(err.message).toContain('"robot"');
      expect(getJob(p.ctx, id)?.status).toBe('queued');
    });

    it('an empty filter is no filter', async () => {
      const id = await submit({ node: SKILL, extension: TAGGER_ID });
      expect(claimJob(p.ctx, { filter: '' })?.id).toBe(id);
    });
  });

  describe('claimJob events', () => {
    it('announces run.started then job.claimed on the job’s external run, with what was claimed', async () => {
      const id = await submit({ node: SKILL, extension: SUMMARIZER_ID, priority: 3, ttl: 120 });
      p.events.length = 0;
      claimJob(p.ctx, {});
      const runId = externalRunId(id);
      expect(p.events.map((e) => [e.type, e.runId, e.jobId])).toEqual([
        ['run.started', runId, null],
        ['job.claimed', runId, id],
      ]);
      expect(p.events[0]?.data).toEqual({ mode: 'external' });
      const job = getJob(p.ctx, id);
      expect(p.events[1]?.data).toEqual({
        extensionId: SUMMARIZER_ID,
        extensionVersion: job?.extensionVersion,
        nodeId: job?.nodeId,
        ttlSeconds: 120,
        priority: 3,
      });
    });

    it('a claim that finds nothing announces nothing', () => {
      expect(claimJob(p.ctx, {})).toBeNull();
      expect(p.events).toEqual([]);
    });

    it('says each reaped claim as job.requeued (abandoned) on its own run', async () => {
      const a = await submit({ node: SKILL, extension: SUMMARIZER_ID, ttl: 10 });
      const b = await submit({ node: AGENT, extension: SUMMARIZER_ID, ttl: 10 });
      claimJob(p.ctx, {});
      claimJob(p.ctx, {});
      p.events.length = 0;
      p.clock.now += 10_001;
      expect(claimJob(p.ctx, {})?.id).toBe(a); // both are back in the queue; the oldest is handed out again
      expect(
        p.events
          .filter((e) => e.type === 'job.requeued')
          .map((e) => [e.type, e.runId, e.jobId])
          .sort(),
      ).toEqual(
        [
          ['job.requeued', externalRunId(a), a],
          ['job.requeued', externalRunId(b), b],
        ].sort(),
      );
      for (const e of p.events.filter((x) => x.type === 'job.requeued'))
        expect(e.data).toEqual({
          reason: 'abandoned',
          message: 'the claim outlived its TTL; the job is back in the queue',
        });
      expect(getJob(p.ctx, b)).toMatchObject({
        status: 'queued',
        claimedAt: null,
        expiresAt: null,
        runner: null,
      });
    });
  });

  describe('a claimed job without its content', () => {
    it('is failed with one execution row saying so, announced, and refused naming the job', async () => {
      const id = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      const job = getJob(p.ctx, id);
      execSql(p, `DELETE FROM state_job_contents`);
      p.events.length = 0;
      const err = thrown(() => claimJob(p.ctx, { runner: 'in-process' }));
      expect(err.code).toBe('job-file-missing');
      expect(err.details).toEqual({ jobId: id });
      expect(err.message).toContain(id);
      expect(getJob(p.ctx, id)).toMatchObject({ status: 'failed', failureReason: 'job-file-missing' });
      expect(
        querySql(
          p,
          `SELECT extension_id, extension_version, node_ids_json, content_hash, status, failure_reason, runner,
                started_at, finished_at, duration_ms, job_id FROM state_executions`,
        ),
      ).toEqual([
        {
          extension_id: SUMMARIZER_ID,
          extension_version: job?.extensionVersion,
          node_ids_json: JSON.stringify([job?.nodeId]),
          content_hash: job?.contentHash,
          status: 'failed',
          failure_reason: 'job-file-missing',
          runner: 'in-process',
          started_at: p.clock.now,
          finished_at: p.clock.now,
          duration_ms: 0,
          job_id: id,
        },
      ]);
      expect(p.events.map((e) => [e.type, e.jobId, e.data['reason']])).toEqual([
        ['job.failed', id, 'job-file-missing'],
      ]);
    });
  });

  describe('claimJobWaiting', () => {
    it('refuses a wait that is negative or not a finite number, naming the argument', async () => {
      for (const waitSeconds of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
        const err = await rejected(claimJobWaiting(p.ctx, {}, { waitSeconds }));
        expect(err.code).toBe('invalid-input');
        expect(err.details).toEqual({ argument: 'wait' });
      }
    });

    it('a wait of 0 is one attempt: the queued job at once, else null', async () => {
      expect(await claimJobWaiting(p.ctx, {}, { waitSeconds: 0 })).toBeNull();
      const id = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      expect((await claimJobWaiting(p.ctx, {}, { waitSeconds: 0 }))?.id).toBe(id);
    });

    it('an already aborted wait claims nothing, even with a job queued', async () => {
      const id = await submit({ node: SKILL, extension: SUMMARIZER_ID });
      const ac = new AbortController();
      ac.abort();
      expect(await claimJobWaiting(p.ctx, {}, { waitSeconds: 60, signal: ac.signal })).toBeNull();
      expect(getJob(p.ctx, id)?.status).toBe('queued');
    });

    it('an abort while parked between attempts ends the wait at once, with null', async () => {
      const ac = new AbortController();
      const parked = claimJobWaiting(
        p.ctx,
        {},
        { waitSeconds: 3600, intervalSeconds: 3600, signal: ac.signal },
      );
      await new Promise((r) => setTimeout(r, 20));
      ac.abort();
      expect(await parked).toBeNull();
    });

    it('passes the runner and filter to every attempt', async () => {
      const id = await submit({ node: SKILL, extension: TAGGER_ID });
      await submit({ node: AGENT, extension: SUMMARIZER_ID, priority: 9 });
      const got = await claimJobWaiting(
        p.ctx,
        { runner: 'in-process', filter: TAGGER_ID },
        { waitSeconds: 0 },
      );
      expect(got?.id).toBe(id);
      expect(getJob(p.ctx, id)?.runner).toBe('in-process');
    });

    it('heartbeats report whole elapsed seconds, never more than have passed', async () => {
      listJobs(p.ctx, {}); // connected first (a server database's context connects on first use)
      const beats: number[] = [];
      const started = Date.now();
      const out = await claimJobWaiting(
        p.ctx,
        {},
        {
          waitSeconds: 0.2,
          intervalSeconds: 0.01,
          heartbeatSeconds: 0.02,
          onHeartbeat: (s) => void beats.push(s),
        },
      );
      const elapsed = (Date.now() - started) / 1000;
      expect(out).toBeNull();
      expect(beats.length).toBeGreaterThan(1);
      for (const b of beats) {
        expect(Number.isInteger(b)).toBe(true);
        expect(b).toBeGreaterThanOrEqual(0);
        expect(b).toBeLessThanOrEqual(Math.ceil(elapsed));
      }
    });

    it('no heartbeat before heartbeatSeconds has passed (the default is 15 s)', async () => {
      const beats: number[] = [];
      await claimJobWaiting(
        p.ctx,
        {},
        { waitSeconds: 0.1, intervalSeconds: 0.01, onHeartbeat: (s) => void beats.push(s) },
      );
      expect(beats).toEqual([]);
    });
  });
});
