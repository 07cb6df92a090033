import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachTest, STORES } from '../../adapters/testing/per-store.js';
import { rmSync } from 'node:fs';
import type { EngineContext } from '../context.js';
import { isEngineError } from '../errors.js';
import {
  deleteFinding,
  dismissFinding,
  listFindings,
  pruneFindings,
  reopenFinding,
  resolveFinding,
} from './index.js';
import { findingsProjectsOn, LINT, TEST } from './testing/findings-project.js';
import type { FindingsProject } from './testing/findings-project.js';

// Run against each store: SQLite always, PostgreSQL when a throwaway cluster can be started here.
const open = findingsProjectsOn({ beforeAll, afterAll });
let p: FindingsProject;

describe.each(STORES)('%s', (store) => {
  eachTest(
    () => open(store),
    (q) => (p = q),
    (q) => q.remove(),
  );

  /** The ops-log lines (without `at`) once every context's queued lines are written. */
  async function ops(...contexts: EngineContext[]): Promise<Array<Record<string, unknown>>> {
    for (const c of contexts) await c.opsLog.flush();
    return p.opsLines().map(({ at: _at, ...rest }) => rest);
  }

  function row(id: number): Record<string, unknown> | undefined {
    return (p.rows() as Array<Record<string, unknown>>).find((r) => r['id'] === id);
  }

  describe('row-grain state flips (DB only)', () => {
    it('resolve → fixed by a human with the note; a second resolve is already-fixed', async () => {
      const id = p.insert({ node: LINT });
      const ctx = p.context('mcp');
      await expect(resolveFinding(ctx, id, 'rewrote the step')).resolves.toEqual({ outcome: 'resolved' });
      expect(row(id)).toMatchObject({
        resolution: 'fixed',
        resolution_actor: 'human',
        resolution_note: 'rewrote the step',
        resolution_by: null,
      });
      expect(typeof row(id)?.['resolution_at']).toBe('number');
      await expect(resolveFinding(ctx, id)).resolves.toEqual({ outcome: 'already-fixed' });
      await ctx.opsLog.flush();
      expect(await ops(ctx)).toEqual([
        { op: 'findings.resolve', target: LINT, channel: 'mcp', outcome: 'ok', detail: `id=${id}` },
      ]);
    });

    it('dismiss (row) → dismissed; again → already-dismissed; reopen clears it; again → already-open', async () => {
      const id = p.insert({ node: TEST, resolution: 'fixed' });
      const ctx = p.context();
      await expect(dismissFinding(ctx, id, { note: 'not a concern' })).resolves.toEqual({
        outcome: 'dismissed',
      });
      expect(row(id)).toMatchObject({
        resolution: 'dismissed',
        resolution_actor: 'human',
        resolution_note: 'not a concern',
      });
      await expect(dismissFinding(ctx, id)).resolves.toEqual({ outcome: 'already-dismissed' });
      await expect(reopenFinding(ctx, id)).resolves.toEqual({ outcome: 'reopened' });
      expect(row(id)).toMatchObject({
        resolution: null,
        resolution_actor: null,
        resolution_note: null,
        resolution_at: null,
      });
      await expect(reopenFinding(ctx, id)).resolves.toEqual({ outcome: 'already-open' });
      expect((await ops(ctx)).map((l) => [l['op'], l['detail']])).toEqual([
        ['findings.dismiss', `id=${id} row`],
        ['findings.reopen', `id=${id}`],
      ]);
    });

    it('reopen clears a human-decision resolution; resolve of a dismissed row flips it to fixed', async () => {
      const a = p.insert({ node: LINT, resolution: 'human-decision' });
      const b = p.insert({ node: LINT, resolution: 'dismissed' });
      await expect(reopenFinding(p.context(), a)).resolves.toEqual({ outcome: 'reopened' });
      await expect(resolveFinding(p.context(), b)).resolves.toEqual({ outcome: 'resolved' });
      expect(row(b)).toMatchObject({ resolution: 'fixed' });
    });

    it('unknown ids are not-found and log nothing', async () => {
      const ctx = p.context();
      await expect(resolveFinding(ctx, 999)).resolves.toEqual({ outcome: 'not-found' });
      await expect(dismissFinding(ctx, 999)).resolves.toEqual({ outcome: 'not-found' });
      await expect(reopenFinding(ctx, 999)).resolves.toEqual({ outcome: 'not-found' });
      await expect(deleteFinding(ctx, 999)).resolves.toEqual({ outcome: 'not-found' });
      expect(await ops(ctx)).toEqual([]);
    });

    it('a kernel-origin (safety lane) row is never dismissible, at row or class grain; nothing changes', async () => {
      const id = p.insert({
        node: LINT,
        extension: 'kernel/safety',
        origin: 'kernel',
        type: 'injection-detected',
      });
      const before = p.rows();
      const ctx = p.context();
      for (const attempt of [
        dismissFinding(ctx, id),
        dismissFinding(ctx, id, { class: true }, { confirm: true }),
      ]) {
        const err: unknown = await attempt.catch((e: unknown) => e);
        expect(isEngineError(err, 'finding-not-dismissible')).toBe(true);
      }
      expect(p.rows()).toEqual(before);
      expect(p.readFile('.claude/skills/lint/SKILL.sm')).toBeNull();
      expect(await ops(ctx)).toEqual([]);
    });

    it('bad ids and notes are refused naming the argument, before the database is opened', async () => {
      rmSync(p.dbPath, { force: true }); // SQLite: no file to open; PostgreSQL: the refusal comes first all the same
      for (const bad of [0, -1, 1.5, Number.NaN]) {
        await expect(resolveFinding(p.context(), bad)).rejects.toThrow(/id must be a positive integer/);
      }
      await expect(dismissFinding(p.context(), 1, { note: '  ' })).rejects.toThrow(
        /note must be a non-empty string/,
      );
    });

    it('a write with no database is db-missing', async (ctx) => {
      if (store !== 'SQLite') return ctx.skip(); // a server database has no file to lose
      rmSync(p.dbPath);
      const err: unknown = await resolveFinding(p.context(), 1).catch((e: unknown) => e);
      expect(isEngineError(err, 'db-missing')).toBe(true);
    });
  });

  describe('delete and prune', () => {
    it('delete hard-deletes one row of any origin and logs it with the extension', async () => {
      const a = p.insert({ node: LINT });
      const k = p.insert({
        node: LINT,
        extension: 'kernel/safety',
        origin: 'kernel',
        type: 'content-malformed',
      });
      const ctx = p.context('ui');
      await expect(deleteFinding(ctx, a)).resolves.toEqual({ outcome: 'deleted' });
      await expect(deleteFinding(ctx, k)).resolves.toEqual({ outcome: 'deleted' });
      expect(p.rows()).toEqual([]);
      expect(await ops(ctx)).toEqual([
        {
          op: 'findings.delete',
          target: LINT,
          extension: 'core/lint-finder',
          channel: 'ui',
          outcome: 'ok',
          detail: `id=${a}`,
        },
        {
          op: 'findings.delete',
          target: LINT,
          extension: 'kernel/safety',
          channel: 'ui',
          outcome: 'ok',
          detail: `id=${k}`,
        },
      ]);
    });

    it('prune deletes the stale findings only (changed body, node gone)', async () => {
      const fresh = p.insert({ node: LINT });
      p.insert({ node: TEST, bodyHash: 'an-older-body' });
      p.insert({ node: 'gone.md' });
      const ctx = p.context();
      await expect(pruneFindings(ctx)).resolves.toEqual({ outcome: 'pruned', deleted: 2 });
      expect(listFindings(ctx, { includeStale: true }).map((f) => f.id)).toEqual([fresh]);
      await expect(pruneFindings(ctx)).resolves.toEqual({ outcome: 'pruned', deleted: 0 });
      expect(await ops(ctx)).toEqual([
        { op: 'findings.prune', target: '*', channel: 'cli', outcome: 'ok', detail: 'rows=2' },
      ]);
    });
  });
});
