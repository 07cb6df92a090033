import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eachSuite, STORES } from '../../../../adapters/testing/per-store.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { CLEAN_FINDINGS_REPORT, setProcessingAgent, testCatalog } from '../../../testing/job-fixtures.js';
import { mcpClient, projectServersOn } from '../../../testing/project-server.js';
import type { ProjectServer } from '../../../testing/project-server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- results are read loosely; shapes are asserted
type Json = Record<string, any>;
const NODE = '.claude/skills/lint/SKILL.md';
const FINDER = 'test/ai-lint-analyzer';
const SUMMARIZER = 'test/ai-summary-action';

let ps: ProjectServer;
let client: Client;

async function tool(name: string, args: Json = {}): Promise<Json> {
  const r = await client.callTool({ name, arguments: args });
  expect(r.isError).not.toBe(true);
  return r.structuredContent as Json;
}

async function rpcError(p: Promise<unknown>): Promise<McpError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(McpError);
  return err as McpError;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
/** The operations log so far ('' until its first line is written: the server appends fire-and-forget). */
const opsLog = (): string => {
  const file = join(ps.tree.root, '.skill-map', 'operations.log');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};

async function cancelAll(): Promise<void> {
  for (const status of ['queued', 'running']) {
    const { items } = await tool('list_jobs', { status });
    for (const j of items as Json[]) await tool('cancel_job', { id: j['id'] });
  }
}

// The queue suite of the MCP surface, run against each store (PostgreSQL when a throwaway cluster starts here).
const start = projectServersOn({ beforeAll, afterAll });

describe.each(STORES)('%s', (store) => {
  eachSuite(
    () => start(store, { extensions: testCatalog(), prepare: (root) => setProcessingAgent(root, true) }),
    async (s) => {
      ps = s;
      client = await mcpClient(s, 'queue-test');
    },
    async (s) => {
      await client.close();
      await s.stop();
    },
  );
  beforeEach(async () => {
    setProcessingAgent(ps.tree.root, true);
    await cancelAll();
  });

  describe('MCP queue tools', () => {
    it('lists the seven queue tools with their contract inputs', async () => {
      const { tools } = await client.listTools();
      const byName = new Map(tools.map((t) => [t.name, t]));
      for (const name of [
        'list_jobs',
        'get_job',
        'submit_job',
        'claim_job',
        'record_job',
        'cancel_job',
        'fail_job',
      ])
        expect(byName.has(name)).toBe(true);
      expect(byName.get('submit_job')?.inputSchema).toMatchObject({ required: ['node', 'extension'] });
      expect(Object.keys(byName.get('record_job')?.inputSchema.properties ?? {}).sort()).toEqual(
        [
          'durationMs',
          'failureReason',
          'id',
          'model',
          'nonce',
          'report',
          'status',
          'tokensIn',
          'tokensOut',
        ].sort(),
      );
      expect(byName.get('list_jobs')?.annotations).toMatchObject({ readOnlyHint: true });
      expect(byName.get('cancel_job')?.annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: true,
      });
    });

    it('submit → claim → record: only claim_job carries the nonce; lists, gets and the ops log never do', async () => {
      const created = await tool('submit_job', { node: NODE, extension: FINDER });
      expect(created).toEqual({
        outcome: 'created',
        jobId: expect.any(String),
        nodePath: NODE,
        extensionId: FINDER,
        supersededIds: [],
      });
      const dup = await tool('submit_job', { node: NODE, extension: FINDER });
      expect(dup).toEqual({ outcome: 'duplicate', existingId: created['jobId'] });

      const claimed = await tool('claim_job');
      expect(claimed).toEqual({
        id: created['jobId'],
        nonce: expect.stringMatching(/^[0-9a-f]{32,}$/),
        content: expect.any(String),
      });
      expect(claimed['content']).toContain('<user-content id=".claude/skills/lint/SKILL.md">');
      const nonce = claimed['nonce'] as string;

      const seen = [
        JSON.stringify(await client.callTool({ name: 'list_jobs', arguments: {} })),
        JSON.stringify(await client.callTool({ name: 'get_job', arguments: { id: claimed['id'] } })),
        JSON.stringify(await client.callTool({ name: 'list_jobs', arguments: { status: 'running' } })),
      ];
      for (const s of seen) expect(s).not.toContain(nonce);
      expect((await tool('get_job', { id: claimed['id'] }))['item']).toMatchObject({
        status: 'running',
        runner: 'agent',
      });

      expect(
        await tool('record_job', {
          id: claimed['id'],
          nonce: 'f'.repeat(32),
          status: 'completed',
          report: CLEAN_FINDINGS_REPORT,
        }),
      ).toEqual({
        outcome: 'nonce-mismatch',
      });
      const recorded = await tool('record_job', {
        id: claimed['id'],
        nonce,
        status: 'completed',
        report: CLEAN_FINDINGS_REPORT,
        tokensIn: 10,
        model: 'test-model',
      });
      expect(recorded).toMatchObject({ outcome: 'completed', executionId: expect.stringMatching(/^e-/) });
      expect((await tool('get_job', { id: claimed['id'] }))['item']).toMatchObject({ status: 'completed' });
      expect(await tool('record_job', { id: claimed['id'], nonce, status: 'failed' })).toEqual({
        outcome: 'not-running',
        status: 'completed',
      });

      // The server appends ops-log lines fire-and-forget: wait for the record line before reading them all.
      while (!opsLog().includes('"jobs.record"')) await sleep(20);
      const log = opsLog();
      expect(log).not.toContain(nonce);
      const lines = log
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Json);
      expect(lines).toContainEqual(
        expect.objectContaining({ op: 'jobs.submit', channel: 'mcp', id: created['jobId'] }),
      );
      expect(lines).toContainEqual(
        expect.objectContaining({ op: 'jobs.record', channel: 'mcp', outcome: 'completed' }),
      );
    });

    it('claim_job on an empty queue answers the text null, with all-null fields as structuredContent', async () => {
      const r = await client.callTool({ name: 'claim_job', arguments: {} });
      expect(r.isError).not.toBe(true);
      expect(r.structuredContent).toEqual({ id: null, nonce: null, content: null });
      expect(r.content).toEqual([{ type: 'text', text: 'null' }]);
    });

    it('refusals that are failures of the request are -32602 errors, and change nothing', async () => {
      // Lines of earlier tests may still be on their way (fire-and-forget): count only what a refusal could add.
      const submits = (): number => opsLog().split('"jobs.submit"').length;
      const before = submits();
      expect((await rpcError(client.callTool({ name: 'get_job', arguments: { id: 'd-nope' } }))).code).toBe(
        -32602,
      );
      expect(
        (
          await rpcError(
            client.callTool({ name: 'submit_job', arguments: { node: 'docs/none.md', extension: FINDER } }),
          )
        ).code,
      ).toBe(-32602);
      expect(
        (
          await rpcError(
            client.callTool({ name: 'submit_job', arguments: { node: NODE, extension: 'nope' } }),
          )
        ).code,
      ).toBe(-32602);
      expect(
        (
          await rpcError(
            client.callTool({ name: 'submit_job', arguments: { node: NODE, extension: FINDER, ttl: -5 } }),
          )
        ).code,
      ).toBe(-32602);
      expect(
        (await rpcError(client.callTool({ name: 'list_jobs', arguments: { status: 'done' } }))).code,
      ).toBe(-32602);
      expect((await rpcError(client.callTool({ name: 'claim_job', arguments: { wait: 0 } }))).code).toBe(
        -32602,
      );
      const noReport = await rpcError(
        client.callTool({ name: 'record_job', arguments: { id: 'd-x', nonce: 'n', status: 'completed' } }),
      );
      expect(noReport.code).toBe(-32602);
      expect(noReport.message).toContain('report');

      setProcessingAgent(ps.tree.root, false);
      const gate = await rpcError(
        client.callTool({ name: 'submit_job', arguments: { node: NODE, extension: FINDER } }),
      );
      expect(gate.code).toBe(-32602);
      expect(gate.data).toMatchObject({ code: 'no-processing-agent' });
      expect((await tool('list_jobs', { status: 'queued' }))['items']).toEqual([]);
      expect(submits()).toBe(before);
    });

    it('submit_job on a file edited since the scan is the drift outcome; a cancelled running job refuses its record', async () => {
      const file = join(ps.tree.root, NODE);
      const original = readFileSync(file, 'utf8');
      writeFileSync(file, `${original}\nEdited after the scan.\n`);
      try {
        expect(await tool('submit_job', { node: NODE, extension: FINDER })).toEqual({
          outcome: 'drift',
          detail: expect.any(String),
        });
      } finally {
        writeFileSync(file, original);
      }
      await tool('submit_job', { node: NODE, extension: FINDER });
      const claimed = await tool('claim_job');
      expect(await tool('cancel_job', { id: claimed['id'] })).toEqual({ outcome: 'cancelled' });
      expect(
        await tool('record_job', {
          id: claimed['id'],
          nonce: claimed['nonce'],
          status: 'completed',
          report: CLEAN_FINDINGS_REPORT,
        }),
      ).toEqual({ outcome: 'not-running', status: 'cancelled' });
    });

    it('cancel_job and fail_job: done, then already-terminal; unknown ids are not-found outcomes', async () => {
      const a = await tool('submit_job', { node: NODE, extension: FINDER });
      expect(await tool('cancel_job', { id: a['jobId'] })).toEqual({ outcome: 'cancelled' });
      expect(await tool('cancel_job', { id: a['jobId'] })).toMatchObject({
        outcome: 'already-terminal',
        status: 'cancelled',
      });
      const b = await tool('submit_job', { node: NODE, extension: SUMMARIZER });
      expect(await tool('fail_job', { id: b['jobId'] })).toEqual({ outcome: 'failed' });
      expect((await tool('get_job', { id: b['jobId'] }))['item']).toMatchObject({
        status: 'failed',
        failureReason: 'user-failed',
      });
      expect(await tool('fail_job', { id: 'd-nope' })).toEqual({ outcome: 'not-found' });
    });
  });

  describe('MCP claim_job wait (the long-poll park)', () => {
    it('a parked claim returns the job submitted while it waits', async () => {
      const parked = client.callTool({ name: 'claim_job', arguments: { wait: 60, filter: FINDER } });
      await sleep(300);
      const created = await tool('submit_job', { node: NODE, extension: FINDER });
      const r = await parked;
      expect(r.structuredContent).toMatchObject({ id: created['jobId'], nonce: expect.any(String) });
    });

    it('a cancelled park frees the server: a job submitted after the cancel stays queued', async () => {
      const abort = new AbortController();
      const parked = client.callTool(
        { name: 'claim_job', arguments: { wait: 60, filter: SUMMARIZER } },
        undefined,
        {
          signal: abort.signal,
        },
      );
      await sleep(300);
      abort.abort();
      await expect(parked).rejects.toThrow();
      await sleep(300);
      const created = await tool('submit_job', { node: NODE, extension: SUMMARIZER });
      // Longer than two claim intervals (jobs.claimWaitSeconds, 2 s): a park still alive would have taken it.
      await sleep(4500);
      expect((await tool('get_job', { id: created['jobId'] }))['item']).toMatchObject({ status: 'queued' });
    }, 20_000);

    it('a cancelled park that carried a progressToken (the protocol-core path) is freed too', async () => {
      const abort = new AbortController();
      const parked = client.callTool(
        { name: 'claim_job', arguments: { wait: 60, filter: SUMMARIZER } },
        undefined,
        {
          signal: abort.signal,
          onprogress: () => undefined,
        },
      );
      await sleep(300);
      abort.abort();
      await expect(parked).rejects.toThrow();
      await sleep(300);
      const created = await tool('submit_job', { node: NODE, extension: SUMMARIZER });
      await sleep(4500);
      expect((await tool('get_job', { id: created['jobId'] }))['item']).toMatchObject({ status: 'queued' });
    }, 20_000);

    it('sends progress while parked only to a request that carried a progressToken', async () => {
      const progress: number[] = [];
      const withToken = client.callTool(
        { name: 'claim_job', arguments: { wait: 40, filter: FINDER } },
        undefined,
        {
          onprogress: (p) => void progress.push(p.progress),
          timeout: 60_000,
        },
      );
      // The same park without a token, on the wire: its answer must hold the result and nothing else.
      const sessionId =
        (client as unknown as { _transport: { sessionId?: string } })._transport.sessionId ?? '';
      const bare = fetch(ps.running.mcpUrl ?? '', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 'bare-1',
          method: 'tools/call',
          params: { name: 'claim_job', arguments: { wait: 17, filter: 'test/none' } },
        }),
      }).then((r) => r.text());
      while (progress.length === 0) await sleep(250);
      expect(progress[0]).toBeGreaterThanOrEqual(1);
      const created = await tool('submit_job', { node: NODE, extension: FINDER });
      expect((await withToken).structuredContent).toMatchObject({ id: created['jobId'] });
      const text = await bare;
      expect(text).not.toContain('notifications/progress');
      expect(text).toContain('"id":"bare-1"');
    }, 60_000);
  });
});
