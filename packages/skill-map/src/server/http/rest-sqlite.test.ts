import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSpecValidator } from '@skill-map/spec/testing';
import { startProjectServer } from '../testing/project-server.js';
import type { ProjectServer } from '../testing/project-server.js';
import { encodePathB64 } from './request-params.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
const spec = createSpecValidator();
let ps: ProjectServer;
const get = async (path: string): Promise<{ status: number; body: Json }> => {
  const res = await fetch(`${ps.running.url}${path}`);
  return { status: res.status, body: (await res.json()) as Json };
};

beforeAll(async () => {
  ps = await startProjectServer({ mcp: false });
});
afterAll(() => ps?.stop());

describe('REST routes over the real SQLite store (real socket)', () => {
  it('serves the persisted scan as a REST envelope valid against the spec', async () => {
    const r = await get('/api/scan');
    expect(spec.validate('restEnvelope', r.body)).toEqual({ ok: true });
    expect(spec.validate('scanResult', r.body['item'])).toEqual({ ok: true });
    expect((await get('/api/scan?meta=1')).body['item'].counts).toEqual({ nodes: 6, links: 6, issues: 1 });
    expect((await get('/api/health')).body).toMatchObject({ db: 'present', mcp: false });
  });

  it('every payload-bearing envelope carries the registries; each node kind and provider is described', async () => {
    const paths = ['/api/nodes', '/api/links', '/api/issues', '/api/plugins', '/api/config', '/api/scan'];
    paths.push(`/api/nodes/${encodePathB64('.claude/skills/lint/SKILL.md')}`);
    for (const path of paths) {
      const r = await get(path);
      expect([path, spec.validate('restEnvelope', r.body)]).toEqual([path, { ok: true }]);
      expect(Object.keys(r.body), path).toEqual(
        expect.arrayContaining(['kindRegistry', 'providerRegistry', 'contributionsRegistry']),
      );
    }
    const nodes = (await get('/api/nodes')).body;
    for (const n of nodes['items'] as Json[]) {
      expect(nodes['kindRegistry'][n['kind']], n['path']).toMatchObject({ label: expect.any(String) });
      expect(nodes['providerRegistry'][n['provider']], n['path']).toMatchObject({ pluginId: 'core' });
    }
    expect(nodes['kindRegistry']['agent']).toEqual({
      providerId: 'claude',
      label: 'Agents',
      color: '#8e44ad',
      colorDark: '#c08af0',
    });
    // Acknowledgements carry none.
    const health = await get('/api/mcp/status');
    expect(health.body['kindRegistry']).toBeUndefined();
  });

  it('pages and filters nodes in SQL', async () => {
    const page = await get('/api/nodes?limit=2&offset=2');
    expect(page.body['counts']).toEqual({ total: 6, returned: 2 });
    expect(page.body['items'].map((n: Json) => n['path'])).toEqual([
      '.claude/skills/lint/SKILL.md',
      '.claude/skills/test/SKILL.md',
    ]);
    expect((await get('/api/nodes?kind=skill,agent')).body['counts'].total).toBe(3);
    expect((await get('/api/nodes?hasIssues=1')).body['items'].map((n: Json) => n['path'])).toEqual([
      '.claude/commands/deploy.md',
    ]);
    expect((await get('/api/nodes?path=.claude/*/*.md')).body['counts'].total).toBe(2);
    expect((await get('/api/nodes?kind=')).status).toBe(200);
  });

  it('returns a node bundle by base64url path, with the body on request', async () => {
    const r = await get(`/api/nodes/${encodePathB64('.claude/skills/lint/SKILL.md')}?include=body`);
    expect(spec.validate('restEnvelope', r.body)).toEqual({ ok: true });
    expect(r.body['item'].body).toContain('Run the linter.');
    expect(r.body['links'].incoming.map((l: Json) => l['source'])).toEqual(['.claude/agents/reviewer.md']);
    expect(
      (await get(`/api/nodes/${encodePathB64('.claude/commands/deploy.md')}`)).body['issues'],
    ).toHaveLength(1);
    expect((await get(`/api/nodes/${encodePathB64('missing.md')}`)).status).toBe(404);
  });

  it('filters links and issues, projects branches, formats the graph', async () => {
    expect((await get('/api/links?to=.claude/commands/deploy.md')).body['counts'].total).toBe(1);
    expect((await get('/api/links?limit=1')).body['counts']).toEqual({ total: 6, returned: 1 });
    expect(
      (await get('/api/issues?severity=error&analyzerId=core/reference-broken')).body['counts'].total,
    ).toBe(1);
    expect((await get('/api/issues?node=README.md')).body['counts'].total).toBe(0);
    const branch = await get('/api/branch?path=.claude/skills&path=docs');
    expect(branch.body['nodes'].map((n: Json) => n['path'])).toEqual([
      '.claude/skills/lint/SKILL.md',
      '.claude/skills/test/SKILL.md',
      'docs/guide.md',
    ]);
    expect(branch.body['links'].map((l: Json) => l['target'])).toEqual(['docs/guide.md']);
    const dot = await fetch(`${ps.running.url}/api/graph?format=dot`);
    expect(await dot.text()).toContain('digraph');
  });

  it('rescans on POST /api/scan with the real engine and narrates it on /ws', async () => {
    const ws = new WebSocket(`${ps.running.url.replace('http', 'ws')}/ws`);
    await new Promise((r) => ws.once('open', r));
    const types: string[] = [];
    ws.on('message', (d: Buffer) => types.push((JSON.parse(d.toString('utf8')) as Json)['type'] as string));
    ps.tree.write({ 'docs/extra.md': '# Extra\n' });
    const res = await fetch(`${ps.running.url}/api/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"mode":"full"}',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json)['item']).toMatchObject({
      nodes: 7,
      nodesAdded: 1,
      nodesRemoved: 0,
      mode: 'full',
      trigger: 'rest',
    });
    await expect.poll(() => types.includes('scan.completed')).toBe(true);
    expect(types[0]).toBe('scan.started');
    expect(types).toContain('scan.progress');
    ws.close();
  });
});
