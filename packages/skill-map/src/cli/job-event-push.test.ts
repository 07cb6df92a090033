import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTempTree } from '../adapters/testing/temp-tree.js';
import type { TempTree } from '../adapters/testing/temp-tree.js';
import type { JobEvent } from '../engines/context.js';
import { submitJob } from '../engines/jobs/index.js';
import { createEngineContext } from '../engines/operable/create-context.js';
import { writeServeInfo } from '../server/serve-info.js';
import { setProcessingAgent, testCatalog } from '../server/testing/job-fixtures.js';
import { startProjectServer } from '../server/testing/project-server.js';
import { createJobEventPush } from './job-event-push.js';
import { runCli } from './testing/run-cli.js';

const EVENT: JobEvent = { type: 'job.cancelled', timestamp: 1, runId: 'r-queue-x', jobId: 'd-x', data: {} };

describe('the CLI job-event push leg', () => {
  let tree: TempTree;
  let server: Server;
  let received: Array<{ token: string | undefined; body: unknown }>;

  beforeEach(async () => {
    tree = createTempTree('sm-push-');
    received = [];
    server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({
          token: req.headers['x-skill-map-token'] as string | undefined,
          body: JSON.parse(body),
        });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });
  afterEach(async () => {
    await new Promise((r) => server.close(r));
    tree.remove();
  });

  const serveJson = (over: Record<string, unknown>): void => {
    writeServeInfo(tree.root, {
      schemaVersion: 1,
      host: '127.0.0.1',
      port: (server.address() as AddressInfo).port,
      pid: process.pid,
      scopeRoot: tree.root,
      startedAt: new Date().toISOString(),
      smVersion: 'test',
      token: 'tok',
      ...over,
    } as never);
  };

  it('posts each event, in order, with the serve.json token', async () => {
    serveJson({});
    const push = createJobEventPush(tree.root);
    push.emit(EVENT);
    push.emit({ ...EVENT, type: 'job.failed' });
    await push.settled();
    expect(received).toEqual([
      { token: 'tok', body: EVENT },
      { token: 'tok', body: { ...EVENT, type: 'job.failed' } },
    ]);
  });

  it('sends nothing when serve.json names another project, a non-loopback host, or is absent', async () => {
    for (const over of [{ scopeRoot: '/somewhere/else' }, { host: '10.0.0.1' }]) {
      serveJson(over);
      const push = createJobEventPush(tree.root);
      push.emit(EVENT);
      await push.settled();
    }
    const elsewhere = createTempTree('sm-push-none-');
    const none = createJobEventPush(elsewhere.root);
    none.emit(EVENT);
    await none.settled();
    elsewhere.remove();
    expect(received).toEqual([]);
  });

  it('never fails the caller when nothing listens at the recorded port', async () => {
    serveJson({ port: 1 });
    const push = createJobEventPush(tree.root);
    expect(() => push.emit(EVENT)).not.toThrow();
    await expect(push.settled()).resolves.toBeUndefined();
  });
});

describe('sm jobs verbs next to a running sm serve', () => {
  it('their job events reach the /ws clients of the server', async () => {
    const ps = await startProjectServer({
      extensions: testCatalog(),
      prepare: (root) => setProcessingAgent(root, true),
    });
    try {
      const engines = createEngineContext({
        scopeRoot: ps.tree.root,
        dbPath: ps.dbPath,
        channel: 'ui',
        extensions: testCatalog(),
      });
      const created = await submitJob(engines, {
        node: '.claude/skills/lint/SKILL.md',
        extension: 'test/ai-lint-analyzer',
      });
      if (created.outcome !== 'created') throw new Error(created.outcome);
      const ws = new WebSocket(`${ps.running.url.replace('http', 'ws')}/ws`);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const got = new Promise<Record<string, unknown>>((resolve) =>
        ws.on('message', (raw: Buffer) => {
          const e = JSON.parse(raw.toString()) as Record<string, unknown>;
          if (e['type'] === 'job.cancelled') resolve(e);
        }),
      );
      const run = await runCli(['jobs', 'cancel', created.jobId], { cwd: ps.tree.root });
      expect(run.code).toBe(0);
      expect(await got).toMatchObject({ type: 'job.cancelled', jobId: created.jobId });
      ws.close();
    } finally {
      await ps.stop();
    }
  });
});
