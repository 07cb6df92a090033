/// <reference lib="dom" />
// Issue 23 point 13: the page filtered `plugin`, `marketplace` and `settings` nodes while `sm list` and MCP
// `query_graph` refused those kinds ("not a known kind"). One vocabulary, the spec's NODE_KINDS, on every door: each
// kind a scan of a real project produces is accepted by `sm list`, `sm export`, REST `GET /api/nodes?kind=`, MCP
// `query_graph` (official SDK client) and the page's filter box; a misspelt kind gets the same message everywhere.
// Built bin, spawned `sm serve --mcp`, temp project.
import { NODE_KINDS } from '@skill-map/spec';
import type { Node, ScanResult } from '@skill-map/spec';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { EVERY_KIND_PROJECT } from '../src/kernel/testing/every-kind-project.js';
import { describeBrowser, launchBrowser, openRecordedPage } from './support/browser.js';
import { isBuilt, runSm } from './support/sm-bin.js';
import { spawnServe, type ServeProcess } from './support/sm-process.js';

const TYPO = "'plugn' is not a known kind; did you mean 'plugin'?";

let tree: TempTree;
let scanned: Map<string, string[]>;
let serve: ServeProcess;
let client: Client;

beforeAll(async () => {
  tree = createTempTree('sm-e2e-kinds-');
  tree.write(EVERY_KIND_PROJECT);
  const run = runSm(['scan', '--json'], { cwd: tree.root });
  expect(run.code, run.stderr).toBe(0);
  scanned = new Map();
  for (const n of (JSON.parse(run.stdout) as ScanResult).nodes)
    scanned.set(n.kind, [...(scanned.get(n.kind) ?? []), n.path].sort());
  serve = await spawnServe(tree.root, ['--mcp', '--no-watcher']);
  client = new Client({ name: 'kinds-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(serve.mcpUrl)));
});
afterAll(async () => {
  await client?.close();
  await serve?.stop();
  tree?.remove();
});

const pathsOf = (nodes: readonly Pick<Node, 'path'>[]): string[] => nodes.map((n) => n.path).sort();

describe.skipIf(!isBuilt())('every node kind a scan produces is accepted on every door', () => {
  it('the scan produces exactly the spec vocabulary', () => {
    expect([...scanned.keys()].sort()).toEqual([...NODE_KINDS]);
  });

  it('sm list kind=<k> and sm export kind=<every kind> (built bin)', () => {
    for (const [kind, paths] of scanned) {
      const list = runSm(['list', `kind=${kind}`, '--json'], { cwd: tree.root });
      expect(list.code, `${kind}: ${list.stderr}`).toBe(0);
      expect(pathsOf((JSON.parse(list.stdout) as { items: Node[] }).items)).toEqual(paths);
    }
    const exported = runSm(['export', `kind=${[...scanned.keys()].join(',')}`, '--json'], { cwd: tree.root });
    expect(exported.code, exported.stderr).toBe(0);
    expect(pathsOf((JSON.parse(exported.stdout) as { nodes: Node[] }).nodes)).toEqual(
      [...scanned.values()].flat().sort(),
    );
    const typo = runSm(['list', 'kind=plugn'], { cwd: tree.root });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain(TYPO);
  });

  it('REST GET /api/nodes?kind=<k>', async () => {
    for (const [kind, paths] of scanned) {
      const res = await fetch(`${serve.baseUrl}/api/nodes?kind=${kind}`);
      expect(res.status, kind).toBe(200);
      expect(pathsOf(((await res.json()) as { items: Node[] }).items)).toEqual(paths);
    }
    const typo = await fetch(`${serve.baseUrl}/api/nodes?kind=plugn`);
    expect(typo.status).toBe(400);
    expect(JSON.stringify(await typo.json())).toContain(TYPO);
  });

  it('MCP query_graph {kind} (SDK client over the real endpoint)', async () => {
    for (const [kind, paths] of scanned) {
      const r = await client.callTool({ name: 'query_graph', arguments: { kind } });
      expect(r.isError, kind).not.toBe(true);
      expect(pathsOf((r.structuredContent as { nodes: Node[] }).nodes)).toEqual(paths);
    }
    const typo = await client.callTool({ name: 'query_graph', arguments: { kind: 'plugn' } }).catch((e) => e);
    expect(typo).toBeInstanceOf(McpError);
    expect((typo as McpError).message).toContain(TYPO);
  });
});

describeBrowser('browser: the page filter box takes every kind of the vocabulary', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('each kind filters the map to its nodes; a misspelt kind shows the CLI message', async () => {
    const { page } = await openRecordedPage(browser);
    await page.goto(`${serve.baseUrl}/`);
    await page.waitForSelector('[data-testid="map"][data-ready="true"]');
    const visible = () => page.getAttribute('[data-testid="map"]', 'data-visible');
    const query = page.getByLabel('Filter query');
    for (const [kind, paths] of scanned) {
      await query.fill(`kind=${kind}`);
      await expect.poll(visible, { timeout: 15_000 }).toBe(String(paths.length));
      expect(await query.getAttribute('aria-invalid'), kind).toBe('false');
    }
    await query.fill('kind=plugn');
    expect(await query.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#filter-error').textContent()).toContain(TYPO);
  });
});
