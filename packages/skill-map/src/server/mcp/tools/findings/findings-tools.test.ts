import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eachSuite, STORES } from '../../../../adapters/testing/per-store.js';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { mcpClient, projectServersOn } from '../../../testing/project-server.js';
import type { ProjectServer } from '../../../testing/project-server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;

const LINT = '.claude/skills/lint/SKILL.md';
const LINT_SM = '.claude/skills/lint/SKILL.sm';
const TEST = '.claude/skills/test/SKILL.md';

let ps: ProjectServer;
let client: Client;

// The findings suite of the MCP surface, run against each store (PostgreSQL when a throwaway cluster starts here).
const start = projectServersOn({ beforeAll, afterAll });

describe.each(STORES)('%s', (store) => {
  eachSuite(
    () => start(store),
    async (s) => {
      ps = s;
      client = await mcpClient(s, 'findings-test');
    },
    async (s) => {
      await client.close();
      await s.stop();
    },
  );
  afterEach(() => {
    ps.sql('DELETE FROM state_findings');
    rmSync(ps.tree.abs(LINT_SM), { force: true });
  });

  async function call(name: string, args: Json): Promise<Json> {
    const r = await client.callTool({ name, arguments: args });
    expect(r.isError).not.toBe(true);
    return r.structuredContent as Json;
  }

  async function rpcError(name: string, args: Json): Promise<McpError> {
    const err: unknown = await client.callTool({ name, arguments: args }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(McpError);
    return err as McpError;
  }

  function opsLines(): Json[] {
    const file = join(ps.tree.root, '.skill-map', 'operations.log');
    return existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => JSON.parse(l) as Json)
          .filter((l) => String(l['op']).startsWith('findings.'))
      : [];
  }

  async function waitForOps(n: number): Promise<Json[]> {
    for (let i = 0; i < 200 && opsLines().length < n; i += 1) await new Promise((r) => setTimeout(r, 10));
    return opsLines();
  }

  describe('findings tools over MCP (v1 SDK client, Streamable HTTP)', () => {
    it('registers the six findings tools with their input schemas', async () => {
      const { tools } = await client.listTools();
      const names = tools.map((t) => t.name);
      for (const n of [
        'list_findings',
        'resolve_finding',
        'dismiss_finding',
        'reopen_finding',
        'undismiss_finding',
        'delete_finding',
      ])
        expect(names).toContain(n);
      expect(tools.find((t) => t.name === 'undismiss_finding')?.inputSchema).toMatchObject({
        required: ['node', 'extension'],
      });
      expect(tools.find((t) => t.name === 'list_findings')?.annotations).toMatchObject({
        readOnlyHint: true,
      });
    });

    it('list_findings: whole project or one node, stale excluded unless includeStale', async () => {
      const a = ps.insertFinding({ node: LINT });
      const b = ps.insertFinding({ node: TEST, extension: 'core/other-finder' });
      const stale = ps.insertFinding({ node: TEST, bodyHash: 'older' });
      expect((await call('list_findings', {}))['findings'].map((f: Json) => f['id'])).toEqual([a, b]);
      expect(
        (await call('list_findings', { node: TEST, includeStale: true }))['findings'].map((f: Json) => [
          f['id'],
          f['stale'],
        ]),
      ).toEqual([
        [stale, true], // ordered by node, extension (core/lint-finder < core/other-finder), id
        [b, false],
      ]);
      expect((await call('list_findings', { extension: 'other-finder' }))['findings']).toMatchObject([
        { id: b, nodeId: TEST, extensionId: 'core/other-finder', resolution: null },
      ]);
    });

    it('resolve, dismiss, reopen: the seed outcomes, DB only, one mcp ops line each', async () => {
      const id = ps.insertFinding({ node: LINT });
      const before = opsLines().length;
      expect(await call('resolve_finding', { id, note: 'done' })).toEqual({ outcome: 'resolved' });
      expect(await call('resolve_finding', { id })).toEqual({ outcome: 'already-fixed' });
      expect(await call('dismiss_finding', { id })).toEqual({ outcome: 'dismissed' });
      expect(await call('dismiss_finding', { id })).toEqual({ outcome: 'already-dismissed' });
      expect(await call('reopen_finding', { id })).toEqual({ outcome: 'reopened' });
      expect(await call('reopen_finding', { id })).toEqual({ outcome: 'already-open' });
      expect(await call('resolve_finding', { id: 999_999 })).toEqual({ outcome: 'not-found' });
      expect(existsSync(ps.tree.abs(LINT_SM))).toBe(false);
      const lines = (await waitForOps(before + 3)).slice(before);
      expect(lines.map((l) => [l['op'], l['channel'], l['target'], l['detail']])).toEqual([
        ['findings.resolve', 'mcp', LINT, `id=${id}`],
        ['findings.dismiss', 'mcp', LINT, `id=${id} row`],
        ['findings.reopen', 'mcp', LINT, `id=${id}`],
      ]);
    });

    it('dismiss class without consent is a -32602 error naming allowEditSmFiles; confirm writes the sidecar', async () => {
      const id = ps.insertFinding({ node: LINT });
      const err = await rpcError('dismiss_finding', { id, class: true });
      expect(err.code).toBe(-32602);
      expect(err.message).toContain("details.key = 'allowEditSmFiles'");
      expect(err.data).toMatchObject({ code: 'confirm-required', key: 'allowEditSmFiles' });
      expect(existsSync(ps.tree.abs(LINT_SM))).toBe(false);
      expect(await call('dismiss_finding', { id, class: true, confirm: true, note: 'style' })).toEqual({
        outcome: 'suppressed',
      });
      expect(readFileSync(ps.tree.abs(LINT_SM), 'utf8')).toContain('extension: core/lint-finder');
      expect((await call('list_findings', { node: LINT }))['findings']).toHaveLength(1); // no lens over MCP
      expect(
        await call('undismiss_finding', {
          node: LINT,
          extension: 'core/lint-finder',
          type: 'nope',
          confirm: true,
        }),
      ).toEqual({
        outcome: 'no-match',
      });
      expect(await call('undismiss_finding', { node: 'missing.md', extension: 'core/lint-finder' })).toEqual({
        outcome: 'not-found',
      });
      expect(
        await call('undismiss_finding', {
          node: LINT,
          extension: 'core/lint-finder',
          type: 'vague-step',
          confirm: true,
        }),
      ).toEqual({ outcome: 'unsuppressed' });
      expect(readFileSync(ps.tree.abs(LINT_SM), 'utf8')).not.toContain('suppressions');
    });

    it('delete_finding lifts an orphan suppression first; without consent nothing is deleted', async () => {
      const id = ps.insertFinding({ node: LINT });
      await call('dismiss_finding', { id, class: true, confirm: true });
      const err = await rpcError('delete_finding', { id });
      expect(err.data).toMatchObject({ key: 'allowEditSmFiles' });
      expect((await call('list_findings', {}))['findings']).toHaveLength(1);
      expect(await call('delete_finding', { id, confirm: true })).toEqual({ outcome: 'deleted' });
      expect(await call('delete_finding', { id })).toEqual({ outcome: 'not-found' });
      expect(readFileSync(ps.tree.abs(LINT_SM), 'utf8')).not.toContain('suppressions');
    });

    it('bad input and kernel rows are -32602 errors', async () => {
      expect((await rpcError('resolve_finding', { id: 'one' })).code).toBe(-32602);
      expect((await rpcError('undismiss_finding', { node: LINT })).code).toBe(-32602);
      const k = ps.insertFinding({
        node: LINT,
        origin: 'kernel',
        extension: 'kernel/safety',
        type: 'injection-detected',
      });
      const err = await rpcError('dismiss_finding', { id: k });
      expect(err.data).toMatchObject({ code: 'finding-not-dismissible' });
    });
  });
});
