import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eachTest, STORES } from '../../../../adapters/testing/per-store.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { mcpClient, projectServersOn } from '../../../testing/project-server.js';
import type { ProjectServer } from '../../../testing/project-server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;

// .claude/commands/deploy.md links ../../docs/missing.md: one reference-broken issue, data.target 'docs/missing.md'.
const NODE = '.claude/commands/deploy.md';
const SIDECAR = '.claude/commands/deploy.sm';
const TARGET = 'docs/missing.md';

// The suppression suite of the MCP surface, run against each store (PostgreSQL when a cluster starts here).
const start = projectServersOn({ beforeAll, afterAll });
let ps: ProjectServer;
let client: Client | null = null;

async function tool(name: string, args: Record<string, unknown>): Promise<Json> {
  return (await client!.callTool({ name, arguments: args })).structuredContent as Json;
}

async function rpcError(name: string, args: Record<string, unknown>): Promise<McpError> {
  const err = await client!.callTool({ name, arguments: args }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(McpError);
  return err as McpError;
}

const read = (rel: string): string | null =>
  existsSync(ps.tree.abs(rel)) ? readFileSync(ps.tree.abs(rel), 'utf8') : null;
const snapshot = async () => ({
  sidecar: read(SIDECAR),
  log: read('.skill-map/operations.log'),
  local: read('.skill-map/settings.local.json'),
  issues: (await tool('list_issues', {}))['total'] as number,
});

describe.each(STORES)('%s', (store) => {
  eachTest(
    () => start(store),
    (s) => void (ps = s),
    (s) => s.stop(),
  );
  beforeEach(async () => {
    client = await mcpClient(ps, 'v1-test');
  });
  afterEach(() => client?.close());

  describe('issue-suppression tools (v1 SDK client over Streamable HTTP)', () => {
    it('are listed with their contract inputs', async () => {
      const { tools } = await client!.listTools();
      const byName = new Map(tools.map((t) => [t.name, t]));
      expect(byName.get('dismiss_issue')?.inputSchema).toMatchObject({
        required: ['node', 'analyzer', 'value'],
        properties: { note: {}, confirm: {}, always: {} },
      });
      expect(byName.get('undismiss_issue')?.inputSchema).toMatchObject({
        required: ['node', 'analyzer', 'value'],
      });
      expect(byName.get('list_issue_suppressions')?.annotations).toMatchObject({ readOnlyHint: true });
    });

    it('dismiss_issue with confirm: suppressed, rows deleted at once, logged on channel mcp, idempotent', async () => {
      expect((await tool('list_issues', {}))['total']).toBe(1);
      const r = await tool('dismiss_issue', {
        node: NODE,
        analyzer: 'reference-broken',
        value: TARGET,
        confirm: true,
      });
      expect(r).toEqual({ outcome: 'suppressed', deletedIssues: 1 });
      expect((await tool('list_issues', {}))['total']).toBe(0);
      // The operations log is fire-and-forget: poll until the line lands.
      await vi.waitFor(
        () =>
          expect(read('.skill-map/operations.log')).toContain(
            '"op":"issues.dismiss","target":".claude/commands/deploy.md","channel":"mcp","outcome":"ok","detail":"analyzer=reference-broken value=docs/missing.md rows=1"',
          ),
        { timeout: 10_000 },
      );
      const again = await tool('dismiss_issue', {
        node: NODE,
        analyzer: 'core/reference-broken',
        value: TARGET,
        confirm: true,
      });
      expect(again).toEqual({ outcome: 'already-suppressed', deletedIssues: 0 });
      expect(await tool('list_issue_suppressions', {})).toEqual({
        suppressions: [{ node: NODE, analyzer: 'reference-broken', value: TARGET }],
        total: 1,
      });
      // Already-suppressed still passes the consent gate.
      expect(
        (await rpcError('dismiss_issue', { node: NODE, analyzer: 'reference-broken', value: TARGET })).code,
      ).toBe(-32602);
    });

    it('refusals are -32602 with the key in the text and data, and change nothing', async () => {
      const before = await snapshot();
      const consent = await rpcError('dismiss_issue', {
        node: NODE,
        analyzer: 'reference-broken',
        value: TARGET,
      });
      expect(consent.code).toBe(-32602);
      expect(consent.message).toContain("details.key = 'allowEditSmFiles'");
      expect(consent.data).toMatchObject({ code: 'confirm-required', key: 'allowEditSmFiles' });
      const unknown = await rpcError('dismiss_issue', {
        node: NODE,
        analyzer: 'no-such',
        value: TARGET,
        confirm: true,
      });
      expect(unknown.code).toBe(-32602);
      expect(unknown.data).toMatchObject({ code: 'unknown-analyzer' });
      const node = await rpcError('dismiss_issue', {
        node: 'nope.md',
        analyzer: 'reference-broken',
        value: TARGET,
        always: true,
      });
      expect(node.code).toBe(-32602);
      expect((await rpcError('dismiss_issue', { node: NODE, analyzer: 'reference-broken' })).code).toBe(
        -32602,
      );
      writeFileSync(ps.tree.abs('.skill-map/settings.json'), JSON.stringify({ allowSidecarWriters: false }));
      const policy = await rpcError('dismiss_issue', {
        node: NODE,
        analyzer: 'reference-broken',
        value: TARGET,
        confirm: true,
      });
      expect(policy.data).toMatchObject({ code: 'sidecar-writers-forbidden', key: 'allowSidecarWriters' });
      expect(policy.message).toContain("details.key = 'allowSidecarWriters'");
      expect(await snapshot()).toEqual(before);
    });

    it('always persists the grant; undismiss needs no consent after it and the issue returns at the next scan', async () => {
      await tool('dismiss_issue', {
        node: NODE,
        analyzer: 'reference-broken',
        value: TARGET,
        note: 'n',
        always: true,
      });
      expect(JSON.parse(read('.skill-map/settings.local.json') ?? '{}')).toMatchObject({
        allowEditSmFiles: true,
      });
      const r = await tool('undismiss_issue', {
        node: NODE,
        analyzer: 'core/reference-broken',
        value: TARGET,
      });
      expect(r).toEqual({
        outcome: 'unsuppressed',
        removed: { analyzer: 'reference-broken', value: TARGET, note: 'n' },
      });
      // The operations log is fire-and-forget: poll until the line lands.
      await vi.waitFor(
        () =>
          expect(read('.skill-map/operations.log')).toContain(
            '"op":"issues.undismiss","target":".claude/commands/deploy.md","channel":"mcp"',
          ),
        { timeout: 10_000 },
      );
      expect((await tool('list_issues', {}))['total']).toBe(0);
      const scan = await fetch(`${ps.running.url}/api/scan`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"mode":"changed"}',
      });
      expect(scan.status).toBe(200);
      expect((await tool('list_issues', {}))['total']).toBe(1);
    });

    it('undismiss_issue: not-found for an unknown node or a missing entry, no analyzer validation', async () => {
      expect(
        await tool('undismiss_issue', { node: 'nope.md', analyzer: 'x', value: 'y', confirm: true }),
      ).toEqual({
        outcome: 'not-found',
      });
      expect(
        await tool('undismiss_issue', {
          node: NODE,
          analyzer: 'gone-plugin/check',
          value: 'y',
          confirm: true,
        }),
      ).toEqual({ outcome: 'not-found' });
      writeFileSync(
        ps.tree.abs(SIDECAR),
        'annotations:\n  issueSuppressions:\n    - analyzer: gone-plugin/check\n      value: y\n',
      );
      expect(
        await tool('undismiss_issue', {
          node: NODE,
          analyzer: 'gone-plugin/check',
          value: 'y',
          confirm: true,
        }),
      ).toEqual({ outcome: 'unsuppressed', removed: { analyzer: 'gone-plugin/check', value: 'y' } });
    });

    it('list_issue_suppressions: one node or all; unknown node is -32602', async () => {
      await tool('dismiss_issue', { node: NODE, analyzer: 'reference-broken', value: TARGET, confirm: true });
      await tool('dismiss_issue', {
        node: 'README.md',
        analyzer: 'reference-broken',
        value: 'a',
        confirm: true,
      });
      expect((await tool('list_issue_suppressions', { node: 'README.md' }))['suppressions']).toEqual([
        { node: 'README.md', analyzer: 'reference-broken', value: 'a' },
      ]);
      expect((await tool('list_issue_suppressions', {}))['suppressions']).toHaveLength(2);
      expect((await rpcError('list_issue_suppressions', { node: 'nope.md' })).code).toBe(-32602);
    });
  });
});
