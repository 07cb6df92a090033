import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  McpError,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { createSpecValidator } from '@skill-map/spec/testing';
import type { SchemaName } from '@skill-map/spec/testing';
import { startProjectServer } from '../testing/project-server.js';
import type { ProjectServer } from '../testing/project-server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
const spec = createSpecValidator();
const valid = (schema: SchemaName, value: unknown): void => {
  const r = spec.validate(schema, value);
  expect(r.ok ? [] : r.errors).toEqual([]);
};

let ps: ProjectServer;
let client: Client;

async function connect(): Promise<Client> {
  const c = new Client({ name: 'v1-test', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(ps.running.mcpUrl ?? '')));
  return c;
}

async function rpcError(p: Promise<unknown>): Promise<McpError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(McpError);
  return err as McpError;
}

beforeAll(async () => {
  ps = await startProjectServer({ watcher: true, watchDebounceMs: 50 });
  await ps.running.watcherReady;
  client = await connect();
});
afterAll(async () => {
  await client?.close();
  await ps?.stop();
});

describe('MCP over Streamable HTTP, 2025 era (v1 SDK client)', () => {
  it('advertises exactly the contract capabilities (and the MCP Apps extension) and identity', () => {
    expect(client.getServerCapabilities()).toEqual({
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      extensions: { 'io.modelcontextprotocol/ui': {} },
    });
    expect(client.getServerVersion()).toMatchObject({ name: 'skill-map', version: '9.9.9-test' });
  });

  it("lists the contract's 21 tools (map, queue, findings, suppressions); the map tools read-only", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        ...['get_branch', 'get_node', 'list_issues', 'query_graph'],
        ...['list_extensions', 'list_jobs', 'get_job', 'submit_job', 'claim_job', 'record_job', 'cancel_job'],
        'fail_job',
        ...['list_findings', 'resolve_finding', 'dismiss_finding', 'reopen_finding', 'undismiss_finding'],
        'delete_finding',
        ...['dismiss_issue', 'undismiss_issue', 'list_issue_suppressions'],
      ].sort(),
    );
    const getNode = tools.find((t) => t.name === 'get_node');
    expect(getNode?.inputSchema).toMatchObject({ type: 'object', required: ['path'] });
    expect(getNode?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
  });

  it('query_graph returns a closed subgraph valid against the spec schemas', async () => {
    const r = await client.callTool({ name: 'query_graph', arguments: { kind: 'skill,agent' } });
    const out = r.structuredContent as Json;
    expect(out['nodes'].map((n: Json) => n['kind']).sort()).toEqual(['agent', 'skill', 'skill']);
    for (const n of out['nodes']) valid('node', n);
    for (const l of out['links']) valid('link', l);
    for (const i of out['issues']) valid('issue', i);
    expect(JSON.parse((r.content as Array<{ text: string }>)[0]?.text ?? '')).toEqual(out);
    const limited = (await client.callTool({ name: 'query_graph', arguments: { limit: 2 } }))
      .structuredContent as Json;
    expect(limited['nodes']).toHaveLength(2);
    const globbed = (
      await client.callTool({ name: 'query_graph', arguments: { path: '.claude/**', has: 'issues' } })
    ).structuredContent as Json;
    expect(globbed['nodes'].every((n: Json) => String(n['path']).startsWith('.claude/'))).toBe(true);
  });

  it('get_node returns the bundle, reads the body on demand, and -32602 for an unknown path', async () => {
    const r = (
      await client.callTool({
        name: 'get_node',
        arguments: { path: '.claude/skills/lint/SKILL.md', includeBody: true },
      })
    ).structuredContent as Json;
    valid('node', r['item']);
    expect(r['item'].body).toContain('Run the linter.');
    expect(r['item'].body).not.toContain('description:');
    expect(r['links'].incoming.length).toBeGreaterThan(0);
    for (const l of [...r['links'].incoming, ...r['links'].outgoing]) valid('link', l);
    const err = await rpcError(client.callTool({ name: 'get_node', arguments: { path: 'nope.md' } }));
    expect(err.code).toBe(-32602);
  });

  it('answers a tools/call alike through the direct path and the protocol core (progress token)', async () => {
    // A call without _meta takes the lean transport's direct path; one with a progress token goes through the
    // SDK protocol core. Both run the same dispatch, so results and errors must be identical.
    const viaCore = { onprogress: () => undefined };
    const args = { name: 'get_node', arguments: { path: '.claude/skills/lint/SKILL.md' } };
    const direct = await client.callTool(args);
    const core = await client.callTool(args, undefined, viaCore);
    expect(core).toEqual(direct);
    for (const bad of [
      { name: 'get_node', arguments: { path: 'nope.md' } },
      { name: 'get_node', arguments: { path: 3 } },
      { name: 'no_such_tool', arguments: {} },
    ]) {
      const a = await rpcError(client.callTool(bad));
      const b = await rpcError(client.callTool(bad, undefined, viaCore));
      expect([b.code, b.message, b.data]).toEqual([a.code, a.message, a.data]);
      expect(a.code).toBe(-32602);
    }
  });

  it('list_issues filters and pages in the store', async () => {
    const all = (await client.callTool({ name: 'list_issues', arguments: {} })).structuredContent as Json;
    expect(all['total']).toBeGreaterThan(0);
    for (const i of all['items']) valid('issue', i);
    const broken = (
      await client.callTool({ name: 'list_issues', arguments: { analyzerId: 'core/reference-broken' } })
    ).structuredContent as Json;
    expect(broken['items'].every((i: Json) => i['analyzerId'] === 'reference-broken')).toBe(true);
    const page = (await client.callTool({ name: 'list_issues', arguments: { limit: 1, offset: 0 } }))
      .structuredContent as Json;
    expect(page['items']).toHaveLength(1);
    expect(page['total']).toBe(all['total']);
  });

  it('get_branch projects the override scope', async () => {
    const r = (await client.callTool({ name: 'get_branch', arguments: { path: ['.claude/skills'] } }))
      .structuredContent as Json;
    expect(r['branch']).toMatchObject({ rootExcluded: true, total: 2, truncated: false });
    for (const n of r['nodes']) valid('node', n);
    expect(
      (await rpcError(client.callTool({ name: 'get_branch', arguments: { path: ['a'], exclude: ['a'] } })))
        .code,
    ).toBe(-32602);
  });

  it('rejects invalid input with -32602 and keeps serving', async () => {
    expect((await rpcError(client.callTool({ name: 'get_node', arguments: { path: 3 } }))).code).toBe(-32602);
    expect((await rpcError(client.callTool({ name: 'get_node', arguments: {} }))).code).toBe(-32602);
    expect(
      (await rpcError(client.callTool({ name: 'query_graph', arguments: { kind: 'x', has: 'links' } }))).code,
    ).toBe(-32602);
    expect(
      (await rpcError(client.callTool({ name: 'list_issues', arguments: { severity: 'fatal' } }))).code,
    ).toBe(-32602);
    expect((await rpcError(client.callTool({ name: 'no_such_tool', arguments: {} }))).code).toBe(-32602);
    expect((await client.callTool({ name: 'query_graph', arguments: { limit: 1 } })).isError).toBeFalsy();
  });

  it('lists coarse resources and one node template, and reads them all', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual([
      'skillmap://activity',
      'skillmap://graph',
      'skillmap://graph/summary',
      'skillmap://issues',
      'ui://skill-map/map.html',
    ]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      expect.objectContaining({ uriTemplate: 'skillmap://node/{+path}', mimeType: 'application/json' }),
    ]);
    const graph = await client.readResource({ uri: 'skillmap://graph' });
    valid('scanResult', JSON.parse((graph.contents[0] as { text: string }).text));
    const issues = JSON.parse(
      ((await client.readResource({ uri: 'skillmap://issues' })).contents[0] as { text: string }).text,
    ) as Json;
    expect(issues['items']).toHaveLength(issues['total']);
    const activity = JSON.parse(
      ((await client.readResource({ uri: 'skillmap://activity' })).contents[0] as { text: string }).text,
    ) as Json;
    expect(activity).toMatchObject({ since: expect.any(String), nodes: [], pairs: [] });
    const node = await client.readResource({ uri: 'skillmap://node/.claude/skills/lint/SKILL.md' });
    expect(node.contents[0]?.uri).toBe('skillmap://node/.claude/skills/lint/SKILL.md');
    expect(JSON.parse((node.contents[0] as { text: string }).text)).toMatchObject({
      item: { path: '.claude/skills/lint/SKILL.md' },
    });
    expect((await rpcError(client.readResource({ uri: 'skillmap://node/nope.md' }))).code).toBe(-32602);
    expect((await rpcError(client.readResource({ uri: 'skillmap://elsewhere' }))).code).toBe(-32602);
  });

  it('notifies subscribers on a content edit without list_changed, and list_changed only when a file is added or removed', async () => {
    const updates: string[] = [];
    let listChanged = 0;
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void (listChanged += 1));
    await client.subscribeResource({ uri: 'skillmap://graph' });
    await new Promise((r) => setTimeout(r, 200)); // the GET stream opens right after initialize

    ps.tree.write({ 'docs/guide.md': '# Guide\nEdited content. Back to [readme](../README.md).\n' });
    await expect.poll(() => updates.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(updates.every((u) => u === 'skillmap://graph')).toBe(true); // not subscribed to issues
    await new Promise((r) => setTimeout(r, 300));
    expect(listChanged).toBe(0);

    const before = updates.length;
    ps.tree.write({
      '.claude/skills/new/SKILL.md': '---\nname: new\ndescription: A new skill.\n---\nNew.\n',
    });
    await expect.poll(() => listChanged, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => updates.length, { timeout: 5_000 }).toBeGreaterThan(before);
    const added = (
      await client.callTool({ name: 'get_node', arguments: { path: '.claude/skills/new/SKILL.md' } })
    ).structuredContent as Json;
    expect(added['item'].kind).toBe('skill');

    // A removed node changes the catalog just as an added one does.
    rmSync(ps.tree.abs('.claude/skills/new'), { recursive: true, force: true });
    await expect.poll(() => listChanged, { timeout: 10_000 }).toBe(2);

    await client.unsubscribeResource({ uri: 'skillmap://graph' });
    const afterUnsub = updates.length;
    ps.tree.write({ 'docs/guide.md': '# Guide\nEdited again.\n' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(updates.length).toBe(afterUnsub);
  });

  it('notifies activity subscribers when activity is reported with the serve.json token', async () => {
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
    await client.subscribeResource({ uri: 'skillmap://activity' });
    const res = await fetch(`${ps.running.url}/api/activity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-skill-map-token': ps.running.server.token },
      body: JSON.stringify({
        type: 'agent.spawn',
        from: '.claude/agents/reviewer.md',
        to: '.claude/skills/lint/SKILL.md',
      }),
    });
    expect(res.status).toBe(202);
    await expect.poll(() => updates, { timeout: 5_000 }).toContain('skillmap://activity');
    const activity = JSON.parse(
      ((await client.readResource({ uri: 'skillmap://activity' })).contents[0] as { text: string }).text,
    ) as Json;
    expect(activity['pairs']).toEqual([
      {
        from: '.claude/agents/reviewer.md',
        to: '.claude/skills/lint/SKILL.md',
        count: 1,
        lastAt: expect.any(Number),
      },
    ]);
    await client.unsubscribeResource({ uri: 'skillmap://activity' });
  });

  it('reports the client as connected in /api/mcp/status', async () => {
    const status = (await (await fetch(`${ps.running.url}/api/mcp/status`)).json()) as Json;
    expect(status).toMatchObject({
      kind: 'mcp-status',
      enabled: true,
      connected: true,
      clients: 1,
      url: ps.running.mcpUrl,
    });
  });
});
