import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachTest, STORES } from '../../adapters/testing/per-store.js';
import { rmSync } from 'node:fs';
import { findingsView, listFindings } from './index.js';
import { findingsProjectsOn, LINT, REVIEWER, TEST } from './testing/findings-project.js';
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

  describe('listFindings (MCP semantics)', () => {
    it('derives staleness from the live body hash: an edited file turns its findings stale after a rescan', async () => {
      const a = p.insert({ node: LINT });
      const b = p.insert({ node: TEST });
      const ctx = p.context();
      expect(listFindings(ctx).map((f) => [f.id, f.stale])).toEqual([
        [a, false],
        [b, false],
      ]);
      p.tree.write({ [LINT]: '---\nname: lint\ndescription: Lints.\n---\n# Lint\nRun the linter twice.\n' });
      expect(listFindings(ctx).map((f) => f.id)).toEqual([a, b]); // not rescanned yet: nothing changed
      await p.rescan();
      expect(listFindings(ctx).map((f) => f.id)).toEqual([b]);
      const all = listFindings(ctx, { includeStale: true });
      expect(all.map((f) => [f.id, f.stale])).toEqual([
        [a, true],
        [b, false],
      ]);
    });

    it('a finding of a node that is gone is stale', async () => {
      const id = p.insert({ node: REVIEWER });
      rmSync(p.tree.abs(REVIEWER));
      await p.rescan();
      expect(listFindings(p.context())).toEqual([]);
      expect(listFindings(p.context(), { includeStale: true })).toMatchObject([{ id, stale: true }]);
    });

    it('filters by node and by qualified or bare extension, ordered by node, extension, id', () => {
      const t1 = p.insert({ node: TEST, extension: 'core/b-finder' });
      const l2 = p.insert({ node: LINT, extension: 'core/b-finder' });
      const l1 = p.insert({ node: LINT, extension: 'core/a-finder' });
      const l3 = p.insert({ node: LINT, extension: 'core/a-finder', type: 'other' });
      const ctx = p.context();
      expect(listFindings(ctx).map((f) => f.id)).toEqual([l1, l3, l2, t1]);
      expect(listFindings(ctx, { node: LINT }).map((f) => f.id)).toEqual([l1, l3, l2]);
      expect(listFindings(ctx, { extension: 'b-finder' }).map((f) => f.id)).toEqual([l2, t1]);
      expect(listFindings(ctx, { extension: 'core/b-finder', node: TEST }).map((f) => f.id)).toEqual([t1]);
      expect(listFindings(ctx, { extension: 'finder' })).toEqual([]); // a bare id matches a whole last segment only
      expect(listFindings(ctx, { extension: 'other/b-finder' })).toEqual([]);
    });

    it('returns fixed and dismissed rows too (no lens), with every column', () => {
      const id = p.insert({ node: LINT, resolution: 'dismissed', severity: 'error', message: 'm' });
      expect(listFindings(p.context())).toEqual([
        expect.objectContaining({
          id,
          nodeId: LINT,
          extensionId: 'core/lint-finder',
          origin: 'extension',
          type: 'vague-step',
          severity: 'error',
          message: 'm',
          resolution: 'dismissed',
          resolutionActor: 'human',
          jobId: 'j-test',
          stale: false,
        }),
      ]);
    });

    it('no database: an empty list; a bad filter is refused naming it', (ctx) => {
      if (store !== 'SQLite') return ctx.skip(); // a server database has no file to lose
      rmSync(p.dbPath);
      expect(listFindings(p.context())).toEqual([]);
      expect(() => listFindings(p.context(), { extension: '' })).toThrow(
        /extension must be a non-empty string/,
      );
    });
  });

  describe('findingsView (CLI default view)', () => {
    it('shows open, human-decision and stale findings; hides dismissed and fixed, counting them', () => {
      const open = p.insert({ node: LINT });
      const human = p.insert({ node: LINT, resolution: 'human-decision' });
      p.insert({ node: LINT, resolution: 'fixed' });
      p.insert({ node: LINT, resolution: 'dismissed' });
      const stale = p.insert({ node: TEST, bodyHash: 'old' });
      const view = findingsView(p.context());
      expect(view.findings.map((f) => [f.id, f.stale])).toEqual([
        [open, false],
        [human, false],
        [stale, true],
      ]);
      expect(view).toMatchObject({ dismissedExcluded: 1, fixedExcluded: 1 });
      const everything = findingsView(p.context(), { dismissed: true, fixed: true });
      expect(everything.findings).toHaveLength(5);
      expect(everything).toMatchObject({ dismissedExcluded: 0, fixedExcluded: 0 });
      expect(findingsView(p.context(), { stale: true }).findings.map((f) => f.id)).toEqual([stale]);
    });

    it('a class suppression in the node sidecar hides the class at read time without deleting rows', async () => {
      const covered = p.insert({ node: LINT, type: 'vague-step' });
      const other = p.insert({ node: LINT, type: 'missing-example' });
      const elsewhere = p.insert({ node: TEST, type: 'vague-step' });
      const safety = p.insert({
        node: LINT,
        extension: 'kernel/safety',
        origin: 'kernel',
        type: 'content-suspicious',
      });
      p.tree.write({
        '.claude/skills/lint/SKILL.sm':
          'annotations:\n  suppressions:\n    - extension: lint-finder\n      type: vague-step\n    - extension: kernel/safety\n',
      });
      await p.rescan();
      const view = findingsView(p.context());
      expect(view.findings.map((f) => f.id)).toEqual([other, safety, elsewhere]);
      expect(view.dismissedExcluded).toBe(1);
      const shown = findingsView(p.context(), { dismissed: true, node: LINT });
      expect(shown.findings.map((f) => [f.id, f.suppressed])).toEqual([
        [covered, true],
        [other, false],
        [safety, false],
      ]);
      expect(p.rows()).toHaveLength(4);
    });

    it('an unknown node with no findings is not found; a known node with none is an empty view', () => {
      expect(() => findingsView(p.context(), { node: 'nope.md' })).toThrow(/no node at 'nope.md'/);
      expect(findingsView(p.context(), { node: LINT })).toEqual({
        findings: [],
        dismissedExcluded: 0,
        fixedExcluded: 0,
      });
    });
  });
});
