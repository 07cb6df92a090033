import { createHash } from 'node:crypto';
import { chmodSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempTree, type TempTree } from '../../adapters/testing/temp-tree.js';
import { scanSources } from '../../kernel/index.js';
import { toSarifFix } from './sarif-fix.js';
import { applyFixPlans } from './apply.js';
import { planProjectFixes } from './fix-project.js';

const FILES = {
  'README.md': 'Start with [the guide](guide.md).\n',
  'docs/guide.md': '# Guide\n',
  '.claude/skills/pdf/SKILL.md': '---\nname: pdf-tools\ndescription: PDFs.\n---\nBody.\n',
};

let tree: TempTree;
beforeEach(() => {
  tree = createTempTree('sm-fixes-');
  tree.write(FILES);
});
afterEach(() => tree.remove());

const sha = (rel: string): string =>
  createHash('sha256')
    .update(readFileSync(tree.abs(rel)))
    .digest('hex');

/** Plans from a real kernel scan of the temp project's files as they are now. */
function planNow(files: Record<string, string> = FILES) {
  const sources = Object.entries(files).map(([path, text]) => ({
    path,
    text,
    bytes: Buffer.byteLength(text),
    modifiedAtMs: null,
  }));
  const { result } = scanSources(sources);
  return planProjectFixes({
    projectRoot: tree.root,
    issues: result.issues,
    links: result.links,
    paths: new Set(Object.keys(files)),
  });
}

describe('applyFixPlans over real files', () => {
  it('writes each fixed file once and answers its diff; the plan hashes are the bytes on disk', () => {
    const planned = planNow();
    expect(planned.plans.map((p) => [p.path, p.certain])).toEqual([
      ['.claude/skills/pdf/SKILL.md', true],
      ['README.md', true],
    ]);
    expect(planned.plans.map((p) => p.sha256)).toEqual([
      sha('.claude/skills/pdf/SKILL.md'),
      sha('README.md'),
    ]);
    const result = applyFixPlans(planned.plans, planned.files);
    expect(result.skipped).toEqual([]);
    expect(result.applied).toHaveLength(2);
    expect(readFileSync(tree.abs('README.md'), 'utf8')).toBe('Start with [the guide](docs/guide.md).\n');
    expect(readFileSync(tree.abs('.claude/skills/pdf/SKILL.md'), 'utf8')).toContain('\nname: pdf\n');
    expect(result.diffs.find((d) => d.path === 'README.md')?.diff).toBe(
      '--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-Start with [the guide](guide.md).\n+Start with [the guide](docs/guide.md).\n',
    );
  });

  it('a dry run changes no byte and answers the same diffs', () => {
    const before = [sha('README.md'), sha('.claude/skills/pdf/SKILL.md')];
    const planned = planNow();
    const result = applyFixPlans(planned.plans, planned.files, { dryRun: true });
    expect(result.applied).toHaveLength(2);
    expect(result.diffs.map((d) => d.path)).toEqual(['.claude/skills/pdf/SKILL.md', 'README.md']);
    expect([sha('README.md'), sha('.claude/skills/pdf/SKILL.md')]).toEqual(before);
  });

  it('a file edited between the plan and the apply is left untouched and reported; the others are fixed', () => {
    const planned = planNow();
    tree.write({ 'README.md': 'Start with [the guide](guide.md), edited.\n' });
    const result = applyFixPlans(planned.plans, planned.files);
    expect(result.skipped.map((s) => [s.plan.path, s.reason, s.message])).toEqual([
      ['README.md', 'changed', 'README.md changed since it was scanned: left untouched'],
    ]);
    expect(readFileSync(tree.abs('README.md'), 'utf8')).toBe('Start with [the guide](guide.md), edited.\n');
    expect(result.applied.map((p) => p.path)).toEqual(['.claude/skills/pdf/SKILL.md']);
  });

  it("a file whose bytes differ from the scan's hash is left untouched", () => {
    const planned = planNow();
    const result = applyFixPlans(planned.plans, planned.files, {
      scannedHashes: new Map([['README.md', '0'.repeat(64)]]),
    });
    expect(result.skipped.map((s) => [s.plan.path, s.reason])).toEqual([['README.md', 'changed']]);
    expect(readFileSync(tree.abs('README.md'), 'utf8')).toBe(FILES['README.md']);
  });

  it('suggestions are never applied', () => {
    const planned = planNow();
    const suggestions = planned.plans.map((p) => ({ ...p, certain: false }));
    const result = applyFixPlans(suggestions, planned.files);
    expect(result.applied).toEqual([]);
    expect(readFileSync(tree.abs('README.md'), 'utf8')).toBe(FILES['README.md']);
  });

  it('keeps the file mode; refuses to write through a symlink', () => {
    chmodSync(tree.abs('README.md'), 0o755);
    const planned = planNow();
    applyFixPlans(planned.plans, planned.files);
    expect(statSync(tree.abs('README.md')).mode & 0o777).toBe(0o755);

    tree.write({ 'real.md': 'See [g](guide.md).\n' });
    symlinkSync(tree.abs('real.md'), tree.abs('link.md'));
    const linked = planNow({ 'link.md': 'See [g](guide.md).\n', 'docs/guide.md': '# Guide\n' });
    const result = applyFixPlans(linked.plans, linked.files);
    expect(result.skipped.map((s) => s.reason)).toEqual(['unwritable']);
    expect(readFileSync(tree.abs('real.md'), 'utf8')).toBe('See [g](guide.md).\n');
  });

  it('toSarifFix: regions in 1-based line/column, end exclusive', () => {
    const planned = planNow();
    const readme = planned.plans.find((p) => p.path === 'README.md')!;
    expect(toSarifFix(readme, FILES['README.md'])).toEqual({
      description: { text: "Write 'docs/guide.md' instead of 'guide.md'" },
      artifactChanges: [
        {
          artifactLocation: { uri: 'README.md', uriBaseId: '%SRCROOT%' },
          replacements: [
            {
              deletedRegion: { startLine: 1, startColumn: 24, endLine: 1, endColumn: 32 },
              insertedContent: { text: 'docs/guide.md' },
            },
          ],
        },
      ],
      properties: { certain: true, basis: 'file-name' },
    });
  });
});
