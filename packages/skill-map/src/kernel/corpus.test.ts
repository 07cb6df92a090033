// Real corpora, read IN PLACE from the folder SM_CORPORA names (never copied into the repo); skipped without it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { createSpecValidator } from '@skill-map/spec/testing';
import { corporaDir } from '../adapters/testing/corpora.js';
import { toSpecScanResult, type ScanResult } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { isCandidatePath } from './analyze-file.js';
import { scanSources, type ScanSourcesResult } from './scan.js';
import type { SourceFile } from './types.js';

const CORPORA = corporaDir();
const validator = createSpecValidator();

/** Test-only corpus reader: walks with node:fs (skipping .git and node_modules), reads candidates, hashes bytes. */
function readCorpus(name: string): { walked: string[]; sources: SourceFile[] } {
  // Skipped suites are still collected: without corpora they collect over an empty project.
  if (CORPORA === undefined) return { walked: [], sources: [] };
  const root = join(CORPORA, name);
  const walked: string[] = [];
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name !== '.git' && entry.name !== 'node_modules') visit(join(dir, entry.name));
      } else if (entry.isFile()) walked.push(relative(root, join(dir, entry.name)).split(sep).join('/'));
    }
  };
  visit(root);
  walked.sort();
  const sources = walked.filter(isCandidatePath).map((path) => {
    const buf = readFileSync(join(root, path));
    return {
      path,
      text: buf.toString('utf8'),
      bytes: buf.length,
      modifiedAtMs: null,
      contentHash: createHash('sha256').update(buf).digest('hex'),
    };
  });
  return { walked, sources };
}

function scanCorpus(name: string): ScanSourcesResult & { walked: string[] } {
  const { walked, sources } = readCorpus(name);
  const hash = (t: string): string => createHash('sha256').update(t, 'utf8').digest('hex');
  return { ...scanSources(sources, {}, { hash, walkedPaths: walked }), walked };
}

function tally(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

function expectSchemaValid(result: ScanResult): void {
  expect(validator.validate('scanResult', toSpecScanResult(result))).toEqual({ ok: true });
  const bad = [
    ...result.nodes.filter((n) => !validator.validate('node', n).ok).map((n) => n.path),
    ...result.links.filter((l) => !validator.validate('link', l).ok).map((l) => `${l.source}->${l.target}`),
    ...result.issues.filter((i) => !validator.validate('issue', i).ok).map((i) => i.message),
  ];
  expect(bad).toEqual([]);
}

describe.skipIf(CORPORA === undefined)('corpus: anthropics-skills (Claude plugin marketplace)', () => {
  const { lens, result, walked } = scanCorpus('anthropics-skills');

  it('picks the claude lens from the plugin marketplace manifest', () => {
    expect(lens).toMatchObject({
      provider: 'claude',
      status: 'detected',
      markers: ['.claude-plugin/'],
      pluginRoots: [''],
    });
    expect(walked).toHaveLength(415);
  });

  it('maps every SKILL.md to a skill', () => {
    expect(tally(result.nodes.map((n) => `${n.provider}:${n.kind}`))).toEqual({
      'plugin:skill': 17,
      'plugin:marketplace': 1,
      'agent-skills:skill': 1,
      'core/markdown:markdown': 93,
    });
    expect(result.nodes.filter((n) => n.path.endsWith('/SKILL.md')).every((n) => n.kind === 'skill')).toBe(
      true,
    );
  });

  it('has the expected node, link and issue counts', () => {
    expect(result.stats).toMatchObject({
      filesWalked: 415,
      filesAnalyzed: 112,
      nodesCount: 112,
      linksCount: 231,
      issuesCount: 4,
    });
    expect(
      tally(
        result.links.map(
          (l) => `${l.kind} ${l.sources.join('+')} ${l.resolvedTarget === null ? 'unresolved' : 'resolved'}`,
        ),
      ),
    ).toEqual({
      'points core/backtick-path resolved': 171,
      'points core/backtick-path unresolved': 9,
      'references core/markdown-link resolved': 27,
      'references core/markdown-link unresolved': 2,
      'invokes core/backtick-slash resolved': 2,
      'invokes core/backtick-slash unresolved': 3,
      'references core/plugin-manifest resolved': 17,
    });
    expect(tally(result.issues.map((i) => `${i.severity} ${i.analyzerId}`))).toEqual({
      // Every broken link on this corpus is a mention (read by hand: test/labelled/anthropics-skills.json).
      'info reference-broken': 3,
      'warn name-mismatch': 1,
    });
  });

  it('contains known links: skill-root paths, runtime built-ins, no code-only self-invocations', () => {
    const find = (source: string, target: string) =>
      result.links.find((l) => l.source === source && l.target === target);
    expect(
      find(
        'skills/claude-api/csharp/claude-api/README.md',
        'skills/claude-api/csharp/claude-api/shared/live-sources.md',
      ),
    ).toMatchObject({
      kind: 'points',
      resolvedTarget: 'skills/claude-api/shared/live-sources.md',
      confidence: 1,
    });
    expect(find('README.md', '/plugin')).toMatchObject({
      kind: 'invokes',
      resolvedTarget: null,
      confidence: 1,
      sources: ['core/backtick-slash'],
    });
    // The skill shows its own invocation in code (lines 53 and 401): it documents itself, no edge and no issue.
    expect(find('skills/claude-api/SKILL.md', '/claude-api')).toBeUndefined();
    expect(result.links.filter((l) => l.source === l.resolvedTarget)).toEqual([]);
    expect(result.issues.some((i) => i.analyzerId === 'link-self-loop')).toBe(false);
  });

  it('contains known issues', () => {
    expect(result.issues.find((i) => i.analyzerId === 'name-mismatch')).toEqual({
      analyzerId: 'name-mismatch',
      severity: 'warn',
      nodeIds: ['template/SKILL.md'],
      message: "frontmatter name 'template skill' does not match the dirname 'template'",
      data: { name: 'template skill', expected: 'template', via: 'dirname' },
    });
    expect(
      result.issues.find((i) => i.analyzerId === 'reference-broken' && i.nodeIds[0] === 'README.md'),
    ).toMatchObject({
      severity: 'info',
      message:
        "Unresolved points mention 'SKILL.md': no such file relative to the project root (it names a kind of file or the host project's own, not a path)",
      data: { target: 'SKILL.md', kind: 'points', reason: 'generic-name' },
    });
    // Every unresolved path link is penalised, reported (3, at info) or not (6 in fenced code); an example's
    // (`e.g., Ruby has no `batches.md``) is dropped.
    expect(result.links.filter((l) => l.resolvedTarget === null && l.confidence === 0.25)).toHaveLength(9);
  });

  it('produces schema-valid nodes, links, issues and ScanResult', () => expectSchemaValid(result));
});

describe.skipIf(CORPORA === undefined)('corpus: obra-superpowers (multi-host plugin)', () => {
  const { lens, result } = scanCorpus('obra-superpowers');

  it('picks opencode (a strong .opencode/ marker beats the plugin manifests)', () => {
    expect(lens).toMatchObject({ provider: 'opencode', status: 'detected', pluginRoots: [''] });
    expect(lens.markers).toEqual([
      '.agents/',
      '.claude-plugin/',
      '.codex-plugin/',
      '.cursor-plugin/',
      '.opencode/',
    ]);
  });

  it('has the expected node, link and issue counts', () => {
    expect(tally(result.nodes.map((n) => `${n.provider}:${n.kind}`))).toEqual({
      'plugin:skill': 14,
      'plugin:marketplace': 1,
      'plugin:plugin': 3,
      'plugin:settings': 1,
      'core/markdown:markdown': 75,
    });
    expect(result.stats).toMatchObject({
      filesWalked: 180,
      filesAnalyzed: 94,
      nodesCount: 94,
      linksCount: 367,
      issuesCount: 118,
    });
    expect(
      tally(
        result.links.map(
          (l) => `${l.kind} ${l.sources.join('+')} ${l.resolvedTarget === null ? 'unresolved' : 'resolved'}`,
        ),
      ),
    ).toEqual({
      'invokes core/plugin-skill resolved': 54,
      'points core/backtick-path resolved': 134,
      'points core/backtick-path unresolved': 163,
      'references core/markdown-link resolved': 11,
      'invokes core/backtick-slash unresolved': 2,
      'references core/plugin-manifest unresolved': 3,
    });
    expect(tally(result.issues.map((i) => `${i.severity} ${i.analyzerId}`))).toEqual({
      // No error: every broken link is a mention in docs, plans or release notes, or in fenced code (silent); the
      // two `../requesting-code-review/code-reviewer.md` in a plan quote a skill's own path to a file it ships (info).
      'info reference-broken': 104,
      'warn backtick-unbalanced': 9,
      'info node-unreachable': 5,
    });
  });

  it('resolves plugin-qualified skill triggers through the plugin manifest name', () => {
    const link = result.links.find(
      (l) => l.source === 'CLAUDE.md' && l.target === 'superpowers:writing-skills',
    );
    expect(link).toMatchObject({
      kind: 'invokes',
      resolvedTarget: 'skills/writing-skills/SKILL.md',
      confidence: 1,
      sources: ['core/plugin-skill'],
    });
    expect(
      result.nodes.find((n) => n.path === 'skills/subagent-driven-development/SKILL.md')?.linksInCount,
    ).toBeGreaterThan(10);
  });

  it('contains known issues', () => {
    // A path in fenced code next to a link to the same file is no kind conflict (it was the only one reported).
    expect(result.issues.find((i) => i.analyzerId === 'link-kind-conflict')).toBeUndefined();
    expect(
      result.issues.filter((i) => i.analyzerId === 'backtick-unbalanced').map((i) => [i.nodeIds[0], i.data]),
    ).toEqual([
      // Seven plans show a ```bash block inside a ```markdown block: its closer ends the outer block (issue 25).
      ...(
        [
          ['docs/plans/2025-11-22-opencode-support-implementation.md', 780],
          ['docs/plans/2025-11-28-skills-improvements-from-user-feedback.md', 239],
          ['docs/plans/2026-01-17-visual-brainstorming.md', 424],
          ['docs/superpowers/plans/2026-02-19-visual-brainstorming-refactor.md', 448],
          ['docs/superpowers/plans/2026-03-23-codex-app-compatibility.md', 45],
          ['docs/superpowers/plans/2026-04-06-worktree-rototill.md', 233],
          ['docs/superpowers/plans/2026-05-06-lift-drill-into-evals.md', 554],
        ] as const
      ).map(([path, line]) => [path, { line, column: 1, fences: 1, spans: 0 }]),
      [
        'docs/superpowers/plans/2026-07-15-sdd-fix-loop-redesign.md',
        { line: 173, column: expect.any(Number), fences: 0, spans: 1 },
      ],
      [
        'docs/superpowers/specs/2026-04-06-worktree-rototill-design.md',
        { line: 320, column: expect.any(Number), fences: 0, spans: 1 },
      ],
    ]);
    expect(result.issues.find((i) => i.nodeIds[0] === 'CLAUDE.md')).toMatchObject({
      analyzerId: 'reference-broken',
      data: { target: 'evals/README.md' },
    });
  });

  it('produces schema-valid nodes, links, issues and ScanResult', () => expectSchemaValid(result));
});
