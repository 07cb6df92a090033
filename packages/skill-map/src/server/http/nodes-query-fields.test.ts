// GET /api/nodes over a real socket: its kind/path parameters are values, never pasted into the query grammar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProjectServer } from '../testing/project-server.js';
import type { ProjectServer } from '../testing/project-server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
let ps: ProjectServer;

async function get(path: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${ps.running.url}${path}`);
  return { status: res.status, body: (await res.json()) as Json };
}

beforeAll(async () => {
  ps = await startProjectServer({ mcp: false });
});
afterAll(async () => {
  await ps?.stop();
});

describe('GET /api/nodes takes its parameters as values', () => {
  it('a kind holding " has=issues" is one unknown kind (400 naming it), not a kind plus a filter', async () => {
    const r = await get(`/api/nodes?kind=${encodeURIComponent('skill has=issues')}`);
    expect(r.status).toBe(400);
    expect(r.body['error']['message']).toContain("kind: 'skill has=issues' is not a known kind");
  });

  it('a typo in a kind names the nearest known kind; a good kind still filters', async () => {
    const typo = await get('/api/nodes?kind=skil');
    expect(typo.status).toBe(400);
    expect(typo.body['error']['message']).toContain("did you mean 'skill'?");
    const skills = await get('/api/nodes?kind=skill');
    expect(skills.status).toBe(200);
    expect(skills.body['items'].map((n: Json) => n['kind'])).toEqual(['skill', 'skill']);
  });
});
