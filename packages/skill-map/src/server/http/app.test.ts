import { afterEach, describe, expect, it } from 'vitest';
import type { ScanPort, ScanSummary } from '../ports.js';
import { sampleScan } from '../testing/fixtures.js';
import { createTestServer } from '../testing/test-server.js';
import { encodePathB64 } from './request-params.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
const servers: Array<ReturnType<typeof createTestServer>> = [];
function setup(options: Parameters<typeof createTestServer>[0] = {}): ReturnType<typeof createTestServer> {
  const s = createTestServer({ scan: sampleScan(), ...options });
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function get(
  s: ReturnType<typeof createTestServer>,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json; res: Response }> {
  const res = await s.app.request(path, { headers });
  const text = await res.text();
  const parse = (): Json => {
    try {
      return JSON.parse(text) as Json;
    } catch {
      return { text };
    }
  };
  return { status: res.status, body: parse(), res };
}

describe('loopback gate', () => {
  it.each(['/api/health', '/', '/mcp', '/api/nope'])(
    'refuses a foreign Host on %s with the REST envelope',
    async (path) => {
      const s = setup({ mcp: true });
      const r = await get(s, path, { host: 'evil.example:4242' });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({
        ok: false,
        error: { code: 'host-not-allowed', message: expect.any(String), details: null },
      });
      expect(r.res.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );

  it.each(['localhost:1234', '127.0.0.1', '[::1]:80', 'LOCALHOST'])(
    'accepts loopback Host %s on any port',
    async (host) => {
      const r = await get(setup(), '/api/health', { host });
      expect(r.status).toBe(200);
    },
  );

  it.each(['http://evil.example', 'https://127.0.0.1.evil.example', 'file:///etc', 'not a url'])(
    'refuses Origin %s',
    async (origin) => {
      const r = await get(setup(), '/api/health', { origin });
      expect(r.status).toBe(403);
      expect(r.body['error'].code).toBe('origin-not-allowed');
    },
  );

  it.each([
    ['null', ''],
    ['', ''],
    ['http://localhost:5173', 'localhost:5173'],
    ['http://[::1]:9', '[::1]:9'],
  ])('accepts Origin "%s" on Host "%s" (absent, or the own origin)', async (origin, host) => {
    expect((await get(setup(), '/api/health', { origin, ...(host === '' ? {} : { host }) })).status).toBe(
      200,
    );
  });

  it.each([
    ['http://localhost:5173', 'localhost:4242'],
    ['https://[::1]:9', '[::1]:9'],
    ['http://127.0.0.1:4242', 'localhost:4242'],
  ])('refuses Origin "%s" on Host "%s" (another local origin)', async (origin, host) => {
    const r = await get(setup(), '/api/health', { origin, host });
    expect(r.status).toBe(403);
    expect(r.body['error'].code).toBe('origin-not-allowed');
  });
});

describe('REST routes', () => {
  it('health reports db, versions and mcp mount', async () => {
    const r = await get(setup({ mcp: true }), '/api/health');
    expect(r.body).toMatchObject({
      ok: true,
      schemaVersion: '1',
      implVersion: '9.9.9-test',
      db: 'present',
      mcp: true,
    });
    const off = await get(setup({ scan: null }), '/api/health');
    expect(off.body).toMatchObject({ db: 'missing', mcp: false });
  });

  it('serves the scan, its meta, and the empty shape without a DB', async () => {
    const r = await get(setup(), '/api/scan');
    expect(r.body).toMatchObject({ schemaVersion: '1', kind: 'scan' });
    expect(r.body['item'].nodes).toHaveLength(6);
    const meta = await get(setup(), '/api/scan?meta=1');
    expect(meta.body['item']).toMatchObject({ counts: { nodes: 6, links: 4, issues: 3 } });
    expect(meta.body['item'].nodes).toBeUndefined();
    const empty = await get(setup({ scan: null }), '/api/scan');
    expect(empty.body['item']).toMatchObject({
      schemaVersion: 1,
      roots: ['.'],
      nodes: [],
      maxRenderNodes: 256,
    });
  });

  it('pages nodes and filters with the export grammar', async () => {
    const s = setup();
    const page = await get(s, '/api/nodes?limit=2&offset=1');
    expect(page.body).toMatchObject({ kind: 'nodes', counts: { total: 6, returned: 2 } });
    expect(page.body['items'].map((n: Json) => n['path'])).toEqual([
      '.claude/commands/deploy.md',
      '.claude/skills/lint/SKILL.md',
    ]);
    const skills = await get(s, '/api/nodes?kind=skill');
    expect(skills.body['counts'].total).toBe(2);
    const globbed = await get(s, '/api/nodes?path=.claude/*/*.md');
    expect(globbed.body['items'].map((n: Json) => n['path'])).toEqual([
      '.claude/agents/reviewer.md',
      '.claude/commands/deploy.md',
    ]);
    const deep = await get(s, '/api/nodes?path=.claude/**');
    expect(deep.body['counts'].total).toBe(4);
    const withIssues = await get(s, '/api/nodes?hasIssues=1');
    expect(withIssues.body['counts'].total).toBe(3);
    expect((await get(s, '/api/nodes?limit=abc')).status).toBe(400);
    expect((await get(s, '/api/nodes?offset=-1')).body['error'].code).toBe('bad-query');
    expect((await get(s, '/api/nodes?hasIssues=maybe')).status).toBe(400);
    expect((await get(s, '/api/nodes?limit=100000')).body['counts'].returned).toBe(6);
  });

  it('decodes base64url node paths and 404s unknown ones', async () => {
    const s = setup();
    const path = '.claude/skills/lint/SKILL.md';
    const r = await get(s, `/api/nodes/${encodePathB64(path)}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ kind: 'node', item: { path } });
    expect(r.body['links'].incoming).toHaveLength(2);
    expect(r.body['item'].body).toBeUndefined();
    expect((await get(s, `/api/nodes/${encodePathB64('nope.md')}`)).status).toBe(404);
    expect((await get(s, `/api/nodes/${encodePathB64(path)}==`)).status).toBe(400);
    expect((await get(s, '/api/nodes/a+b/')).status).toBe(404);
    expect((await get(s, '/api/nodes/%2F%2F')).body['error']?.code).toBe('bad-query');
  });

  it('lists links and issues with filters', async () => {
    const s = setup();
    expect((await get(s, '/api/links?kind=invokes')).body['counts'].total).toBe(1);
    expect((await get(s, '/api/links?to=.claude/skills/lint/SKILL.md')).body['counts'].total).toBe(2);
    const issues = await get(s, '/api/issues?severity=error,warn');
    expect(issues.body).toMatchObject({ kind: 'issues', counts: { total: 2 } });
    expect((await get(s, '/api/issues?analyzerId=core/reference-broken')).body['counts'].total).toBe(1);
    expect((await get(s, '/api/issues?node=README.md')).body['counts'].total).toBe(1);
    expect((await get(s, '/api/issues?limit=1&offset=1')).body['items']).toHaveLength(1);
    expect((await get(s, '/api/issues?severity=fatal')).status).toBe(400);
  });

  it('projects a branch with inferred root exclusion, caps and conflicts', async () => {
    const s = setup();
    const only = await get(s, '/api/branch?path=.claude/skills');
    expect(only.body).toMatchObject({
      kind: 'branch',
      branch: { rootExcluded: true, total: 2, rendered: 2, truncated: false, cap: 256 },
    });
    const whole = await get(s, '/api/branch');
    expect(whole.body['branch']).toMatchObject({ rootExcluded: false, total: 6 });
    const capped = await get(s, '/api/branch?limit=1');
    expect(capped.body['branch']).toMatchObject({ total: 6, rendered: 1, truncated: true, cap: 1 });
    const cut = await get(s, '/api/branch?exclude=.claude');
    expect(cut.body['branch']).toMatchObject({ rootExcluded: false, total: 2 });
    const senior = await get(s, '/api/branch?path=docs&path=.claude/agents');
    expect(senior.body['nodes'].map((n: Json) => n['path'])).toEqual([
      'docs/guide/intro.md',
      '.claude/agents/reviewer.md',
    ]);
    expect((await get(s, '/api/branch?path=a&exclude=a')).status).toBe(400);
    expect((await get(s, '/api/branch?excludeRoot=yes')).status).toBe(400);
    const links = await get(s, '/api/branch?path=.claude');
    expect(links.body['links']).toHaveLength(2); // the trigger link closes over resolvedTarget
  });

  it('formats the graph and rejects unknown formats', async () => {
    const s = setup();
    const ascii = await s.app.request('/api/graph');
    expect(ascii.headers.get('content-type')).toContain('text/plain');
    expect(await ascii.text()).toContain('README.md  [1 issue]');
    expect(await (await s.app.request('/api/graph?format=mermaid')).text()).toMatch(/^flowchart LR/);
    expect(await (await s.app.request('/api/graph?format=dot')).text()).toMatch(/^digraph/);
    expect((await s.app.request('/api/graph?format=png')).status).toBe(400);
  });

  it('serves the merged config and an mcp status when MCP is off', async () => {
    const s = setup();
    expect((await get(s, '/api/config')).body).toMatchObject({
      schemaVersion: '1',
      kind: 'config',
      value: { server: { port: 4242 } },
      kindRegistry: { skill: { providerId: 'claude', label: 'Skills' } },
    });
    expect((await get(s, '/api/mcp/status')).body).toEqual({
      schemaVersion: '1',
      kind: 'mcp-status',
      enabled: false,
      connected: false,
      clients: 0,
      url: null,
      configured: false,
      restartRequired: false,
    });
  });

  it('answers unknown /api routes with the 404 envelope and /mcp with a plain 404 when MCP is off', async () => {
    const s = setup();
    const r = await get(s, '/api/does-not-exist');
    expect(r.status).toBe(404);
    expect(r.body['error'].code).toBe('not-found');
    const mcp = await s.app.request('/mcp', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(mcp.status).toBe(404);
    expect(await mcp.text()).toBe('Not Found');
    expect((await s.app.request('/mcp')).status).toBe(404);
  });

  it('serves the placeholder page with security headers, and no page with --no-ui', async () => {
    const page = await setup({ uiDist: null }).app.request('/');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('npm run build');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect((await setup({ ui: false }).app.request('/')).status).toBe(404);
  });
});

describe('POST bodies', () => {
  const scanner = (delayMs: number, result: Partial<ScanSummary> = {}): ScanPort => ({
    scanAndPersist: async () => {
      await new Promise((r) => setTimeout(r, delayMs));
      return { nodes: 6, links: 4, issues: 3, durationMs: delayMs, roots: ['.'], ...result };
    },
  });

  it('runs one scan at a time (409 scan-busy)', async () => {
    const s = setup({ scanner: scanner(50) });
    const first = s.app.request('/api/scan', { method: 'POST' });
    const second = await s.app.request('/api/scan', {
      method: 'POST',
      body: '{"mode":"full"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(second.status).toBe(409);
    expect(((await second.json()) as Json)['error'].code).toBe('scan-busy');
    const done = await first;
    expect(done.status).toBe(200);
    expect(((await done.json()) as Json)['item']).toMatchObject({
      nodes: 6,
      mode: 'changed',
      nodesAdded: 0,
      nodesRemoved: 0,
    });
    expect((await s.app.request('/api/scan', { method: 'POST' })).status).toBe(200);
  });

  it('answers 503 without a scan engine and 400 for a bad mode or malformed JSON', async () => {
    expect((await setup().app.request('/api/scan', { method: 'POST' })).status).toBe(503);
    const s = setup({ scanner: scanner(1) });
    const badMode = await s.app.request('/api/scan', {
      method: 'POST',
      body: '{"mode":"half"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(badMode.status).toBe(400);
    const malformed = await s.app.request('/api/scan', {
      method: 'POST',
      body: '{"mode":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as Json)['error'].code).toBe('bad-json');
  });

  it('refuses bodies over 1 MiB on /api/* with 413', async () => {
    const s = setup({ scanner: scanner(1) });
    const big = JSON.stringify({ mode: 'full', pad: 'x'.repeat(1024 * 1024) });
    const r = await s.app.request('/api/scan', {
      method: 'POST',
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(413);
    expect(((await r.json()) as Json)['error'].code).toBe('payload-too-large');
  });

  it('authenticates activity with the serve.json token and broadcasts it', async () => {
    const s = setup();
    const seen: string[] = [];
    s.broadcaster.addSink((e) => seen.push(e.type));
    const post = (headers: Record<string, string>, body: unknown): Promise<Response> =>
      Promise.resolve(
        s.app.request('/api/activity', {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json', ...headers },
        }),
      );
    const denied = await post({ 'x-skill-map-token': 'wrong' }, { type: 'node.activity', node: 'README.md' });
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as Json)['error'].code).toBe('token-mismatch');
    expect((await post({}, { type: 'node.activity', node: 'README.md' })).status).toBe(403);
    const ok = await post(
      { 'x-skill-map-token': s.token },
      {
        events: [
          { type: 'node.activity', node: 'README.md' },
          { type: 'agent.spawn', from: 'a.md', to: 'README.md' },
        ],
      },
    );
    expect(ok.status).toBe(202);
    expect(seen).toEqual(['node.activity', 'agent.spawn']);
    expect((await post({ 'x-skill-map-token': s.token }, { type: 'node.activity' })).status).toBe(400);
    const summary = (await (await s.app.request('/api/activity/summary')).json()) as Json;
    expect(summary['value'].nodes).toEqual([{ path: 'README.md', count: 2, lastAt: expect.any(Number) }]);
    expect(summary['value'].pairs).toHaveLength(1);
  });
});
