import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { insertFinding } from '../../../engines/findings/testing/findings-project.js';
import { setProcessingAgent, testCatalog } from '../../testing/job-fixtures.js';
import { startProjectServer } from '../../testing/project-server.js';
import type { ProjectServer } from '../../testing/project-server.js';

// Issue 28 point 15: cursor pagination of the listing tools and the graph summary resource, with defaults sized for
// an agent's context, on a project of 120 skills (each linking to the next and to a missing page: 120 issues).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- results are read loosely; shapes are asserted
type Json = Record<string, any>;
const SKILLS = 120;
const skill = (i: number): string => `.claude/skills/s${String(i).padStart(3, '0')}/SKILL.md`;
const FILES: Record<string, string> = {};
for (let i = 0; i < SKILLS; i++)
  FILES[skill(i)] =
    `---\nname: s${i}\ndescription: Skill number ${i}, which does one small thing well.\n---\n# S${i}\n` +
    `Then see [the next one](../s${String((i + 1) % SKILLS).padStart(3, '0')}/SKILL.md) and [gone](../../../docs/gone-${i}.md).\n`;

let ps: ProjectServer;
let client: Client;

async function call(name: string, args: Json = {}): Promise<{ data: Json; bytes: number }> {
  const r = await client.callTool({ name, arguments: args });
  expect(r.isError).not.toBe(true);
  const text = (r.content as Array<{ text: string }>)[0]?.text ?? '';
  return { data: r.structuredContent as Json, bytes: Buffer.byteLength(text) };
}

/** Follows nextCursor from the first page; returns every page. */
async function walk(name: string, args: Json): Promise<Json[]> {
  const pages: Json[] = [];
  let cursor: string | undefined;
  do {
    const { data } = await call(name, { ...args, ...(cursor === undefined ? {} : { cursor }) });
    pages.push(data);
    cursor = data['nextCursor'] as string | undefined;
  } while (cursor !== undefined);
  return pages;
}

beforeAll(async () => {
  ps = await startProjectServer({
    files: FILES,
    extensions: testCatalog(),
    prepare: (root) => setProcessingAgent(root, true),
  });
  client = new Client({ name: 'paging-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(ps.running.mcpUrl ?? '')));
  await client.listTools();
}, 60_000);
afterAll(async () => {
  await client?.close();
  await ps?.stop();
});

describe('query_graph pages the nodes', () => {
  it('a bare call returns the first 25 nodes, the total and a cursor, well under 40 KB', async () => {
    const { data, bytes } = await call('query_graph');
    expect(data['nodes']).toHaveLength(25);
    expect(data['total']).toBe(SKILLS);
    expect(data['nextCursor']).toEqual(expect.any(String));
    expect(bytes).toBeLessThan(40_000);
  });

  it('following nextCursor visits every node once, and the last page has no cursor', async () => {
    const pages = await walk('query_graph', { kind: 'skill', limit: 50 });
    expect(pages.map((p) => (p['nodes'] as Json[]).length)).toEqual([50, 50, 20]);
    const paths = pages.flatMap((p) => (p['nodes'] as Json[]).map((n) => n['path'] as string));
    expect(new Set(paths).size).toBe(SKILLS);
    expect(pages.at(-1)?.['nextCursor']).toBeUndefined();
  });

  it('a caller that passes limit alone still gets that many nodes (existing callers)', async () => {
    expect((await call('query_graph', { limit: 100 })).data['nodes']).toHaveLength(100);
  });

  it('a cursor of another query or another tool is refused with -32602, naming the cursor', async () => {
    const first = (await call('query_graph', { kind: 'skill' })).data['nextCursor'] as string;
    for (const [name, args] of [
      ['query_graph', { kind: 'agent', cursor: first }],
      ['list_issues', { cursor: first }],
      ['query_graph', { cursor: 'not-a-cursor' }],
    ] as const) {
      const err = await client.callTool({ name, arguments: args }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(McpError);
      expect((err as McpError).code).toBe(-32602);
      expect((err as McpError).message).toContain('cursor');
    }
  });
});

describe('the other listing tools page with the same cursor', () => {
  it('list_issues: 50 by default; the cursor walk equals the offset walk', async () => {
    const first = await call('list_issues');
    expect(first.data['items']).toHaveLength(50);
    const total = first.data['total'] as number;
    expect(total).toBeGreaterThanOrEqual(SKILLS); // a broken link each, and more
    const byCursor = (await walk('list_issues', { limit: 40 })).flatMap((p) => p['items'] as Json[]);
    const byOffset: Json[] = [];
    for (let offset = 0; offset < total; offset += 40)
      byOffset.push(...((await call('list_issues', { limit: 40, offset })).data['items'] as Json[]));
    expect(byCursor).toEqual(byOffset);
    expect(byCursor).toHaveLength(total);
  });

  it('list_jobs, list_findings and list_issue_suppressions page their lists', async () => {
    for (let i = 0; i < 7; i++)
      await call('submit_job', { node: skill(i), extension: 'test/ai-lint-analyzer' });
    const jobs = await walk('list_jobs', { limit: 3 });
    expect(jobs.map((p) => (p['items'] as Json[]).length)).toEqual([3, 3, 1]);
    expect(jobs[0]?.['total']).toBe(7);

    for (let i = 0; i < 5; i++)
      insertFinding(ps.dbPath, { node: skill(i), extension: 'test/ai-lint-analyzer' });
    const findings = await walk('list_findings', { limit: 2 });
    expect(findings.map((p) => (p['findings'] as Json[]).length)).toEqual([2, 2, 1]);

    for (let i = 0; i < 3; i++)
      await call('dismiss_issue', {
        node: skill(i),
        analyzer: 'reference-broken',
        value: `../../../docs/gone-${i}.md`,
        confirm: true,
      });
    const entries = await walk('list_issue_suppressions', { limit: 2 });
    expect(entries.map((p) => (p['suppressions'] as Json[]).length)).toEqual([2, 1]);
  });
});

describe('skillmap://graph/summary', () => {
  it('gives counts, kinds and hubs in a few KB, where the full graph is many times larger', async () => {
    const read = async (uri: string): Promise<string> =>
      ((await client.readResource({ uri })).contents[0] as { text: string }).text;
    const summaryText = await read('skillmap://graph/summary');
    const full = JSON.parse(await read('skillmap://graph')) as Json;
    const summary = JSON.parse(summaryText) as Json;
    expect(summary['counts']).toEqual({
      nodes: full['nodes'].length,
      links: full['links'].length,
      issues: full['issues'].length,
    });
    expect(summary['kinds']).toEqual({ skill: SKILLS });
    expect(summary['hubs']).toHaveLength(10);
    expect(Buffer.byteLength(summaryText)).toBeLessThan(4_000);
    expect(Buffer.byteLength(JSON.stringify(full))).toBeGreaterThan(20 * Buffer.byteLength(summaryText));
  });
});
