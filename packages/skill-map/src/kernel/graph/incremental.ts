// The incremental graph stage for a long-running process (watcher, `sm serve`): given the state of the previous
// build and the current records, it re-resolves only the links of the records that changed, when the change cannot
// affect anything else, and falls back to a full build otherwise. Its result is identical to `buildGraph`'s (the
// randomized equivalence test in incremental.test.ts checks it after every edit).
//
// The fast path holds when: the context is the same (lens, settings, walk facts that feed issues, the set of
// existing paths), the record paths are the same, and every changed record is a node record whose graph identity is
// unchanged (kind, provider, identifiers; no virtual nodes, plugin names or sidecar; no sidecar suppressions on it).
// Then no other record's links can resolve differently: only the changed records' own links are re-resolved, the
// link counts of the nodes they reach are adjusted, and the link-level issues of their runs are recomputed (the other
// issues are kept, their link indices shifted).
import { ARCHIVED } from '../analyzers/reference-deprecated.js';
import type { Issue, Link, Node } from '@skill-map/spec';
import {
  applyInline,
  buildGraphState,
  compareIssues,
  composeResult,
  overlaidNode,
  runAnalyzers,
  sortedRecords,
  type GraphBuild,
} from '../build-graph.js';
import { activeProviderIds } from '../context.js';
import type { FileRecord, GraphContext } from '../types.js';
import type { GraphView } from '../analyzers/analyzer.js';
import { createIssueSink } from './issue-sink.js';
import { runWhole, WHOLE_SHORT, wholeStale as wholeStaleOf } from './incremental-whole.js';
import type { PairRuns } from './pair-runs.js';
import {
  contextKey,
  graphIdentityChange,
  lowerBound,
  runOf,
  LINK_ANALYZERS,
  sameSet,
  unpatchableAnalyzer,
  inlineMove,
  withInlinePaths,
} from './incremental-support.js';
import type { GraphState, IncrementalGraph } from './incremental-state.js';
import { prepareRecord } from './prepared.js';
import { LinkResolver } from './resolve-links.js';

export type { GraphState, IncrementalGraph } from './incremental-state.js';

/** Past this many changed records a full build is as cheap. */
const MAX_CHANGED = 256;

export { LINK_ANALYZERS } from './incremental-support.js';
const STABILITY = new Set(['core/node-stability', 'core/reference-deprecated']);
const STABILITY_SHORT = new Set(['node-stability', 'reference-deprecated']);

/**
 * {@link buildGraph} for a long-running process: pass the records (all of them, any order) and the previous state; the
 * result equals `buildGraph(records, ctx)`. Records must not be mutated once passed (unchanged files keep their record
 * objects; a changed file gets a new one). The previous state is consumed. The result shares unchanged nodes, links
 * and issues (read-only) with the previous result and never mutates it.
 */
export function buildGraphIncremental(
  records: readonly FileRecord[],
  ctx: GraphContext,
  previous?: GraphState | null,
): IncrementalGraph {
  const key = contextKey(ctx);
  let reason = 'there is no previous build';
  if (previous !== undefined && previous !== null) {
    const patched = patch(previous, records, ctx, key);
    if (typeof patched !== 'string') return patched;
    reason = patched;
  }
  return fromBuild(buildGraphState(records, ctx), ctx, key, reason);
}

function fromBuild(build: GraphBuild, ctx: GraphContext, key: string, reason: string): IncrementalGraph {
  const { result, graph, resolved, oracle } = build;
  const state: GraphState = {
    result,
    raw: build.raw,
    sidecarSuppressed: build.sidecarSuppressed,
    // Our own copy: the caller may reuse (and overwrite) the array it passed.
    ordered: build.ordered.slice(),
    graph,
    runs: resolved.runs,
    runSources: resolved.runSources,
    oracle,
    contextKey: key,
    existingPaths: ctx.existingPaths,
  };
  return { result, state, mode: 'full', reason };
}

const nodePath = (n: Node): string => n.path;

/** The patched build, or why it does not apply (the caller then builds in full). */
function patch(
  prev: GraphState,
  records: readonly FileRecord[],
  ctx: GraphContext,
  key: string,
): IncrementalGraph | string {
  if (prev.contextKey !== key) return 'the lens, settings or walk facts changed';
  if (!sameSet(prev.existingPaths, ctx.existingPaths)) return 'files were added, removed or renamed';
  const ordered = sortedRecords(records);
  const old = prev.ordered;
  if (ordered.length !== old.length) return 'files were added or removed';
  const changed: number[] = [];
  for (let i = 0; i < ordered.length; i++) {
    const next = ordered[i]!;
    const before = old[i]!;
    if (next === before) continue;
    if (next.path !== before.path) return 'files were added, removed or renamed';
    const change = graphIdentityChange(before, next, prev.graph, i);
    if (change !== null) return change;
    if ((i > 0 && ordered[i - 1]!.path === next.path) || ordered[i + 1]?.path === next.path)
      return `two records share the path '${next.path}'`;
    changed.push(i);
    if (changed.length > MAX_CHANGED) return `more than ${MAX_CHANGED} files changed`;
  }
  const unknown = unpatchableAnalyzer(ctx);
  if (unknown !== null) return unknown;
  const inlineChange = inlineMove(changed.map((i) => [old[i]!, ordered[i]!]));
  const g = prev.graph;
  const res0 = prev.result;
  const active = activeProviderIds(ctx.lens);
  // 1. The changed records' new runs, merged with the previous runs in path order.
  const fresh = new Map<string, LinkResolver>();
  for (const i of changed) {
    const record = ordered[i]!;
    if (record.links === undefined || record.links.length === 0) continue;
    const resolver = new LinkResolver(g, active, prev.oracle, record.links.length);
    resolver.add(record, prepareRecord(record), g.recordNodes[i]!, false);
    fresh.set(record.path, resolver);
  }
  const changedPaths = changed.map((i) => ordered[i]!.path);
  // Pieces of the new link list in order: ranges of the previous list (unchanged runs) and fresh runs.
  const pieces: (readonly [number, number] | LinkResolver)[] = [];
  let length = 0;
  let keepFrom = -1;
  const flush = (to: number): void => {
    if (keepFrom >= 0 && to > keepFrom) pieces.push([keepFrom, to]);
    keepFrom = -1;
  };
  const runs: number[] = [0];
  const runSources: string[] = [];
  const freshRuns: { run: number; start: number; resolver: LinkResolver }[] = [];
  const shift = new Array<number>(prev.runSources.length).fill(0);
  const droppedRun = new Array<boolean>(prev.runSources.length).fill(false);
  const prevRun = new Map<string, readonly [number, number]>();
  const outCounts = new Map<string, number>();
  const inDelta = new Map<string, number>();
  const bump = (path: string | null | undefined, by: number): void => {
    if (path !== null && path !== undefined) inDelta.set(path, (inDelta.get(path) ?? 0) + by);
  };
  const emitFresh = (path: string, at: number): void => {
    const resolver = fresh.get(path);
    const n = resolver?.n ?? 0;
    outCounts.set(path, n);
    if (resolver === undefined || n === 0) return;
    flush(at);
    pieces.push(resolver);
    for (let j = 0; j < n; j++) bump(resolver.links[j]!.resolvedTarget, 1);
    freshRuns.push({ run: runs.length - 1, start: length, resolver });
    length += n;
    runSources.push(path);
    runs.push(length);
  };
  let c = 0;
  for (let r = 0; r < prev.runSources.length; r++) {
    const source = prev.runSources[r]!;
    const start = prev.runs[r]!;
    const end = prev.runs[r + 1]!;
    while (c < changedPaths.length && changedPaths[c]! < source) emitFresh(changedPaths[c++]!, start);
    if (c < changedPaths.length && changedPaths[c] === source) {
      droppedRun[r] = true;
      prevRun.set(source, [start, end]);
      for (let j = start; j < end; j++) bump(res0.links[j]!.resolvedTarget, -1);
      flush(start);
      emitFresh(changedPaths[c++]!, start);
      continue;
    }
    if (keepFrom < 0) keepFrom = start;
    shift[r] = length - start;
    length += end - start;
    runSources.push(source);
    runs.push(length);
  }
  const last = prev.runs[prev.runs.length - 1]!;
  while (c < changedPaths.length) emitFresh(changedPaths[c++]!, last);
  flush(last);
  const links = new Array<Link>(length);
  let w = 0;
  for (const piece of pieces) {
    const [from, to, source] =
      piece instanceof LinkResolver ? [0, piece.n, piece.links] : [piece[0], piece[1], res0.links];
    for (let j = from; j < to; j++) links[w++] = source[j]!;
  }
  const view = { broken: [] as number[], selfLoops: [] as number[], reservedLinks: [] as number[] };
  const pairs: PairRuns = { kindPairRuns: [], redundantPairRuns: [] };
  for (const { run, start, resolver } of freshRuns) {
    resolver.flagRun(links, start, run, view, pairs);
  }
  // 2. Nodes: the changed ones rebuilt, the ones whose incoming count moved cloned with the new count.
  const nodes = res0.nodes.slice();
  const changedSet = new Set(changedPaths);
  for (const i of changed) {
    const record = ordered[i]!;
    // A changed file without a node (MCP config, plugin manifest, ignored file) changes only its own issues.
    if (record.node === null) continue;
    const at = lowerBound(nodes, record.path, nodePath);
    const before = nodes[at]!;
    const node = overlaidNode(record, g);
    node.linksOutCount = outCounts.get(record.path) ?? 0;
    node.linksInCount = before.linksInCount + (inDelta.get(record.path) ?? 0);
    nodes[at] = node;
  }
  for (const [path, delta] of inDelta) {
    if (delta === 0 || changedSet.has(path)) continue;
    const at = lowerBound(nodes, path, nodePath);
    const clone: Node = Object.assign({}, nodes[at]!);
    clone.linksInCount += delta;
    nodes[at] = clone;
  }
  // 3. Issues: drop the changed records' own and their runs' link issues, shift the rest, recompute the dropped ones.
  const stale = new Set<Issue>();
  for (const i of changed) for (const issue of old[i]!.issues ?? []) stale.add(issue);
  // node-stability and reference-deprecated re-run whole while a node is deprecated or archived.
  const stability =
    [...g.sidecars.values()].some((sc) => sc.annotations?.['stability'] === 'deprecated') ||
    g.nodes.some((n) => ARCHIVED.test(n.path));
  // The whole-graph checks re-run only when a changed record shows them something new (see Analyzer.wholeGraph).
  const wholeStale = wholeStaleOf(
    changed.map((i) => {
      const run = prevRun.get(ordered[i]!.path);
      const resolver = fresh.get(ordered[i]!.path);
      return {
        before: old[i]!,
        after: ordered[i]!,
        linksBefore: run === undefined ? [] : res0.links.slice(run[0], run[1]),
        linksAfter: resolver === undefined ? [] : resolver.links.slice(0, resolver.n),
      };
    }),
    g,
  );
  const kept: Issue[] = [];
  for (const issue of prev.raw) {
    if (stale.has(issue) || (stability && STABILITY_SHORT.has(issue.analyzerId))) continue;
    if (wholeStale && WHOLE_SHORT.has(issue.analyzerId)) continue;
    const li = issue.linkIndices;
    if (li !== undefined && li.length > 0) {
      const run = runOf(prev.runs, li[0]!);
      if (droppedRun[run]) continue;
      const by = shift[run]!;
      kept.push(by === 0 ? issue : { ...issue, linkIndices: li.map((j) => j + by) });
    } else kept.push(issue);
  }
  const confidences = new Map<number, number>();
  const sink = createIssueSink(g.suppressions, confidences);
  for (const i of changed) for (const issue of ordered[i]!.issues ?? []) sink.emit(issue);
  const base = {
    lens: ctx.lens.provider,
    providers: active,
    settings: ctx.settings,
    graph: g,
    existingPaths: ctx.existingPaths,
    links,
    runs,
  };
  const linkView: GraphView = { ...base, ...view, ...pairs, linksOnly: true };
  runAnalyzers(linkView, sink, LINK_ANALYZERS);
  if (stability) {
    const whole: GraphView = {
      ...base,
      broken: [],
      selfLoops: [],
      reservedLinks: [],
      kindPairRuns: [],
      redundantPairRuns: [],
    };
    runAnalyzers(whole, sink, STABILITY);
  }
  if (wholeStale) runWhole(base, g, nodes, prev.oracle, sink);
  for (const [i, confidence] of confidences) links[i]!.confidence = confidence;
  const raw = kept.concat(sink.issues).sort(compareIssues); // before inline suppressions, which apply again now
  const graph = inlineChange === null ? g : withInlinePaths(g, ordered);
  const inline = applyInline(ordered, graph, links, raw, ctx);
  const suppressed = prev.sidecarSuppressed + inline.covered;
  const result = composeResult(ctx, records.length, nodes, links, inline.issues, suppressed);
  const state: GraphState = {
    ...prev,
    graph,
    raw,
    result,
    ordered: ordered === records ? ordered.slice() : ordered,
    runs,
    runSources,
  };
  return { result, state, mode: 'patch' };
}
