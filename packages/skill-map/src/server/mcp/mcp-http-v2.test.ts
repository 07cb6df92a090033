import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, ProtocolError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startProjectServer } from '../testing/project-server.js';
import type { ProjectServer } from '../testing/project-server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
let ps: ProjectServer;
let client: Client;

beforeAll(async () => {
  ps = await startProjectServer({ watcher: true, watchDebounceMs: 50 });
  await ps.running.watcherReady;
  client = new Client({ name: 'v2-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(ps.running.mcpUrl ?? '')));
});
afterAll(async () => {
  await client?.close();
  await ps?.stop();
});

describe('MCP over Streamable HTTP, 2026-07-28 era (v2 SDK client, auto negotiation)', () => {
  it('negotiates the modern era on the same endpoint', () => {
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(client.getServerCapabilities()).toMatchObject({
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
    });
    expect(client.getServerVersion()).toMatchObject({ name: 'skill-map' });
  });

  it('calls the map tools and reads the resources statelessly', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['get_branch', 'get_node', 'list_issues', 'query_graph']),
    );
    const q = (await client.callTool({ name: 'query_graph', arguments: { kind: 'skill' } }))
      .structuredContent as Json;
    expect(q['nodes']).toHaveLength(2);
    const node = (await client.callTool({ name: 'get_node', arguments: { path: 'README.md' } }))
      .structuredContent as Json;
    expect(node['item'].path).toBe('README.md');
    const r = await client.readResource({ uri: 'skillmap://node/docs/guide.md' });
    expect(JSON.parse((r.contents[0] as { text: string }).text)).toMatchObject({
      item: { path: 'docs/guide.md' },
    });
    const err = await client
      .callTool({ name: 'get_node', arguments: { path: 'nope.md' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProtocolError);
    expect((err as ProtocolError).code).toBe(-32602);
  });

  it('delivers resources/updated and list_changed through subscriptions/listen', async () => {
    const updates: string[] = [];
    let listChanged = 0;
    client.setNotificationHandler('notifications/resources/updated', (n) => void updates.push(n.params.uri));
    client.setNotificationHandler('notifications/resources/list_changed', () => void (listChanged += 1));
    const sub = await client.listen({
      resourceSubscriptions: ['skillmap://graph'],
      resourcesListChanged: true,
    });
    expect(sub.honoredFilter.resourceSubscriptions).toEqual(['skillmap://graph']);

    ps.tree.write({ 'docs/guide.md': '# Guide\nModern edit. Back to [readme](../README.md).\n' });
    await expect.poll(() => updates.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(new Set(updates)).toEqual(new Set(['skillmap://graph']));
    await new Promise((r) => setTimeout(r, 300));
    expect(listChanged).toBe(0);

    ps.tree.write({
      '.claude/agents/extra.md': '---\nname: extra\ndescription: Another agent.\n---\nExtra.\n',
    });
    await expect.poll(() => listChanged, { timeout: 10_000 }).toBe(1);
    await sub.close();
    expect(await sub.closed).toBe('local');
  });
});
