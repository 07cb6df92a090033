// The graph stage for a few changed records in a new process: the incremental build's patch (incremental.ts), run
// against a stored ResolutionIndex instead of the previous in-memory graph. When every change keeps the record's graph
// identity (kind, provider, names; no virtual nodes, plugin names or sidecars), no other record's links can resolve
// differently, so the changed records' nodes, links and link-level issues are all that differ from the stored graph.
import type { Issue, Link, Node } from '@skill-map/spec';
import type { GraphView } from '../analyzers/analyzer.js';
import { compareIssues, createOracle, runAnalyzers } from '../build-graph.js';
import { activeProviderIds } from '../context.js';
import type { FileRecord, GraphContext } from '../types.js';
import { NO_SIDECAR, nodeOf } from './assemble.js';
import { LINK_ANALYZERS } from './incremental.js';
import { contextKey, sameRecordIdentity } from './incremental-support.js';
import { createIssueSink } from './issue-sink.js';
import type { PairRuns } from './pair-runs.js';
import { prepareRecord } from './prepared.js';
import { LinkResolver } from './resolve-links.js';
import { assembledFromIndex, type ResolutionIndex } from './resolution-index.js';
import { BUILTIN_ANALYZERS } from '../analyzers/catalog.js';
import { wholeGraphSignature } from '../analyzers/checks/signature.js';
import { shortAnalyzerId } from './issue-sink.js';

/** One changed file: the record the stored graph was built from, and the new one. */
export interface RecordChange {
  readonly prev: FileRecord;
  readonly next: FileRecord;
}

/** What replaces the changed records' part of the stored graph. */
export interface RecordPatch {
  /** Their nodes, in path order; `linksOutCount` set, `linksInCount` 0 (the stored graph knows the incoming links). */
  readonly nodes: Node[];
  /** Their links, record after record in path order, confidences applied. */
  readonly links: Link[];
  /** Per changed record with links: its path and the `[start, end)` of its links in `links`. */
  readonly runs: ReadonlyArray<readonly [source: string, start: number, end: number]>;
  /** Their own issues and the link-level issues of their links (`linkIndices` point into `links`), sorted. */
  readonly issues: Issue[];
}

const byPath = (a: RecordChange, b: RecordChange): number =>
  a.next.path < b.next.path ? -1 : a.next.path > b.next.path ? 1 : 0;

/**
 * Re-resolves the changed records against `index` under `ctx` (whose `existingPaths` must be the walk's). Null when
 * the patch does not apply (another context, sidecars present, a change that alters a graph identity, a path that is
 * not a node of the index): the caller then builds the whole graph.
 */
export function patchRecords(
  index: ResolutionIndex,
  changes: readonly RecordChange[],
  ctx: GraphContext,
): RecordPatch | null {
  if (index.overlays || index.contextKey !== contextKey(ctx)) return null;
  const g = assembledFromIndex(index);
  const sorted = [...changes].sort(byPath);
  for (let i = 0; i < sorted.length; i++) {
    const { prev, next } = sorted[i]!;
    if (i > 0 && sorted[i - 1]!.next.path === next.path) return null;
    if (prev.path !== next.path || !sameRecordIdentity(prev, next)) return null;
    if (g.byPath.get(next.path)?.kind !== next.node!.kind) return null;
  }
  const active = activeProviderIds(ctx.lens);
  const oracle = createOracle(ctx);
  // The whole-graph checks are not re-run here: a change they could see makes the caller build the graph whole.
  const disabled = new Set((ctx.settings.disabledAnalyzers ?? []).map(shortAnalyzerId));
  const whole = BUILTIN_ANALYZERS.some((a) => a.wholeGraph === true && !disabled.has(shortAnalyzerId(a.id)));
  const resolvedOf = (record: FileRecord): Link[] => {
    const count = record.links?.length ?? 0;
    if (count === 0) return [];
    const resolver = new LinkResolver(g, active, oracle, count);
    resolver.add(record, prepareRecord(record), g.byPath.get(record.path)!, false);
    return resolver.links.slice(0, resolver.n);
  };
  if (whole) {
    for (const { prev, next } of sorted) {
      if (wholeGraphSignature(prev, resolvedOf(prev), g) !== wholeGraphSignature(next, resolvedOf(next), g))
        return null;
    }
  }
  const nodes: Node[] = [];
  const links: Link[] = [];
  const runs: Array<readonly [string, number, number]> = [];
  const bounds: number[] = [0];
  const view = { broken: [] as number[], selfLoops: [] as number[], reservedLinks: [] as number[] };
  const pairs: PairRuns = { kindPairRuns: [], redundantPairRuns: [] };
  for (const { next: record } of sorted) {
    const prepared = prepareRecord(record);
    const node = nodeOf(record, prepared);
    node.sidecar = NO_SIDECAR;
    const count = record.links?.length ?? 0;
    let out = 0;
    if (count > 0) {
      const resolver = new LinkResolver(g, active, oracle, count);
      resolver.add(record, prepared, g.byPath.get(record.path)!, false);
      const start = links.length;
      for (let j = 0; j < resolver.n; j++) links.push(resolver.links[j]!);
      out = resolver.n;
      if (resolver.n > 0) {
        resolver.flagRun(links, start, bounds.length - 1, view, pairs);
        bounds.push(links.length);
        runs.push([record.path, start, links.length]);
      }
    }
    node.linksOutCount = out;
    nodes.push(node);
  }
  const confidences = new Map<number, number>();
  const sink = createIssueSink(new Map(), confidences);
  for (const { next } of sorted) for (const issue of next.issues ?? []) sink.emit(issue);
  const linkView: GraphView = {
    lens: ctx.lens.provider,
    providers: active,
    settings: ctx.settings,
    graph: g,
    links,
    runs: bounds,
    ...view,
    ...pairs,
    linksOnly: true,
  };
  runAnalyzers(linkView, sink, LINK_ANALYZERS);
  for (const [i, confidence] of confidences) links[i]!.confidence = confidence;
  return { nodes, links, runs, issues: sink.issues.sort(compareIssues) };
}
