import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eachSuite, STORES } from '../../../adapters/testing/per-store.js';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createSpecValidator } from '@skill-map/spec/testing';
import { projectServersOn } from '../../testing/project-server.js';
import type { ProjectServer } from '../../testing/project-server.js';
import { encodePathB64 } from '../request-params.js';
import { restCall } from '../../testing/rest.js';
import type { RestAnswer } from '../../testing/rest.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
const spec = createSpecValidator();

const LINT = '.claude/skills/lint/SKILL.md';
const LINT_SM = '.claude/skills/lint/SKILL.sm';
const TEST = '.claude/skills/test/SKILL.md';
const base = (node: string): string => `/api/nodes/${encodePathB64(node)}/findings`;

let ps: ProjectServer;

// The findings suite of the REST surface, run against each store (PostgreSQL when a throwaway cluster starts here).
const start = projectServersOn({ beforeAll, afterAll });

describe.each(STORES)('%s', (store) => {
  eachSuite(
    () => start(store, { mcp: false }),
    (s) => void (ps = s),
    (s) => s.stop(),
  );
  afterEach(() => {
    ps.sql('DELETE FROM state_findings');
    rmSync(ps.tree.abs(LINT_SM), { force: true });
    rmSync(ps.tree.abs('.skill-map/settings.json'), { force: true });
  });

  async function get(path: string): Promise<{ status: number; body: Json }> {
    const res = await fetch(`${ps.running.url}${path}`);
    return { status: res.status, body: (await res.json()) as Json };
  }

  const send = (method: string, path: string, body?: Json): Promise<RestAnswer<Json>> =>
    restCall<Json>(ps.running.url, method, path, body);

  function rows(): Json[] {
    return ps.sql('SELECT id, resolution FROM state_findings ORDER BY id');
  }

  describe('findings REST routes (real server, real SQLite)', () => {
    it('GET node findings: the default view with excluded counts, flags to show more', async () => {
      const open = ps.insertFinding({ node: LINT });
      const fixed = ps.insertFinding({ node: LINT, resolution: 'fixed' });
      const dismissed = ps.insertFinding({ node: LINT, resolution: 'dismissed' });
      const stale = ps.insertFinding({ node: LINT, bodyHash: 'older' });
      ps.insertFinding({ node: TEST });
      const r = await get(base(LINT));
      expect(r.status).toBe(200);
      expect(spec.validate('restEnvelope', r.body)).toEqual({ ok: true });
      expect(r.body['kind']).toBe('findings');
      expect(r.body['items'].map((f: Json) => [f['id'], f['stale']])).toEqual([
        [open, false],
        [stale, true],
      ]);
      expect(r.body['counts']).toEqual({ total: 2, returned: 2, dismissedExcluded: 1, fixedExcluded: 1 });
      const all = await get(`${base(LINT)}?dismissed=1&fixed=1`);
      expect(all.body['items'].map((f: Json) => f['id'])).toEqual([open, fixed, dismissed, stale]);
      expect((await get(`${base(LINT)}?stale=1`)).body['items'].map((f: Json) => f['id'])).toEqual([stale]);
      expect((await get('/api/findings')).body['counts']).toMatchObject({ total: 3 });
      expect((await get(base('missing.md'))).status).toBe(404);
      expect((await get(`${base(LINT)}?fixed=maybe`)).status).toBe(400);
    });

    it('resolve, dismiss, reopen: 204, then 409 finding-already-*; 404 for an unknown or another node id', async () => {
      const id = ps.insertFinding({ node: LINT });
      expect((await send('POST', `${base(LINT)}/${id}/resolve`, { note: 'done' })).status).toBe(204);
      const again = await send('POST', `${base(LINT)}/${id}/resolve`);
      expect(again).toMatchObject({
        status: 409,
        body: { ok: false, error: { code: 'finding-already-fixed' } },
      });
      expect((await send('POST', `${base(LINT)}/${id}/dismiss`, {})).status).toBe(204);
      expect((await send('POST', `${base(LINT)}/${id}/dismiss`)).body?.['error'].code).toBe(
        'finding-already-dismissed',
      );
      expect((await send('POST', `${base(LINT)}/${id}/reopen`)).status).toBe(204);
      expect((await send('POST', `${base(LINT)}/${id}/reopen`)).body?.['error'].code).toBe(
        'finding-already-open',
      );
      expect((await send('POST', `${base(TEST)}/${id}/resolve`)).status).toBe(404);
      expect((await send('POST', `${base(LINT)}/99999/resolve`)).status).toBe(404);
      expect((await send('POST', `${base(LINT)}/abc/resolve`)).status).toBe(400);
      const bad = await send('POST', `${base(LINT)}/${id}/dismiss`, { klass: true });
      expect(bad).toMatchObject({ status: 400, body: { error: { code: 'bad-query' } } });
      expect(bad.body?.['error'].message).toContain("unknown body field 'klass'");
      expect(rows()).toEqual([{ id, resolution: null }]);
    });

    it('class dismiss: 412 confirm-required without consent (nothing written), 204 with confirm', async () => {
      const id = ps.insertFinding({ node: LINT });
      const refused = await send('POST', `${base(LINT)}/${id}/dismiss`, { class: true });
      expect(refused).toMatchObject({
        status: 412,
        body: { ok: false, error: { code: 'confirm-required', details: { key: 'allowEditSmFiles' } } },
      });
      expect(existsSync(ps.tree.abs(LINT_SM))).toBe(false);
      expect((await send('POST', `${base(LINT)}/${id}/dismiss`, { class: true, confirm: true })).status).toBe(
        204,
      );
      expect(readFileSync(ps.tree.abs(LINT_SM), 'utf8')).toContain('type: vague-step');
      const view = await get(base(LINT));
      expect(view.body['counts']).toMatchObject({ returned: 0, dismissedExcluded: 1 });
      expect(rows()).toEqual([{ id, resolution: null }]); // the lens hides, nothing is deleted or flipped
    });

    it('undismiss: 204, 409 suppression-not-found for no entry, 404 unknown node, 400 without extension', async () => {
      const id = ps.insertFinding({ node: LINT });
      await send('POST', `${base(LINT)}/${id}/dismiss`, { class: true, confirm: true });
      const payload = { extension: 'core/lint-finder', type: 'vague-step' };
      expect((await send('POST', `${base(LINT)}/undismiss`, payload)).status).toBe(412);
      expect((await send('POST', `${base(LINT)}/undismiss`, { ...payload, confirm: true })).status).toBe(204);
      const again = await send('POST', `${base(LINT)}/undismiss`, { ...payload, confirm: true });
      expect(again).toMatchObject({ status: 409, body: { error: { code: 'suppression-not-found' } } });
      expect((await send('POST', `${base('missing.md')}/undismiss`, payload)).status).toBe(404);
      expect((await send('POST', `${base(LINT)}/undismiss`, { type: 'x' })).status).toBe(400);
      expect((await get(base(LINT))).body['items'].map((f: Json) => f['id'])).toEqual([id]);
    });

    it('DELETE: 204, 404 after; the orphan-suppression lift needs consent (412 leaves the row)', async () => {
      const id = ps.insertFinding({ node: LINT });
      await send('POST', `${base(LINT)}/${id}/dismiss`, { class: true, confirm: true });
      expect((await send('DELETE', `${base(LINT)}/${id}`)).status).toBe(412);
      expect(rows()).toHaveLength(1);
      expect((await send('DELETE', `${base(LINT)}/${id}?confirm=1`)).status).toBe(204);
      expect(readFileSync(ps.tree.abs(LINT_SM), 'utf8')).not.toContain('suppressions');
      expect((await send('DELETE', `${base(LINT)}/${id}`)).status).toBe(404);
      const plain = ps.insertFinding({ node: TEST });
      expect((await send('DELETE', `${base(TEST)}/${plain}`)).status).toBe(204);
      expect(rows()).toEqual([]);
    });

    it('a kernel row is 409 finding-not-dismissible; the team policy is a 403 confirm cannot bypass', async () => {
      const k = ps.insertFinding({
        node: LINT,
        origin: 'kernel',
        extension: 'kernel/safety',
        type: 'injection-detected',
      });
      const kernel = await send('POST', `${base(LINT)}/${k}/dismiss`);
      expect(kernel).toMatchObject({ status: 409, body: { error: { code: 'finding-not-dismissible' } } });
      const id = ps.insertFinding({ node: LINT });
      writeFileSync(ps.tree.abs('.skill-map/settings.json'), JSON.stringify({ allowSidecarWriters: false }));
      const policy = await send('POST', `${base(LINT)}/${id}/dismiss`, {
        class: true,
        confirm: true,
        always: true,
      });
      expect(policy).toMatchObject({
        status: 403,
        body: { error: { code: 'sidecar-writers-forbidden', details: { key: 'allowSidecarWriters' } } },
      });
      expect(existsSync(ps.tree.abs(LINT_SM))).toBe(false);
      expect(existsSync(ps.tree.abs('.skill-map/settings.local.json'))).toBe(false);
      expect(rows()).toEqual([
        { id: k, resolution: null },
        { id, resolution: null },
      ]);
    });
  });
});
