import { createHash } from 'node:crypto';
import type { Issue, Link, Node, ScanResult } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../analyze-file.js';
import { buildGraph } from '../build-graph.js';
import { createFileContext } from '../context.js';
import { detectLens } from '../lens.js';
import type { FileRecord, GraphContext } from '../types.js';
import { buildGraphIncremental } from './incremental.js';
import { isPatchRefusal, patchRecords, type RecordPatch } from './record-patch.js';
import { resolutionIndexOfState } from './resolution-index.js';
import { canonicalGraph, HARNESS_PROJECT, LINK_SNIPPETS } from '../testing/harness-project.js';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

/** What the store does with a patch: drop the record's links and its link-level and own issues, add the new ones. */
function applyPatch(
  before: ScanResult,
  prev: FileRecord,
  patch: RecordPatch,
): Pick<ScanResult, 'nodes' | 'links' | 'issues'> {
  const path = prev.path;
  const removed = new Set<number>();
  const delta = new Map<string, number>();
  const bump = (to: string | null | undefined, by: number): void => {
    if (to) delta.set(to, (delta.get(to) ?? 0) + by);
  };
  const links: Link[] = [];
  const moved = new Map<number, number>();
  before.links.forEach((link, i) => {
    if (link.source === path) {
      removed.add(i);
      bump(link.resolvedTarget, -1);
    } else {
      moved.set(i, links.length);
      links.push(link);
    }
  });
  const offset = links.length;
  for (const link of patch.links) {
    bump(link.resolvedTarget, 1);
    links.push(link);
  }
  const own = new Set((prev.issues ?? []).map((i) => JSON.stringify(i)));
  const issues: Issue[] = [];
  for (const issue of before.issues) {
    if (issue.linkIndices?.some((i) => removed.has(i)) || own.has(JSON.stringify(issue))) continue;
    issues.push(
      issue.linkIndices ? { ...issue, linkIndices: issue.linkIndices.map((i) => moved.get(i)!) } : issue,
    );
  }
  for (const issue of patch.issues)
    issues.push(
      issue.linkIndices ? { ...issue, linkIndices: issue.linkIndices.map((i) => i + offset) } : issue,
    );
  const nodes = before.nodes.map((n): Node => {
    if (n.path === path) return { ...patch.nodes[0]!, linksInCount: n.linksInCount + (delta.get(path) ?? 0) };
    const d = delta.get(n.path) ?? 0;
    return d === 0 ? n : { ...n, linksInCount: n.linksInCount + d };
  });
  return { nodes, links, issues };
}

describe('patchRecords', () => {
  const settings = {};
  const lens = detectLens(Object.keys(HARNESS_PROJECT), settings);
  const fileCtx = createFileContext(lens, settings, { hash: sha });
  const analyze = (path: string, text: string): FileRecord =>
    analyzeFile({ path, text, bytes: Buffer.byteLength(text), modifiedAtMs: 1 }, fileCtx);
  const ctx: GraphContext = { lens, settings, existingPaths: new Set(Object.keys(HARNESS_PROJECT)) };

  it('gives, merged into the stored graph, exactly a full build after every one-file edit', () => {
    let checked = 0;
    for (const [path, text] of Object.entries(HARNESS_PROJECT)) {
      for (const snippet of LINK_SNIPPETS) {
        const records = new Map(Object.entries(HARNESS_PROJECT).map(([p, t]) => [p, analyze(p, t)]));
        const before = buildGraphIncremental([...records.values()], ctx, null);
        const index = JSON.parse(JSON.stringify(resolutionIndexOfState(before.state))) as ReturnType<
          typeof resolutionIndexOfState
        >;
        const prev = records.get(path)!;
        const next = analyze(path, text + snippet);
        records.set(path, next);
        const patch = patchRecords(index, [{ prev, next }], ctx);
        if (isPatchRefusal(patch)) continue;
        checked++;
        const full = buildGraph([...records.values()], ctx);
        expect(canonicalGraph(applyPatch(before.result, prev, patch)), `${path} +${snippet}`).toEqual(
          canonicalGraph(full),
        );
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('refuses changes that alter what other records resolve against, and other contexts', () => {
    const records = Object.entries(HARNESS_PROJECT).map(([p, t]) => analyze(p, t));
    const index = resolutionIndexOfState(buildGraphIncremental(records, ctx, null).state);
    const prev = records.find((r) => r.path === '.claude/agents/helper.md')!;
    const renamed = analyze(prev.path, '---\nname: assistant\n---\nHelps.\n');
    expect(patchRecords(index, [{ prev, next: renamed }], ctx)).toEqual({
      refused: "'.claude/agents/helper.md' changed the names it answers to (helper → assistant, helper)",
    });
    const edited = analyze(prev.path, '---\nname: helper\n---\nHelps more.\n');
    expect(isPatchRefusal(patchRecords(index, [{ prev, next: edited }], ctx))).toBe(false);
    expect(patchRecords(index, [{ prev, next: edited }], { ...ctx, settings: { strict: true } })).toEqual({
      refused: 'the lens, settings or walk facts changed',
    });
    const disabled = { ...ctx, settings: { disabledAnalyzers: ['core/name-collision'] } };
    expect(patchRecords(index, [{ prev, next: edited }], disabled)).toEqual({
      refused: 'the lens, settings or walk facts changed',
    });
  });

  it('refuses a change while any file carries inline suppressions, or when a change adds some', () => {
    const records = Object.entries(HARNESS_PROJECT).map(([p, t]) => analyze(p, t));
    const index = resolutionIndexOfState(buildGraphIncremental(records, ctx, null).state);
    const prev = records.find((r) => r.path === '.claude/agents/helper.md')!;
    const directive = analyze(
      prev.path,
      '---\nname: helper\n---\n<!-- sm-disable-next-line reference-broken -- later -->\nSee [x](x.md).\n',
    );
    expect(patchRecords(index, [{ prev, next: directive }], ctx)).toEqual({
      refused: "'.claude/agents/helper.md' has inline suppressions",
    });
    const withInline = resolutionIndexOfState(
      buildGraphIncremental(
        records.map((r) => (r.path === prev.path ? directive : r)),
        ctx,
        null,
      ).state,
    );
    const stored = JSON.parse(JSON.stringify(withInline)) as typeof withInline;
    expect(stored.inline).toEqual(['.claude/agents/helper.md']);
    const other = records.find((r) => r.path !== prev.path && r.node !== null)!;
    expect(patchRecords(stored, [{ prev: other, next: analyze(other.path, '# edited\n') }], ctx)).toEqual({
      refused: "'.claude/agents/helper.md' has inline suppressions",
    });
  });
});
