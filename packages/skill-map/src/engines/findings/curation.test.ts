import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachTest, STORES } from '../../adapters/testing/per-store.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { load } from 'js-yaml';
import type { EngineContext } from '../context.js';
import { isEngineError } from '../errors.js';
import { deleteFinding, dismissFinding, findingsView, reopenFinding, undismissFinding } from './index.js';
import { findingsProjectsOn, LINT, TEST } from './testing/findings-project.js';
import type { FindingsProject } from './testing/findings-project.js';

const LINT_SM = '.claude/skills/lint/SKILL.sm';

// Run against each store: SQLite always, PostgreSQL when a throwaway cluster can be started here.
const open = findingsProjectsOn({ beforeAll, afterAll });
let p: FindingsProject;

describe.each(STORES)('%s', (store) => {
  eachTest(
    () => open(store),
    (q) => (p = q),
    (q) => q.remove(),
  );

  async function ops(ctx: EngineContext): Promise<Array<Record<string, unknown>>> {
    await ctx.opsLog.flush();
    return p.opsLines().map(({ at: _at, ...rest }) => rest);
  }

  function suppressions(): unknown {
    const text = p.readFile(LINT_SM);
    return text === null
      ? null
      : (load(text) as { annotations?: { suppressions?: unknown } }).annotations?.suppressions;
  }

  /** Everything a refused write must leave as it was. */
  function snapshot(): unknown {
    return {
      rows: p.rows(),
      sidecar: p.readFile(LINT_SM),
      view: findingsView(p.context(), { dismissed: true }),
    };
  }

  async function refusal(promise: Promise<unknown>): Promise<unknown> {
    return promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (e: unknown) => e,
    );
  }

  describe('dismiss --class (sidecar write through the curator)', () => {
    it('with confirm: writes {extension, type, note} once, the lens hides the class, rows stay', async () => {
      const a = p.insert({ node: LINT, type: 'vague-step' });
      const b = p.insert({ node: LINT, type: 'vague-step' });
      const other = p.insert({ node: LINT, type: 'missing-example' });
      const ctx = p.context('mcp');
      await expect(
        dismissFinding(ctx, a, { class: true, note: 'house style' }, { confirm: true }),
      ).resolves.toEqual({
        outcome: 'suppressed',
      });
      expect(suppressions()).toEqual([
        { extension: 'core/lint-finder', type: 'vague-step', note: 'house style' },
      ]);
      // dedup on extension + type
      await expect(dismissFinding(ctx, b, { class: true }, { confirm: true })).resolves.toEqual({
        outcome: 'suppressed',
      });
      expect(suppressions()).toHaveLength(1);
      const view = findingsView(ctx, { node: LINT });
      expect(view.findings.map((f) => f.id)).toEqual([other]);
      expect(view.dismissedExcluded).toBe(2);
      expect(p.rows()).toHaveLength(3);
      expect((p.rows() as Array<{ resolution: unknown }>).every((r) => r.resolution === null)).toBe(true);
      expect(await ops(ctx)).toEqual([
        { op: 'findings.dismiss', target: LINT, channel: 'mcp', outcome: 'ok', detail: `id=${a} class` },
      ]);
    });

    it('without consent: refused naming allowEditSmFiles; no sidecar byte, no row, no log line', async () => {
      const id = p.insert({ node: LINT });
      const before = snapshot();
      const ctx = p.context();
      const err = await refusal(dismissFinding(ctx, id, { class: true }));
      expect(isEngineError(err, 'consent-required')).toBe(true);
      expect((err as { details: unknown }).details).toEqual({ key: 'allowEditSmFiles' });
      expect(snapshot()).toEqual(before);
      expect(await ops(ctx)).toEqual([]);
    });

    it('a standing allowEditSmFiles grant needs no flag; always persists the grant', async () => {
      const id = p.insert({ node: LINT });
      const t = p.insert({ node: TEST });
      await expect(dismissFinding(p.context(), id, { class: true }, { always: true })).resolves.toEqual({
        outcome: 'suppressed',
      });
      const local = JSON.parse(readFileSync(p.tree.abs('.skill-map/settings.local.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      expect(local['allowEditSmFiles']).toBe(true);
      await expect(dismissFinding(p.context(), t, { class: true })).resolves.toEqual({
        outcome: 'suppressed',
      });
      expect(p.readFile('.claude/skills/test/SKILL.sm')).toContain('lint-finder');
    });

    it('the team policy allowSidecarWriters: false is a hard block confirm cannot bypass', async () => {
      const id = p.insert({ node: LINT });
      writeFileSync(p.tree.abs('.skill-map/settings.json'), JSON.stringify({ allowSidecarWriters: false }));
      const before = snapshot();
      const err = await refusal(
        dismissFinding(p.context(), id, { class: true }, { confirm: true, always: true }),
      );
      expect(isEngineError(err, 'sidecar-writers-forbidden')).toBe(true);
      expect(snapshot()).toEqual(before);
    });

    it('a class dismiss of a finding whose node left the map is not-found', async () => {
      const id = p.insert({ node: 'gone.md' });
      await expect(dismissFinding(p.context(), id, { class: true }, { confirm: true })).resolves.toEqual({
        outcome: 'not-found',
      });
    });
  });

  describe('undismiss', () => {
    it('removes exactly the typed entry, leaving the blanket one; reopen never lifts a suppression', async () => {
      const id = p.insert({ node: LINT, type: 'vague-step' });
      p.tree.write({
        [LINT_SM]:
          'annotations:\n  suppressions:\n    - extension: core/lint-finder\n      type: vague-step\n    - extension: core/lint-finder\n',
      });
      await p.rescan();
      const ctx = p.context('ui');
      await expect(reopenFinding(ctx, id)).resolves.toEqual({ outcome: 'already-open' });
      expect(findingsView(ctx).findings).toEqual([]);
      await expect(
        undismissFinding(
          ctx,
          { node: LINT, extension: 'core/lint-finder', type: 'vague-step' },
          { confirm: true },
        ),
      ).resolves.toEqual({ outcome: 'unsuppressed' });
      expect(suppressions()).toEqual([{ extension: 'core/lint-finder' }]);
      await expect(
        undismissFinding(ctx, { node: LINT, extension: 'core/lint-finder' }, { confirm: true }),
      ).resolves.toEqual({
        outcome: 'unsuppressed',
      });
      expect(suppressions()).toBeUndefined();
      expect(findingsView(ctx).findings.map((f) => f.id)).toEqual([id]);
      expect(await ops(ctx)).toEqual([
        {
          op: 'findings.undismiss',
          target: LINT,
          extension: 'core/lint-finder',
          channel: 'ui',
          outcome: 'ok',
        },
        {
          op: 'findings.undismiss',
          target: LINT,
          extension: 'core/lint-finder',
          channel: 'ui',
          outcome: 'ok',
        },
      ]);
    });

    it('the extension is compared verbatim: a bare id does not remove a qualified entry (no-match)', async () => {
      const id = p.insert({ node: LINT });
      await dismissFinding(p.context(), id, { class: true }, { confirm: true });
      const before = p.readFile(LINT_SM);
      await expect(
        undismissFinding(
          p.context(),
          { node: LINT, extension: 'lint-finder', type: 'vague-step' },
          { confirm: true },
        ),
      ).resolves.toEqual({ outcome: 'no-match' });
      expect(p.readFile(LINT_SM)).toBe(before);
    });

    it('no matching entry self-heals the annotations mirror from the live sidecar (no consent needed)', async () => {
      const id = p.insert({ node: LINT });
      await dismissFinding(p.context(), id, { class: true }, { confirm: true });
      expect(findingsView(p.context()).findings).toEqual([]);
      // The sidecar is edited by hand (the suppression removed) without a rescan: the mirror is now stale.
      p.tree.write({ [LINT_SM]: 'annotations:\n  tags: [lint]\n' });
      expect(findingsView(p.context()).findings).toEqual([]);
      const ctx = p.context();
      await expect(
        undismissFinding(ctx, { node: LINT, extension: 'core/lint-finder', type: 'vague-step' }),
      ).resolves.toEqual({ outcome: 'no-match' });
      expect(findingsView(p.context()).findings.map((f) => f.id)).toEqual([id]);
      expect(p.readFile(LINT_SM)).toBe('annotations:\n  tags: [lint]\n');
      expect(await ops(ctx)).toEqual([]);
    });

    it('unknown node → not-found; a matching entry without consent is refused and nothing changes', async () => {
      const id = p.insert({ node: LINT });
      await dismissFinding(p.context(), id, { class: true }, { confirm: true });
      const ctx = p.context();
      await expect(
        undismissFinding(ctx, { node: 'nope.md', extension: 'core/lint-finder' }),
      ).resolves.toEqual({
        outcome: 'not-found',
      });
      const before = snapshot();
      const err = await refusal(
        undismissFinding(ctx, { node: LINT, extension: 'core/lint-finder', type: 'vague-step' }),
      );
      expect(isEngineError(err, 'consent-required')).toBe(true);
      expect(snapshot()).toEqual(before);
      await expect(refusal(undismissFinding(ctx, { node: LINT, extension: '' }))).resolves.toMatchObject({
        code: 'invalid-input',
      });
    });
  });

  describe('delete lifts an orphan class suppression first', () => {
    it('deleting the last row of a suppressed class lifts the entry, then deletes', async () => {
      const a = p.insert({ node: LINT });
      const b = p.insert({ node: LINT });
      await dismissFinding(p.context(), a, { class: true }, { confirm: true });
      const ctx = p.context();
      // Not the last row of the class: DB only, no consent needed, the entry stays.
      await expect(deleteFinding(ctx, a)).resolves.toEqual({ outcome: 'deleted' });
      expect(suppressions()).toHaveLength(1);
      await expect(deleteFinding(ctx, b, { confirm: true })).resolves.toEqual({ outcome: 'deleted' });
      expect(suppressions()).toBeUndefined();
      expect(p.rows()).toEqual([]);
      expect((await ops(ctx)).filter((l) => l['op'] === 'findings.delete').map((l) => l['detail'])).toEqual([
        `id=${a}`,
        `id=${b}`,
      ]);
    });

    it('a refused consent for the lift aborts before the delete: row, sidecar and log unchanged', async () => {
      const id = p.insert({ node: LINT });
      await dismissFinding(p.context(), id, { class: true }, { confirm: true });
      const before = snapshot();
      const ctx = p.context();
      const err = await refusal(deleteFinding(ctx, id));
      expect(isEngineError(err, 'consent-required')).toBe(true);
      expect(snapshot()).toEqual(before);
      expect(await ops(ctx)).toEqual([]);
    });
  });
});
