import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eachTest, STORES } from '../../../adapters/testing/per-store.js';
import { createSpecValidator } from '@skill-map/spec/testing';
import { projectServersOn } from '../../testing/project-server.js';
import type { ProjectServer } from '../../testing/project-server.js';
import { encodePathB64 } from '../request-params.js';
import { restCall } from '../../testing/rest.js';
import type { RestAnswer } from '../../testing/rest.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- responses are read loosely; shapes are asserted
type Json = Record<string, any>;
const spec = createSpecValidator();

// .claude/commands/deploy.md links ../../docs/missing.md: one reference-broken issue, data.target 'docs/missing.md'.
const NODE = '.claude/commands/deploy.md';
const SIDECAR = '.claude/commands/deploy.sm';
const TARGET = 'docs/missing.md';

// The suppression suite of the REST surface, run against each store (PostgreSQL when a cluster starts here).
const start = projectServersOn({ beforeAll, afterAll });
let ps: ProjectServer;

const call = (method: string, path: string, body?: unknown): Promise<RestAnswer<Json>> =>
  restCall<Json>(ps.running.url, method, path, body);

const dismiss = (body: unknown, node = NODE) =>
  call('POST', `/api/nodes/${encodePathB64(node)}/issues/dismiss`, body);
const undismiss = (body: unknown, node = NODE) =>
  call('POST', `/api/nodes/${encodePathB64(node)}/issues/undismiss`, body);
const sidecar = (): string | null =>
  existsSync(ps.tree.abs(SIDECAR)) ? readFileSync(ps.tree.abs(SIDECAR), 'utf8') : null;
const log = (): string | null => {
  const p = ps.tree.abs('.skill-map/operations.log');
  return existsSync(p) ? readFileSync(p, 'utf8') : null;
};
const issueCount = async (): Promise<number> =>
  (await call('GET', '/api/issues')).body?.['counts'].total as number;

describe.each(STORES)('%s', (store) => {
  eachTest(
    () => start(store, { mcp: false }),
    (s) => void (ps = s),
    (s) => s.stop(),
  );

  describe('POST /api/nodes/:pathB64/issues/dismiss', () => {
    it('204 with confirm: the issue is gone at once, listed, logged on channel ui, and stays gone after a scan', async () => {
      expect(await issueCount()).toBe(1);
      const r = await dismiss({
        analyzer: 'core/reference-broken',
        value: TARGET,
        note: 'later',
        confirm: true,
      });
      expect(r).toEqual({ status: 204, body: null });
      expect(await issueCount()).toBe(0);
      const list = await call('GET', '/api/issue-suppressions');
      expect(spec.validate('restEnvelope', list.body)).toEqual({ ok: true });
      expect(list.body).toMatchObject({
        kind: 'issue-suppressions',
        items: [{ node: NODE, analyzer: 'core/reference-broken', value: TARGET, note: 'later' }],
        counts: { total: 1, returned: 1 },
      });
      // The operations log is fire-and-forget: poll until the line lands.
      await vi.waitFor(
        () =>
          expect(log()).toContain(
            '"op":"issues.dismiss","target":".claude/commands/deploy.md","channel":"ui"',
          ),
        { timeout: 10_000 },
      );
      expect((await call('POST', '/api/scan', { mode: 'full' })).status).toBe(200);
      expect(await issueCount()).toBe(0);
      expect((await call('GET', '/api/scan?meta=1')).body?.['item'].stats).toMatchObject({
        issuesCount: 0,
        issuesSuppressed: 1,
      });
    });

    it('412 confirm-required naming the key, 403 for the team policy, 400 for an unknown analyzer; nothing changes', async () => {
      const before = { sidecar: sidecar(), log: log(), issues: await issueCount() };
      const consent = await dismiss({ analyzer: 'reference-broken', value: TARGET });
      expect(consent.status).toBe(412);
      expect(consent.body?.['error']).toMatchObject({
        code: 'confirm-required',
        details: { key: 'allowEditSmFiles' },
      });
      const unknown = await dismiss({ analyzer: 'nope-analyzer', value: TARGET, confirm: true });
      expect(unknown.status).toBe(400);
      expect(unknown.body?.['error'].code).toBe('unknown-analyzer');
      const node = await dismiss({ analyzer: 'reference-broken', value: TARGET, confirm: true }, 'nope.md');
      expect(node.status).toBe(404);
      writeFileSync(ps.tree.abs('.skill-map/settings.json'), JSON.stringify({ allowSidecarWriters: false }));
      const policy = await dismiss({ analyzer: 'reference-broken', value: TARGET, always: true });
      expect(policy.status).toBe(403);
      expect(policy.body?.['error']).toMatchObject({
        code: 'sidecar-writers-forbidden',
        details: { key: 'allowSidecarWriters' },
      });
      expect({ sidecar: sidecar(), log: log(), issues: await issueCount() }).toEqual(before);
      expect(existsSync(ps.tree.abs('.skill-map/settings.local.json'))).toBe(false);
    });

    it('400 for a malformed body, naming the field', async () => {
      expect((await dismiss({ value: TARGET, confirm: true })).body?.['error'].message).toBe(
        'analyzer must be a string',
      );
      const flag = await dismiss({ analyzer: 'reference-broken', value: TARGET, confirm: 'yes' });
      expect(flag.status).toBe(400);
      expect(flag.body?.['error'].message).toBe('confirm must be true or false when given');
      const extra = await dismiss({ analyzer: 'reference-broken', value: TARGET, force: true });
      expect(extra.status).toBe(400);
      expect(extra.body?.['error'].message).toContain('unknown field(s) force');
      expect((await dismiss([1])).status).toBe(400);
    });

    it('always persists the grant: the next write needs no consent', async () => {
      expect((await dismiss({ analyzer: 'reference-broken', value: TARGET, always: true })).status).toBe(204);
      expect(JSON.parse(readFileSync(ps.tree.abs('.skill-map/settings.local.json'), 'utf8'))).toMatchObject({
        allowEditSmFiles: true,
      });
      expect((await undismiss({ analyzer: 'reference-broken', value: TARGET })).status).toBe(204);
    });
  });

  describe('POST /api/nodes/:pathB64/issues/undismiss and GET /api/issue-suppressions', () => {
    it('204 removes the entry; the issue returns at the next scan; 409 for a missing entry, 404 unknown node', async () => {
      await dismiss({ analyzer: 'reference-broken', value: TARGET, confirm: true });
      expect((await undismiss({ analyzer: 'reference-broken', value: TARGET, confirm: true })).status).toBe(
        204,
      );
      expect(await issueCount()).toBe(0);
      expect((await call('POST', '/api/scan', { mode: 'changed' })).status).toBe(200);
      expect(await issueCount()).toBe(1);
      const again = await undismiss({ analyzer: 'reference-broken', value: TARGET, confirm: true });
      expect(again.status).toBe(409);
      expect(again.body?.['error'].code).toBe('issue-suppression-not-found');
      expect((await undismiss({ analyzer: 'x', value: 'y', confirm: true }, 'nope.md')).status).toBe(404);
      expect((await undismiss({ analyzer: 'reference-broken', value: TARGET })).status).toBe(412);
    });

    it('lists one node with ?node=, 404 for an unknown node', async () => {
      await dismiss({ analyzer: 'reference-broken', value: TARGET, confirm: true });
      await dismiss({ analyzer: 'reference-broken', value: 'a', confirm: true }, 'README.md');
      const one = await call('GET', `/api/issue-suppressions?node=${encodeURIComponent('README.md')}`);
      expect(one.body?.['items']).toEqual([{ node: 'README.md', analyzer: 'reference-broken', value: 'a' }]);
      expect(one.body?.['filters']).toEqual({ node: 'README.md' });
      expect((await call('GET', '/api/issue-suppressions')).body?.['counts'].total).toBe(2);
      expect((await call('GET', '/api/issue-suppressions?node=nope.md')).status).toBe(404);
    });
  });
});
