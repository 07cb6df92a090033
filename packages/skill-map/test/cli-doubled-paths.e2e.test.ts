// The BUILT `sm` bin naming link targets: what was authored and where it was looked for, each path once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isBuilt, runSm } from './support/sm-bin.js';

let tree: TempTree;

/** Root-relative paths written inside a sub-folder: their file-relative join doubles the folder. */
beforeAll(() => {
  if (!isBuilt()) return;
  tree = createTempTree('sm-e2e-paths-');
  tree.write({
    'docs/plans/plan.md':
      '# Plan\nSee `docs/plans/metrics.md`, `docs/plans/gone.md`, [md](docs/plans/gone2.md) and [rel](./nope.md).\n',
    'docs/plans/metrics.md': '# Metrics\n',
    'skills/brain/SKILL.md': '---\nname: brain\ndescription: B\n---\nUse `skills/brain/companion.md`.\n',
    'skills/brain/companion.md': '# Companion\n',
  });
  expect(runSm(['scan', '-q'], { cwd: tree.root }).code).toBe(1);
});
afterAll(() => tree?.remove());

describe.skipIf(!isBuilt())('messages print each path once (built bin)', () => {
  it('sm check: a broken link names the path as authored and the folders it was looked in', () => {
    // The points mention is info, which the text output shows only when --severity selects it.
    const run = runSm(['check', '--severity', 'error,warn,info'], { cwd: tree.root });
    expect(run.stdout).not.toContain('docs/plans/docs/plans');
    expect(run.stdout).toContain(
      "Unresolved points mention 'docs/plans/gone.md': no such file relative to docs/plans/ or the project root",
    );
    expect(run.stdout).toContain(
      "Broken references link 'docs/plans/gone2.md': no such file relative to docs/plans/",
    );
    expect(run.stdout).toContain("Broken references link './nope.md': no such file at docs/plans/nope.md");
  });

  it('sm show: a link that resolves through the root fallback prints the resolved path once', () => {
    const skill = runSm(['show', 'skills/brain/SKILL.md', '-q'], { cwd: tree.root });
    expect(skill.stdout).not.toContain('skills/brain/skills/brain');
    expect(skill.stdout).toMatch(/^ {2}points +skills\/brain\/companion\.md +confidence 1, line 5$/m);
    const plan = runSm(['show', 'docs/plans/plan.md', '-q'], { cwd: tree.root });
    expect(plan.stdout).not.toContain('docs/plans/docs/plans');
    expect(plan.stdout).toMatch(/^ {2}points +docs\/plans\/metrics\.md +confidence 1, line 2$/m);
    expect(plan.stdout).toMatch(/^ {2}references +\.\/nope\.md {2}\(unresolved\)/m);
  });
});
