import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eachSuite, STORES } from '../../../../adapters/testing/per-store.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { setProcessingAgent, testCatalog } from '../../../testing/job-fixtures.js';
import { mcpClient, projectServersOn } from '../../../testing/project-server.js';
import type { ProjectServer } from '../../../testing/project-server.js';

// The seed's claim_job / record_job rows (issue 28 points 9, 10, 11, 14), driven over HTTP by the v1 SDK client.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- results are read loosely; shapes are asserted
type Json = Record<string, any>;
const LINT = '.claude/skills/lint/SKILL.md';
const TEST = '.claude/skills/test/SKILL.md';
const FINDER = 'test/ai-lint-analyzer';
const SUMMARIZER = 'test/ai-summary-action';

let ps: ProjectServer;
let client: Client;

async function tool(name: string, args: Json = {}): Promise<Json> {
  const r = await client.callTool({ name, arguments: args });
  expect(r.isError).not.toBe(true);
  return (r.structuredContent ?? null) as Json;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const opsLines = (): Json[] => {
  const path = join(ps.tree.root, '.skill-map', 'operations.log');
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Json);
};
async function opsLine(match: Json): Promise<Json> {
  // The server appends ops-log lines fire-and-forget: wait for the one asked for.
  for (;;) {
    const hit = opsLines().find((l) => Object.entries(match).every(([k, v]) => l[k] === v));
    if (hit !== undefined) return hit;
    await sleep(20);
  }
}

/** Deletes a job's stored content (what a damaged or hand-pruned database leaves). */
function dropContent(jobId: string): void {
  ps.sql(
    'DELETE FROM state_job_contents WHERE content_hash = (SELECT content_hash FROM state_jobs WHERE id = ?)',
    jobId,
  );
}

async function submit(node: string, extension: string, extra: Json = {}): Promise<string> {
  const created = await tool('submit_job', { node, extension, ...extra });
  expect(created['outcome']).toBe('created');
  return created['jobId'] as string;
}

// The claim contract of the MCP surface, run against each store (PostgreSQL when a throwaway cluster starts here).
const start = projectServersOn({ beforeAll, afterAll });

describe.each(STORES)('%s', (store) => {
  eachSuite(
    () => start(store, { extensions: testCatalog(), prepare: (root) => setProcessingAgent(root, true) }),
    async (s) => {
      ps = s;
      client = await mcpClient(s, 'claim-contract-test');
      await client.listTools();
    },
    async (s) => {
      await client.close();
      await s.stop();
    },
  );
  beforeEach(async () => {
    for (const status of ['queued', 'running']) {
      const { items } = await tool('list_jobs', { status });
      for (const j of items as Json[]) await tool('cancel_job', { id: j['id'] });
    }
  });

  describe('claim_job writes the operations log (point 9)', () => {
    it('a claim appends jobs.claim with channel mcp, naming the job but never its nonce', async () => {
      const id = await submit(LINT, FINDER);
      const claimed = await tool('claim_job');
      expect(claimed['id']).toBe(id);
      const line = await opsLine({ op: 'jobs.claim', id });
      expect(line).toMatchObject({ target: LINT, extension: FINDER, channel: 'mcp', outcome: 'claimed' });
      expect(JSON.stringify(opsLines())).not.toContain(claimed['nonce'] as string);
    });

    it('a claim that reaps an expired run appends jobs.reap for it', async () => {
      const id = await submit(LINT, SUMMARIZER, { ttl: 1 });
      expect((await tool('claim_job'))['id']).toBe(id);
      await sleep(1100);
      // This claim reaps the expired run first (back to the queue) and then hands the same job out again.
      expect((await tool('claim_job'))['id']).toBe(id);
      expect(await opsLine({ op: 'jobs.reap', id })).toMatchObject({
        target: LINT,
        extension: SUMMARIZER,
        channel: 'mcp',
        outcome: 'requeued',
      });
    });
  });

  describe('claim_job {wait} takes a number of seconds (point 10)', () => {
    it('wait: 1.5 parks and hands out the job submitted meanwhile', async () => {
      const parked = client.callTool({ name: 'claim_job', arguments: { wait: 1.5, filter: FINDER } });
      await sleep(200);
      const id = await submit(LINT, FINDER);
      const r = await parked;
      expect(r.isError).not.toBe(true);
      expect(r.structuredContent).toMatchObject({ id });
    });
  });

  describe('a job whose stored content is missing is failed and skipped (point 11)', () => {
    it('claim_job fails it and returns the next claimable job', async () => {
      const broken = await submit(LINT, FINDER, { priority: 9 });
      const next = await submit(TEST, SUMMARIZER);
      dropContent(broken);
      const claimed = await tool('claim_job');
      expect(claimed['id']).toBe(next);
      expect((await tool('get_job', { id: broken }))['item']).toMatchObject({
        status: 'failed',
        failureReason: 'job-file-missing',
      });
      expect(await opsLine({ op: 'jobs.claim', id: broken })).toMatchObject({
        channel: 'mcp',
        outcome: 'failed',
        detail: 'job-file-missing',
      });
    });

    it('claim_job with only a broken job fails it and answers the empty claim', async () => {
      const broken = await submit(LINT, FINDER);
      dropContent(broken);
      const r = await client.callTool({ name: 'claim_job', arguments: {} });
      expect(r.isError).not.toBe(true);
      expect(r.content).toEqual([{ type: 'text', text: 'null' }]);
      expect((await tool('get_job', { id: broken }))['item']).toMatchObject({ status: 'failed' });
    });

    it('a parked claim does not end on a broken job: it keeps waiting and takes the next one', async () => {
      const broken = await submit(LINT, FINDER);
      dropContent(broken);
      const parked = client.callTool({ name: 'claim_job', arguments: { wait: 30 } });
      await sleep(300);
      const next = await submit(TEST, SUMMARIZER);
      const r = await parked;
      expect(r.isError).not.toBe(true);
      expect(r.structuredContent).toMatchObject({ id: next });
      expect((await tool('get_job', { id: broken }))['item']).toMatchObject({
        status: 'failed',
        failureReason: 'job-file-missing',
      });
    }, 20_000);
  });

  describe('record_job accepts every failureReason it advertises (point 14)', () => {
    it('lists the six reasons, and each one records', async () => {
      const { tools } = await client.listTools();
      const record = tools.find((t) => t.name === 'record_job');
      const reasons = (record?.inputSchema.properties?.['failureReason'] as { enum?: string[] } | undefined)
        ?.enum;
      expect(reasons).toHaveLength(6);
      for (const reason of reasons ?? []) {
        const id = await submit(LINT, SUMMARIZER);
        const claimed = await tool('claim_job');
        expect(claimed['id']).toBe(id);
        const out = await tool('record_job', {
          id,
          nonce: claimed['nonce'],
          status: 'failed',
          failureReason: reason,
        });
        // A failure recorded as report-invalid answers with that outcome, as a report that broke its contract does.
        expect(out['outcome']).toBe(reason === 'report-invalid' ? 'report-invalid' : 'completed');
        expect((await tool('get_job', { id }))['item']).toMatchObject({
          status: 'failed',
          failureReason: reason,
        });
      }
    });
  });
});
