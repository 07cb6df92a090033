import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eachSuite, STORES } from '../../../adapters/testing/per-store.js';
import WebSocket from 'ws';
import { createSpecValidator } from '@skill-map/spec/testing';
import { claimJob } from '../../../engines/jobs/index.js';
import { createEngineContext } from '../../../engines/operable/create-context.js';
import { readServeInfo } from '../../serve-info.js';
import { setProcessingAgent, testCatalog } from '../../testing/job-fixtures.js';
import { projectServersOn } from '../../testing/project-server.js';
import type { ProjectServer } from '../../testing/project-server.js';
import { encodePathB64 } from '../request-params.js';
import { restCall } from '../../testing/rest.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
const spec = createSpecValidator();
const NODE = '.claude/skills/lint/SKILL.md';
const FINDER = 'test/ai-lint-analyzer';

let ps: ProjectServer;
const url = (path: string): string => `${ps.running.url}${path}`;

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Json | null }> {
  const { status, body: json } = await restCall<Json>(ps.running.url, method, path, body);
  return { status, json };
}

const submit = (body: unknown, node = NODE): Promise<{ status: number; json: Json | null }> =>
  call('POST', `/api/nodes/${encodePathB64(node)}/jobs`, body);

/** A claim made the way an agent makes one (through the engine on channel cli), to get a job running. */
function claim(): { id: string; nonce: string } {
  const engines = createEngineContext({
    scopeRoot: ps.tree.root,
    dbPath: ps.server === null ? ps.dbPath : '',
    channel: 'cli',
    extensions: testCatalog(),
    ...(ps.server === null ? {} : { server: ps.server }),
  });
  try {
    const job = claimJob(engines, {});
    if (job === null) throw new Error('nothing to claim');
    return job;
  } finally {
    engines.close?.();
  }
}

// The queue suite of the REST surface, run against each store (PostgreSQL when a throwaway cluster starts here).
const start = projectServersOn({ beforeAll, afterAll });

describe.each(STORES)('%s', (store) => {
  eachSuite(
    () => start(store, { extensions: testCatalog(), prepare: (root) => setProcessingAgent(root, true) }),
    (s) => void (ps = s),
    (s) => s.stop(),
  );
  beforeEach(async () => {
    setProcessingAgent(ps.tree.root, true);
    await call('POST', '/api/jobs/cancel-all');
  });

  describe('REST job routes', () => {
    it('submits a job on a node: 201 job.submitted without a nonce, listed newest first as PublicJob', async () => {
      const r = await submit({ extension: FINDER });
      expect(r.status).toBe(201);
      expect(r.json).toMatchObject({ schemaVersion: '1', kind: 'job.submitted' });
      const value = r.json?.['value'] as Json;
      expect(Object.keys(value).sort()).toEqual(['extensionId', 'jobId', 'nodePath', 'supersededIds']);
      expect(value).toMatchObject({ nodePath: NODE, extensionId: FINDER, supersededIds: [] });

      const list = await call('GET', '/api/jobs');
      expect(list.status).toBe(200);
      expect(list.json).toMatchObject({ kind: 'jobs' });
      const items = list.json?.['items'] as Json[];
      expect(items[0]?.['id']).toBe(value['jobId']);
      for (const job of items) {
        const v = spec.validate('job', job);
        expect(v.ok ? [] : v.errors).toEqual([]);
        expect(job).not.toHaveProperty('nonce');
      }
      const one = await call('GET', `/api/jobs/${value['jobId']}`);
      expect(one).toMatchObject({
        status: 200,
        json: { kind: 'job', item: { id: value['jobId'], status: 'queued' } },
      });
      expect(one.json?.['item']).not.toHaveProperty('nonce');
    });

    it('refuses a second identical submit with 409 duplicate-job naming the existing job', async () => {
      const first = await submit({ extension: FINDER });
      const jobId = (first.json?.['value'] as Json)['jobId'] as string;
      const again = await submit({ extension: FINDER });
      expect(again.status).toBe(409);
      expect(again.json).toEqual({
        ok: false,
        error: { code: 'duplicate-job', message: expect.any(String), details: { existingId: jobId } },
      });
    });

    it('refuses a submit without the processing agent (409 no-processing-agent), writing no job', async () => {
      setProcessingAgent(ps.tree.root, false);
      const before = (await call('GET', '/api/jobs')).json?.['items'] as Json[];
      const r = await submit({ extension: FINDER });
      expect(r.status).toBe(409);
      expect(r.json?.['error']).toMatchObject({ code: 'no-processing-agent' });
      expect((await call('GET', '/api/jobs')).json?.['items']).toEqual(before);
    });

    it('answers 400 on bad input: unknown status, bad body fields, bad pathB64; 404 on an unknown node or job', async () => {
      expect((await call('GET', '/api/jobs?status=done')).json?.['error']).toMatchObject({
        code: 'bad-query',
        message: expect.stringContaining('queued, running, completed, failed, cancelled'),
      });
      const badTtl = await submit({ extension: FINDER, ttl: -1 });
      expect(badTtl.status).toBe(400);
      expect(badTtl.json?.['error']['message']).toContain('ttl');
      const typo = await submit({ extension: FINDER, autofix: true });
      expect(typo.status).toBe(400);
      expect((await call('POST', '/api/nodes/not+b64/jobs', { extension: FINDER })).status).toBe(400);
      expect((await submit({ extension: FINDER }, 'docs/nope.md')).status).toBe(404);
      expect((await submit({ extension: 'nope' })).status).toBe(404);
      expect((await call('GET', '/api/jobs/d-20260101-000000-0000')).status).toBe(404);
    });

    it('refuses a submit on a file edited since the scan with 409 node-drifted, writing no job', async () => {
      const file = join(ps.tree.root, NODE);
      const original = readFileSync(file, 'utf8');
      writeFileSync(file, `${original}\nEdited after the scan.\n`);
      try {
        const r = await submit({ extension: FINDER });
        expect(r.status).toBe(409);
        expect(r.json?.['error']).toMatchObject({
          code: 'node-drifted',
          details: { detail: expect.any(String) },
        });
        expect((await call('GET', '/api/jobs?status=queued')).json?.['items']).toEqual([]);
      } finally {
        writeFileSync(file, original);
      }
    });

    it('cancels (204), then 409 job-terminal; fail works the same; unknown ids are 404', async () => {
      const id = ((await submit({ extension: FINDER })).json?.['value'] as Json)['jobId'] as string;
      expect((await call('POST', `/api/jobs/${id}/cancel`)).status).toBe(204);
      const again = await call('POST', `/api/jobs/${id}/cancel`);
      expect(again.status).toBe(409);
      expect(again.json?.['error']).toMatchObject({
        code: 'job-terminal',
        details: { id, status: 'cancelled' },
      });
      expect((await call('POST', `/api/jobs/${id}/fail`)).status).toBe(409);
      expect((await call('POST', '/api/jobs/d-nope/cancel')).status).toBe(404);

      const id2 = ((await submit({ extension: FINDER })).json?.['value'] as Json)['jobId'] as string;
      expect((await call('POST', `/api/jobs/${id2}/fail`)).status).toBe(204);
      const failed = (await call('GET', `/api/jobs/${id2}`)).json?.['item'] as Json;
      expect(failed).toMatchObject({ status: 'failed', failureReason: 'user-failed' });
    });

    it('cancel-all ends every queued and running job; prune removes terminal ones', async () => {
      await submit({ extension: FINDER });
      await submit({ extension: 'test/ai-summary-action' });
      claim();
      expect((await call('POST', '/api/jobs/cancel-all')).status).toBe(204);
      const active = [
        ...((await call('GET', '/api/jobs?status=queued')).json?.['items'] as Json[]),
        ...((await call('GET', '/api/jobs?status=running')).json?.['items'] as Json[]),
      ];
      expect(active).toEqual([]);
      expect((await call('POST', '/api/jobs/prune?status=bogus')).status).toBe(400);
      const pruned = await call('POST', '/api/jobs/prune?status=cancelled');
      expect(pruned.status).toBe(200);
      expect(pruned.json).toMatchObject({ kind: 'jobs-pruned', value: { jobs: expect.any(Number) } });
    });

    it('never shows the nonce of a claimed job on any REST payload or in the ops log', async () => {
      await submit({ extension: FINDER });
      const { id, nonce } = claim();
      const bodies = [
        await (await fetch(url('/api/jobs'))).text(),
        await (await fetch(url(`/api/jobs/${id}`))).text(),
        await (await fetch(url('/api/jobs?status=running'))).text(),
      ];
      for (const b of bodies) expect(b).not.toContain(nonce);
      expect(bodies[1]).toContain('"status":"running"');
      expect(readFileSync(join(ps.tree.root, '.skill-map', 'operations.log'), 'utf8')).not.toContain(nonce);
    });
  });

  describe('POST /api/job-events (the CLI push leg)', () => {
    const token = (): string => readServeInfo(ps.tree.root)?.token ?? '';
    const post = (body: unknown, t: string): Promise<Response> =>
      fetch(url('/api/job-events'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-skill-map-token': t },
        body: JSON.stringify(body),
      });
    const event = {
      type: 'job.cancelled',
      timestamp: 1_700_000_000_000,
      runId: 'r-queue-20260101-000000-abcd',
      jobId: 'd-20260101-000000-abcd',
      data: { nonce: 'ffff', extra: 1 },
    };

    it('refuses a missing or wrong token with 403 token-mismatch', async () => {
      const r = await post(event, 'wrong');
      expect(r.status).toBe(403);
      expect(((await r.json()) as Json)['error']).toMatchObject({ code: 'token-mismatch' });
    });

    it('refuses what is not a job event (400)', async () => {
      expect((await post({ ...event, type: 'scan.completed' }, token())).status).toBe(400);
      expect((await post({ ...event, timestamp: 'now' }, token())).status).toBe(400);
    });

    it('rebroadcasts the event on /ws as sent (its timestamp, runId, jobId), minus any nonce', async () => {
      const ws = new WebSocket(`${ps.running.url.replace('http', 'ws')}/ws`);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const got = new Promise<Json>((resolve) =>
        ws.on('message', (raw: Buffer) => {
          const e = JSON.parse(raw.toString()) as Json;
          if (e['type'] === 'job.cancelled') resolve(e);
        }),
      );
      const r = await post(event, token());
      expect(r.status).toBe(202);
      expect(await got).toEqual({ ...event, data: { extra: 1 } });
      ws.close();
    });
  });
});
