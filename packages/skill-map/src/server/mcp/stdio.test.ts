import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioClientTransportV2 } from '@modelcontextprotocol/client/stdio';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { createEngineScanPort } from '../scan/engine-scan-port.js';
import { PROJECT_FILES } from '../testing/project-server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
const FIXTURE = fileURLToPath(new URL('../testing/stdio-fixture.mjs', import.meta.url));
const BUILT = fileURLToPath(new URL('../../../dist/server/mcp/stdio.js', import.meta.url));

let tree: TempTree | null = null;
afterEach(() => {
  tree?.remove();
  tree = null;
});

async function project(): Promise<{ root: string; dbPath: string }> {
  tree = createTempTree('sm-stdio-');
  tree.write(PROJECT_FILES);
  const dbPath = join(tree.root, '.skill-map', 'skill-map.db');
  await createEngineScanPort({ projectRoot: tree.root, dbPath }).scanAndPersist({ mode: 'full' });
  return { root: tree.root, dbPath };
}

describe.skipIf(!existsSync(BUILT))('sm mcp over stdio (spawned, built output)', () => {
  it('serves the map tools and live updates to a 2025-era client', async () => {
    const { root, dbPath } = await project();
    const client = new Client({ name: 'stdio-v1', version: '1' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [FIXTURE, root, dbPath], stderr: 'pipe' }),
    );
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'skill-map', version: '9.9.9-stdio' });
      expect(client.getServerCapabilities()).toEqual({
        tools: { listChanged: true },
        resources: { subscribe: true, listChanged: true },
        extensions: { 'io.modelcontextprotocol/ui': {} },
      });
      const node = (await client.callTool({ name: 'get_node', arguments: { path: 'README.md' } }))
        .structuredContent as Json;
      expect(node['item'].kind).toBe('markdown');
      const updates: string[] = [];
      client.setNotificationHandler(
        ResourceUpdatedNotificationSchema,
        (n) => void updates.push(n.params.uri),
      );
      await client.subscribeResource({ uri: 'skillmap://issues' });
      await new Promise((r) => setTimeout(r, 500)); // the child's watcher finishes its first crawl
      tree?.write({ 'README.md': '# Project\nChanged. See [the guide](docs/guide.md).\n' });
      await expect.poll(() => updates, { timeout: 15_000 }).toContain('skillmap://issues');
    } finally {
      await client.close();
    }
  });

  it('negotiates the 2026-07-28 era with a v2 client in auto mode', async () => {
    const { root, dbPath } = await project();
    const client = new ClientV2({ name: 'stdio-v2', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(
      new StdioClientTransportV2({
        command: process.execPath,
        args: [FIXTURE, root, dbPath],
        stderr: 'pipe',
      }),
    );
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const q = (await client.callTool({ name: 'query_graph', arguments: { kind: 'agent' } }))
        .structuredContent as Json;
      expect(q['nodes'].map((n: Json) => n['path'])).toEqual(['.claude/agents/reviewer.md']);
    } finally {
      await client.close();
    }
  });
});
