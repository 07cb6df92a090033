/// <reference lib="dom" />
// Issue 27 acceptance 3: the MCP Apps view (ui://skill-map/map.html) of a spawned `sm serve --mcp`, fetched with the
// official v1 SDK client, loads in Debian's Chromium inside `<iframe sandbox="allow-scripts">` of a test host page
// (support/mcp-app-host.ts) that speaks the host side of the bridge and proxies the view's tools/call through that
// client. The view draws the tool result with the page's renderer, completes a node's neighbourhood by asking the
// host, and a click on a node reaches the host as `ui/update-model-context` naming the node. Also, without a browser:
// the resource and the tools' `_meta.ui.resourceUri` in both SDK eras, and the served HTML is the built, inlined view.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import {
  describeBrowser,
  launchBrowser,
  openRecordedPage,
  screenshot,
  type RecordedPage,
} from './support/browser.js';
import { startHostServer, withCsp, type AppCsp, type HostServer } from './support/mcp-app-host.js';
import { runSm } from './support/sm-bin.js';
import { spawnServe, type ServeProcess } from './support/sm-process.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire messages are read loosely; shapes are asserted
type Json = Record<string, any>;

const VIEW = 'ui://skill-map/map.html';
const MIME = 'text/html;profile=mcp-app';
const SKILL = '.claude/skills/lint/SKILL.md';
const AGENT = '.claude/agents/reviewer.md';
const PROJECT: Record<string, string> = {
  [SKILL]: '---\nname: lint\ndescription: Lints.\n---\n# Lint\nSee [the guide](../../../docs/guide.md).\n',
  [AGENT]: '---\nname: reviewer\ndescription: Reviews.\n---\nUses [lint](../skills/lint/SKILL.md).\n',
  '.claude/commands/deploy.md': '---\ndescription: Deploys.\n---\nAfter [review](../agents/reviewer.md).\n',
  'CLAUDE.md': '# Project\nAgents: [reviewer](.claude/agents/reviewer.md).\n',
  'docs/guide.md': '# Guide\nAsk [the reviewer](../.claude/agents/reviewer.md).\n',
  'docs/archive/old.md': '# Old\nOld notes.\n',
};
const POLL = { timeout: 20_000 };

let root: string;
let serve: ServeProcess;
let client: Client;
let html: string;
let csp: AppCsp | undefined;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sm-mcp-app-'));
  for (const [rel, text] of Object.entries(PROJECT)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  runSm(['scan', '-q'], { cwd: root });
  serve = await spawnServe(root, ['--mcp', '--no-watcher']);
  client = new Client(
    { name: 'mcp-apps-host', version: '1.0.0' },
    { capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [MIME] } } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(serve.mcpUrl)));
  const read = await client.readResource({ uri: VIEW });
  const content = read.contents[0] as { text?: string; _meta?: { ui?: { csp?: AppCsp } } };
  html = String(content.text);
  csp = content._meta?.ui?.csp;
});

afterAll(async () => {
  await client?.close();
  await serve?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('the MCP Apps resource of sm serve --mcp', () => {
  it('is listed, read as the built self-contained view, and named by the map tools (v1 SDK, 2025 era)', async () => {
    expect(client.getServerCapabilities()?.extensions).toEqual({ 'io.modelcontextprotocol/ui': {} });
    const listed = (await client.listResources()).resources.find((r) => r.uri === VIEW);
    expect(listed).toMatchObject({ mimeType: MIME, _meta: { ui: { prefersBorder: false } } });
    const read = await client.readResource({ uri: VIEW });
    expect(read.contents[0]).toMatchObject({ uri: VIEW, mimeType: MIME, _meta: { ui: { csp: {} } } });
    // The built view, every asset inlined: one module script, no file it would have to fetch.
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<script type="module">');
    expect(html).not.toMatch(/\s(src|href)="(?!data:)[^"]+"/);
    expect(html).not.toContain('not built');
    const tools = (await client.listTools()).tools;
    for (const name of ['query_graph', 'get_node', 'get_branch'])
      expect(tools.find((t) => t.name === name)?._meta, name).toMatchObject({ ui: { resourceUri: VIEW } });
  });

  it('reads the same in the 2026-07-28 era (v2 SDK client)', async () => {
    const c = new ClientV2({ name: 'mcp-apps-v2', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await c.connect(new HttpV2(new URL(serve.mcpUrl)));
    try {
      expect(c.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect(c.getServerCapabilities()?.extensions).toEqual({ 'io.modelcontextprotocol/ui': {} });
      const read = await c.readResource({ uri: VIEW });
      expect(read.contents[0]).toMatchObject({ uri: VIEW, mimeType: MIME, text: html });
      const tools = (await c.listTools()).tools;
      expect(tools.find((t) => t.name === 'get_node')?._meta).toMatchObject({ ui: { resourceUri: VIEW } });
    } finally {
      await c.close();
    }
  });
});

describeBrowser('browser: the MCP Apps view in a sandboxed iframe', () => {
  let browser: Browser;
  let host: HostServer;
  const proxied: Json[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    host = await startHostServer();
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
  });

  /** Opens the host page showing the view for one tool call the test makes first (as the model would). */
  async function open(name: string, args: Json): Promise<{ rec: RecordedPage; page: Page; view: Frame }> {
    const result = await client.callTool({ name, arguments: args });
    host.show(withCsp(html, csp), { name, arguments: args, result });
    const rec = await openRecordedPage(browser);
    const page = rec.page;
    await page.exposeFunction('hostCall', async (method: string, params: Json) => {
      proxied.push({ method, params });
      if (method === 'tools/call')
        return client.callTool(params as { name: string; arguments?: Record<string, unknown> });
      return client.readResource(params as { uri: string });
    });
    await page.goto(host.url);
    await expect.poll(() => page.frames().length, POLL).toBe(2);
    const view = page.frames().find((f) => f !== page.mainFrame()) as Frame;
    return { rec, page, view };
  }

  /** Polls `ok`; on timeout fails with what the view sent and the page's errors (a slow machine shows why). */
  async function waitFor(rec: RecordedPage, ok: () => Promise<boolean>): Promise<void> {
    for (const end = Date.now() + POLL.timeout; Date.now() < end; await rec.page.waitForTimeout(100))
      if (await ok()) return;
    throw new Error(
      `timed out; the view sent ${JSON.stringify(await messages(rec.page))}; errors ${rec.errors.join(' | ')}`,
    );
  }

  const messages = (page: Page) =>
    page.evaluate(() => (window as unknown as { __host: { messages: Json[] } }).__host.messages);
  const drawnEvents = async (page: Page) =>
    (await messages(page)).filter(
      (m) => m['method'] === 'notifications/message' && m['params']?.data?.event === 'map-drawn',
    );
  const hook = (view: Frame) =>
    view.evaluate(() => {
      const app = (window as unknown as { __smMap: { mcpApp: Json } }).__smMap.mcpApp;
      const nodes = app['nodes'] as string[];
      return {
        nodes,
        focus: app['focus'],
        onCanvas: nodes.filter((p) => app['viewportPosition'](p) !== null),
      };
    });

  it('draws the whole map from query_graph, with no origin and no request of its own, and a click reaches the host', async () => {
    const { rec, page, view } = await open('query_graph', { limit: 50 });
    const expected = (
      (await client.callTool({ name: 'query_graph', arguments: { limit: 50 } })).structuredContent as Json
    )['nodes']
      .map((n: Json) => n['path'])
      .sort();
    expect(expected.length).toBeGreaterThanOrEqual(6);
    await waitFor(
      rec,
      async () => (await drawnEvents(page)).at(-1)?.['params'].data.nodes === expected.length,
    );
    const first = (await messages(page))[0];
    expect(first).toMatchObject({ method: 'ui/initialize', params: { protocolVersion: '2026-01-26' } });
    expect(await view.evaluate(() => window.origin)).toBe('null');
    const drawn = await hook(view);
    expect(drawn.nodes.sort()).toEqual(expected);
    expect(drawn.onCanvas.sort()).toEqual(expected);
    // Only the host page's own three loads: the view fetched nothing.
    expect(rec.requests.filter((u) => !u.startsWith(host.url))).toEqual([]);

    // The page's label layer names the nodes in the view too (its rendered boxes, read from the shared hook).
    await waitFor(rec, () =>
      view.evaluate(
        (n) =>
          (
            window as unknown as { __smMap: { labelBoxes: Array<{ layer: string }> } }
          ).__smMap.labelBoxes.filter((b) => b.layer === 'node').length === n,
        expected.length,
      ),
    );
    await screenshot(page, 'mcp-app-map');
    const pos = await view.evaluate(
      (p) => (window as unknown as { __smMap: { mcpApp: Json } }).__smMap.mcpApp['viewportPosition'](p),
      SKILL,
    );
    const box = await page.locator('iframe').boundingBox();
    expect(pos).not.toBeNull();
    await page.mouse.click((box?.x ?? 0) + pos.x, (box?.y ?? 0) + pos.y);
    await expect
      .poll(
        async () => (await messages(page)).find((m) => m['method'] === 'ui/update-model-context')?.['params'],
        POLL,
      )
      .toMatchObject({ structuredContent: { selected: { path: SKILL, kind: 'skill', name: 'lint' } } });
    const update = (await messages(page)).find((m) => m['method'] === 'ui/update-model-context');
    expect(update?.['params'].content[0].text).toContain(SKILL);
    expect(rec.errors).toEqual([]);
    // The view ran under the host's policy all along: a connection it tried would be refused.
    const refused = await view.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective));
          fetch('http://127.0.0.1:9/').catch(() => undefined);
        }),
    );
    expect(refused).toBe('connect-src');
    await page.context().close();
  });

  it("draws one node's neighbourhood from get_node, asking the host for the far ends through tools/call", async () => {
    proxied.length = 0;
    const { rec, page, view } = await open('get_node', { path: AGENT });
    const bundle = (await client.callTool({ name: 'get_node', arguments: { path: AGENT } }))
      .structuredContent as Json;
    const ends = new Set<string>();
    for (const l of [...bundle['links'].incoming, ...bundle['links'].outgoing])
      ends.add(l.source === AGENT ? l.resolvedTarget : l.source);
    expect([...ends].sort()).toEqual(
      ['.claude/commands/deploy.md', SKILL, 'CLAUDE.md', 'docs/guide.md'].sort(),
    );
    await expect.poll(async () => (await hook(view)).nodes.length, POLL).toBe(1 + ends.size);
    const drawn = await hook(view);
    expect(drawn.focus).toBe(AGENT);
    expect(drawn.nodes.sort()).toEqual([AGENT, ...ends].sort());
    expect(drawn.onCanvas.sort()).toEqual(drawn.nodes);
    await screenshot(page, 'mcp-app-neighbourhood');
    // The host saw the view's tools/call and proxied it to sm serve.
    const calls = (await messages(page)).filter((m) => m['method'] === 'tools/call');
    expect(calls).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ name: 'query_graph' }) }),
    ]);
    expect(proxied).toEqual([{ method: 'tools/call', params: calls[0]?.['params'] }]);
    expect(rec.errors).toEqual([]);
    await page.context().close();
  });
});
