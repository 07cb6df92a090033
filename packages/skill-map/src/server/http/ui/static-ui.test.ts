import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unpackMap, type PackedMap } from '@skill-map/spec';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleScan } from '../../testing/fixtures.js';
import { createTestServer } from '../../testing/test-server.js';

// The built page as `sm serve` serves it: hashed assets cached for good, the index revalidated and stamped,
// every other route answered by the index (the page routes itself), nothing outside the build folder.
let dist: string;
let outside: string;
const servers: Array<ReturnType<typeof createTestServer>> = [];
const setup = (options: Parameters<typeof createTestServer>[0] = {}) => {
  const s = createTestServer({
    scan: sampleScan(),
    uiDist: dist,
    scopeRoot: '/tmp/a "scope" <x>',
    ...options,
  });
  servers.push(s);
  return s;
};

beforeAll(() => {
  outside = mkdtempSync(join(tmpdir(), 'sm-ui-'));
  dist = join(outside, 'ui');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body>page</body></html>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'index-abc123.css'), 'body{}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  writeFileSync(join(dist, '.env'), 'SECRET=1');
  writeFileSync(join(outside, 'secret.txt'), 'do not serve');
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(() => rmSync(outside, { recursive: true, force: true }));

describe('the built web page', () => {
  it('serves the index stamped with the version and the escaped scope, revalidated on every load', async () => {
    const res = await setup().app.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const html = await res.text();
    expect(html).toContain('<meta name="skill-map-version" content="9.9.9-test">');
    expect(html).toContain('content="/tmp/a &quot;scope&quot; &lt;x&gt;"');
    expect(html).toContain('<body>page</body>');
  });

  it('caches hashed assets for good and types them', async () => {
    const s = setup();
    const js = await s.app.request('/assets/index-abc123.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe('console.log(1)');
    const css = await s.app.request('/assets/index-abc123.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const svg = await s.app.request('/favicon.svg');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('cache-control')).toBe('no-cache');
  });

  it.each([
    '/issues',
    '/node/x.md',
    '/assets/missing.js',
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/.env',
    '/assets',
  ])('answers %s with the index, never a file outside the build or a dotfile', async (path) => {
    const res = await setup().app.request(path);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('<body>page</body>');
    expect(text).not.toContain('do not serve');
    expect(text).not.toContain('SECRET');
  });

  it('keeps /api, /ws and /mcp out of the page fallback', async () => {
    const s = setup();
    expect((await s.app.request('/api/nope')).status).toBe(404);
    expect((await s.app.request('/ws')).status).toBe(404);
    expect((await s.app.request('/mcp')).status).toBe(404);
  });
});

describe('GET /api/map', () => {
  it('projects every node and link with link states and issue counts', async () => {
    const s = setup();
    const scan = sampleScan();
    const res = await s.app.request('/api/map');
    expect(res.status).toBe(200);
    const map = (await res.json()) as {
      kind: string;
      nodes: Array<{ path: string; issues: number[] }>;
      links: Array<{ state: string; target: string }>;
      counts: { nodes: number; links: number; issues: number };
    };
    expect(map.kind).toBe('map');
    expect(map.counts).toEqual({
      nodes: scan.nodes.length,
      links: scan.links.length,
      issues: scan.issues.length,
    });
    expect(map.nodes.map((n) => n.path).sort()).toEqual(scan.nodes.map((n) => n.path).sort());
    const broken = scan.links.filter((l) => (l.resolvedTarget ?? null) === null).length;
    expect(map.links.filter((l) => l.state === 'broken')).toHaveLength(broken);
    const withIssues = new Set(scan.issues.flatMap((i) => i.nodeIds));
    for (const n of map.nodes) expect(n.issues.some((c) => c > 0)).toBe(withIssues.has(n.path));
  });

  it('?packed=1 is the same map with its links packed, smaller, and unpacks to the plain answer', async () => {
    const s = setup();
    const plain = await s.app.request('/api/map');
    const packed = await s.app.request('/api/map?packed=1');
    expect(packed.status).toBe(200);
    const [plainText, packedText] = [await plain.text(), await packed.text()];
    const body = JSON.parse(packedText) as PackedMap;
    expect(body.kind).toBe('map-packed');
    expect(body.links.every((l) => Array.isArray(l) && l.length === 5)).toBe(true);
    expect(packedText.length).toBeLessThan(plainText.length);
    expect(unpackMap(body)).toEqual(JSON.parse(plainText));
  });
});

describe('GET /api/map cache', () => {
  it('answers from the cache while the scan key holds, and projects again when it changes', async () => {
    const first = sampleScan();
    const s = setup({ scan: first });
    let key = 'k1';
    let loads = 0;
    const load = s.context.reader.loadScanResult.bind(s.context.reader);
    Object.assign(s.context.reader, {
      scanKey: () => key,
      loadScanResult: () => (loads++, load()),
    });
    const count = async () =>
      ((await (await s.app.request('/api/map')).json()) as { counts: { nodes: number } }).counts.nodes;
    expect(await count()).toBe(first.nodes.length);
    expect(await count()).toBe(first.nodes.length);
    expect(loads).toBe(1);
    // The packed form is kept beside it under the same key: one more projection, then none.
    await s.app.request('/api/map?packed=1');
    await s.app.request('/api/map?packed=1');
    expect(loads).toBe(2);
    s.setScan({ ...first, nodes: first.nodes.slice(1) });
    expect(await count()).toBe(first.nodes.length); // same key: cached
    key = 'k2';
    expect(await count()).toBe(first.nodes.length - 1);
    expect(loads).toBe(3);
  });
});
