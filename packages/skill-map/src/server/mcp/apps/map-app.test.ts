import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { createTempTree } from '../../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../../adapters/testing/temp-tree.js';
import { startProjectServer } from '../../testing/project-server.js';
import type { ProjectServer } from '../../testing/project-server.js';
import { MAP_APP_FILE, MAP_APP_URI, MCP_APP_MIME, mapAppHtmlSource } from './map-app.js';

// The MCP Apps surface in process, both protocol eras: the extension declared, the ui:// resource listed and read
// with its MIME type and _meta.ui, and the map tools pointing at it. The HTML comes from a page folder the test
// writes, so the resource is shown to serve THAT file (the built app is checked by the e2e suites).

const APP = '<!doctype html><html><head><title>test app</title></head><body><script>1</script></body></html>';
const VIEW_TOOLS = ['get_branch', 'get_node', 'query_graph'];

let dist: TempTree;
let ps: ProjectServer;

beforeAll(async () => {
  dist = createTempTree('sm-app-dist-');
  dist.write({
    [MAP_APP_FILE]: APP,
    'index.html': '<!doctype html><html><head></head><body></body></html>',
  });
  ps = await startProjectServer({ uiDist: dist.root });
});
afterAll(async () => {
  await ps?.stop();
  dist?.remove();
});

interface Era {
  name: string;
  connect(): Promise<{
    capabilities: Record<string, unknown> | undefined;
    tools(): Promise<Array<{ name: string; _meta?: Record<string, unknown> }>>;
    resources(): Promise<Array<{ uri: string; mimeType?: string; _meta?: Record<string, unknown> }>>;
    read(uri: string): Promise<Array<{ uri: string; mimeType?: string; text?: unknown; _meta?: unknown }>>;
    close(): Promise<void>;
  }>;
}

const eras: Era[] = [
  {
    name: '2025 era (v1 SDK client)',
    connect: async () => {
      const c = new ClientV1({ name: 'apps-v1', version: '1' });
      await c.connect(new HttpV1(new URL(ps.running.mcpUrl ?? '')));
      return {
        capabilities: c.getServerCapabilities(),
        tools: async () => (await c.listTools()).tools,
        resources: async () => (await c.listResources()).resources,
        read: async (uri) => (await c.readResource({ uri })).contents,
        close: () => c.close(),
      };
    },
  },
  {
    name: '2026-07-28 era (v2 SDK client)',
    connect: async () => {
      const c = new ClientV2({ name: 'apps-v2', version: '1' }, { versionNegotiation: { mode: 'auto' } });
      await c.connect(new HttpV2(new URL(ps.running.mcpUrl ?? '')));
      expect(c.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      return {
        capabilities: c.getServerCapabilities(),
        tools: async () => (await c.listTools()).tools,
        resources: async () => (await c.listResources()).resources,
        read: async (uri) => (await c.readResource({ uri })).contents,
        close: () => c.close(),
      };
    },
  },
];

describe.each(eras)('MCP Apps over HTTP, $name', (era) => {
  it('declares the extension, lists and serves the ui:// view, and the map tools point at it', async () => {
    const c = await era.connect();
    try {
      expect(c.capabilities?.['extensions']).toEqual({ 'io.modelcontextprotocol/ui': {} });
      const listed = (await c.resources()).find((r) => r.uri === MAP_APP_URI);
      expect(listed).toMatchObject({ mimeType: MCP_APP_MIME, _meta: { ui: { prefersBorder: false } } });
      const [content, ...rest] = await c.read(MAP_APP_URI);
      expect(rest).toEqual([]);
      expect(content).toMatchObject({ uri: MAP_APP_URI, mimeType: MCP_APP_MIME, text: APP });
      expect(content?._meta).toEqual({
        ui: {
          csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
          prefersBorder: false,
        },
      });
      const tools = await c.tools();
      const viewing = tools.filter((t) => t._meta?.['ui'] !== undefined).map((t) => t.name);
      expect(viewing.sort()).toEqual(VIEW_TOOLS);
      for (const t of tools.filter((x) => VIEW_TOOLS.includes(x.name)))
        expect(t._meta).toEqual({
          ui: { resourceUri: MAP_APP_URI, visibility: ['model', 'app'] },
          'ui/resourceUri': MAP_APP_URI,
        });
    } finally {
      await c.close();
    }
  });
});

describe('the view HTML source', () => {
  it('serves a placeholder page until the page is built, then the built file', () => {
    const tree = createTempTree('sm-app-late-');
    try {
      const html = mapAppHtmlSource(tree.root);
      expect(html()).toMatch(/^<!doctype html>.*not built/s);
      expect(mapAppHtmlSource(null)()).toMatch(/not built/);
      tree.write({ [MAP_APP_FILE]: APP });
      expect(html()).toBe(APP);
    } finally {
      tree.remove();
    }
  });
});
