// POST /api/actions/:plugin/:action over a real socket (127.0.0.1, port 0) on a real scanned project: the consent
// gate's 412/403, the enable state re-read per dispatch (404 while off), envelope errors for bad bodies and input,
// dry runs that write nothing, and the `action.applied` envelope, also broadcast on /ws.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSpecValidator } from '@skill-map/spec/testing';
import { startProjectServer } from '../../testing/project-server.js';
import type { ProjectServer } from '../../testing/project-server.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
const spec = createSpecValidator();

const NODE = '.claude/skills/lint/SKILL.md';
const SIDECAR = '.claude/skills/lint/SKILL.sm';

let ps: ProjectServer;
beforeEach(async () => {
  ps = await startProjectServer({ mcp: false });
});
afterEach(() => ps?.stop());

async function post(path: string, body: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${ps.running.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}
const sidecar = (): string | null =>
  existsSync(ps.tree.abs(SIDECAR)) ? readFileSync(ps.tree.abs(SIDECAR), 'utf8') : null;
const tags = (body: unknown) => post('/api/actions/core/node-set-tags', body);

function expectError(r: { status: number; body: Json }, status: number, code: string): void {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body['ok']).toBe(false);
  expect(r.body['error']['code']).toBe(code);
  expect(spec.validate('restEnvelope', r.body)).toEqual({ ok: true });
}

describe('POST /api/actions/:plugin/:action', () => {
  it('412 confirm-required without consent (details.key), then 200 action.applied with confirm', async () => {
    const refused = await tags({ nodePath: NODE, input: { tags: ['ci'] } });
    expectError(refused, 412, 'confirm-required');
    expect(refused.body['error']['details']).toEqual({ key: 'allowEditSmFiles' });
    expect(sidecar()).toBeNull();
    const ok = await tags({ nodePath: NODE, input: { tags: ['ci'] }, confirm: true });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ schemaVersion: '1', kind: 'action.applied' });
    expect(spec.validate('actionApplied', ok.body['value'])).toEqual({ ok: true });
    expect(ok.body['value']).toMatchObject({
      actionId: 'core/node-set-tags',
      nodePath: NODE,
      dryRun: false,
      changed: true,
      report: { from: [], to: ['ci'] },
      annotations: { tags: ['ci'] },
    });
    expect(sidecar()).toContain('- ci');
  });

  it('403 sidecar-writers-forbidden under the team block, even with confirm and always', async () => {
    writeFileSync(ps.tree.abs('.skill-map/settings.json'), JSON.stringify({ allowSidecarWriters: false }));
    const r = await tags({ nodePath: NODE, input: { tags: ['x'] }, confirm: true, always: true });
    expectError(r, 403, 'sidecar-writers-forbidden');
    expect(r.body['error']['details']).toEqual({ key: 'allowSidecarWriters' });
    expect(sidecar()).toBeNull();
  });

  it('a switched-off action is 404 until enabled; the state is re-read on every dispatch', async () => {
    const bump = (extra: Json = {}) =>
      post('/api/actions/core/node-bump', { nodePath: NODE, confirm: true, ...extra });
    expectError(await bump(), 404, 'not-found');
    writeFileSync(
      ps.tree.abs('.skill-map/settings.json'),
      JSON.stringify({ plugins: { core: { extensions: { 'node-bump': { enabled: true } } } } }),
    );
    const on = await bump();
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body['value']['report']).toMatchObject({ from: null, to: 1, createdSidecar: true });
    writeFileSync(ps.tree.abs(NODE), '---\nname: lint\ndescription: Lints.\n---\nEdited after the scan.\n');
    expectError(await bump(), 409, 'node-drifted');
    expectError(await post('/api/actions/core/nope', { nodePath: NODE }), 404, 'not-found');
  });

  it('bad bodies and bad input are 400 bad-query envelopes; an unknown node is 404; nothing is written', async () => {
    expectError(await tags('[1]'), 400, 'bad-query');
    expectError(await tags({ input: { tags: [] } }), 400, 'bad-query');
    expectError(await tags({ nodePath: NODE, extra: 1 }), 400, 'bad-query');
    expectError(await tags({ nodePath: NODE, confirm: 'yes' }), 400, 'bad-query');
    expectError(await tags({ nodePath: NODE, input: { tags: 'ci' }, confirm: true }), 400, 'bad-query');
    expectError(
      await tags({ nodePath: NODE, input: { tags: ['a'], more: 1 }, confirm: true }),
      400,
      'bad-query',
    );
    expectError(
      await tags({ nodePath: 'docs/none.md', input: { tags: ['a'] }, confirm: true }),
      404,
      'not-found',
    );
    const prob = await post('/api/actions/core/ai-summarizer-action', { nodePath: NODE, confirm: true });
    expectError(prob, 400, 'unsupported-extension');
    expect(sidecar()).toBeNull();
  });

  it('always persists the standing grant: the next dispatch needs no consent', async () => {
    const first = await tags({ nodePath: NODE, input: { tags: ['a'] }, always: true });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const local = JSON.parse(readFileSync(ps.tree.abs('.skill-map/settings.local.json'), 'utf8')) as Json;
    expect(local['allowEditSmFiles']).toBe(true);
    const next = await tags({ nodePath: NODE, input: { tags: ['b'] } });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body['value']['report']).toEqual({ from: ['a'], to: ['b'] });
  });

  it('a dry run answers what would be written, without consent, and writes nothing', async () => {
    const r = await tags({ nodePath: NODE, input: { tags: ['a', 'a', 'b'] }, dryRun: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body['value']).toMatchObject({ dryRun: true, changed: true, annotations: { tags: ['a', 'b'] } });
    expect(sidecar()).toBeNull();
  });

  it('a write is broadcast on /ws as action.applied {actionId, nodePath, report}', async () => {
    const ws = new WebSocket(`${ps.running.url.replace('http', 'ws')}/ws`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const event = new Promise<Json>((resolve) => {
      ws.on('message', (raw: Buffer) => {
        const msg = JSON.parse(raw.toString()) as Json;
        if (msg['type'] === 'action.applied') resolve(msg);
      });
    });
    expect((await tags({ nodePath: NODE, input: { tags: ['ws'] }, confirm: true })).status).toBe(200);
    const msg = await event;
    ws.close();
    expect(msg['data']).toEqual({
      actionId: 'core/node-set-tags',
      nodePath: NODE,
      report: { from: [], to: ['ws'] },
    });
  });
});
