// The graph stage for a few changed records in a new process: the incremental build's patch (incremental.ts), run
// against a stored ResolutionIndex instead of the previous in-memory graph. When every change keeps the record's graph
// identity (record-identity.ts: role, kind, provider, names, the virtual nodes and plugin names it declares), no other
// record's links can resolve differently, so the changed records' nodes, links and link-level and own issues are all
// that differ from the stored graph. What a change to those does reach is re-resolved along: the files naming a
// virtual node that appeared or vanished (virtual-patch.ts), a name that came or went (name-patch.ts), a plugin name
// (plugin-patch.ts), and the node an edited sidecar annotates (sidecar-patch.ts).
import { ARCHIVED } from '../analyzers/reference-deprecated.js';
import type { Issue, Link, Node } from '@skill-map/spec';
import { compareIssues, createOracle, overlaidNode } from '../build-graph.js';
import { activeProviderIds } from '../context.js';
import type { FileRecord, GraphContext } from '../types.js';
import type { PathOracle } from './resolve.js';
import type { Assembled } from './assemble.js';
import { contextKey, inlineRefusal, unpatchableAnalyzer } from './incremental-support.js';
import { identityChange } from './record-identity.js';
import { createIssueSink } from './issue-sink.js';
import { LinkRuns } from './link-runs.js';
import { prepareRecord } from './prepared.js';
import { LinkResolver } from './resolve-links.js';
import { assembledFromIndex, type ResolutionIndex } from './resolution-index.js';
import { patchNames } from './name-patch.js';
import { patchPlugins } from './plugin-patch.js';
import { MAX_REACHING, patchVirtual, type PatchLookup } from './virtual-patch.js';
import { patchSidecars } from './sidecar-patch.js';
import { storedSuppressed } from './suppressed.js';
import { rerunWhole } from './whole-patch.js';
import { wholeStale } from './whole-stale.js';

export type { PatchLookup } from './virtual-patch.js';

/** One changed file: the record the stored graph was built from, and the new one. */
export interface RecordChange {
  readonly prev: FileRecord;
  readonly next: FileRecord;
}

/** Why a patch does not apply: the caller builds the whole graph ("full build because <reason>"). */
export interface PatchRefusal {
  readonly refused: string;
}

/** What replaces the changed records' part of the stored graph. */
export interface RecordPatch {
  /**
   * The nodes of those that have one, in path order; `linksOutCount` set, `linksInCount` 0 (the stored graph knows
   * the incoming links). A changed file without a node (MCP config, plugin manifest, ignored file) changes only its
   * own issues.
   */
  readonly nodes: Node[];
  /** Their links, record after record in path order, confidences applied. */
  readonly links: Link[];
  /** Per changed record with links: its path and the `[start, end)` of its links in `links`. */
  readonly runs: ReadonlyArray<readonly [source: string, start: number, end: number]>;
  /** Their own issues and the link-level issues of their links (`linkIndices` point into `links`), sorted. */
  readonly issues: Issue[];
  /** Virtual nodes the changes touched: merged again (link counts 0), or gone. */
  readonly virtual: { readonly upserts: Node[]; readonly removed: string[] };
  /** The resolution index after the patch, when the virtual nodes changed (the store writes it). */
  readonly index?: ResolutionIndex;
  /**
   * Unchanged files re-resolved with the changed ones (their links target a virtual node that appeared or vanished):
   * their nodes, links and issues are in the lists above like the changed ones'.
   */
  readonly reaching: FileRecord[];
  /** Node-level issues the changes made stale (a renamed node's old name-collision and name-mismatch issues). */
  readonly staleIssues: Issue[];
  /**
   * Set when whole-graph checks re-ran over the patched graph: their short ids. Every stored issue of theirs goes, and
   * their new issues are in `issues`.
   */
  readonly wholeAnalyzers?: string[];
  /**
   * Set when the `node` facet's checks re-ran on some changed nodes: their short ids and those nodes. Their stored
   * issues on those nodes (first node id) go, and their new ones are in `issues`.
   */
  readonly nodeAnalyzers?: { readonly analyzers: string[]; readonly paths: string[] };
  /** With `wholeAnalyzers` or `nodeAnalyzers`: the first change that made them re-run (for `sm scan --explain`). */
  readonly wholeReason?: string;
  /**
   * How many more issues sidecars suppress than in the stored scan: of the whole-graph checks that re-ran, and of the
   * own, link-level and `node` check issues of the re-resolved records whose nodes have suppressions.
   */
  readonly suppressedDelta?: number;
}

const byPath = (a: RecordChange, b: RecordChange): number =>
  a.next.path < b.next.path ? -1 : a.next.path > b.next.path ? 1 : 0;

const refused = (reason: string): PatchRefusal => ({ refused: reason });

/** The patch of no change: the stored graph as it is. */
export const EMPTY_PATCH: RecordPatch = {
  nodes: [],
  links: [],
  runs: [],
  issues: [],
  virtual: { upserts: [], removed: [] },
  reaching: [],
  staleIssues: [],
};

/**
 * The nodes a sidecar marks deprecated, and the archived ones (node-stability and reference-deprecated count the links
 * reaching them).
 */
function deprecatedPaths(g: Assembled): string[] {
  const out: string[] = [];
  for (const [path, sc] of g.sidecars) if (sc.annotations?.['stability'] === 'deprecated') out.push(path);
  const listed = new Set(out);
  for (const n of g.nodes) if (ARCHIVED.test(n.path) && !listed.has(n.path)) out.push(n.path);
  return out;
}

/** Links of one resolver's run reaching `path` from elsewhere (what node-stability counts). */
function reaching(resolver: LinkResolver, path: string, source: string): number {
  let n = 0;
  for (let j = 0; j < resolver.n; j++) {
    const to = resolver.links[j]!.resolvedTarget;
    if (to === path && to !== source) n++;
  }
  return n;
}

/**
 * Null when the changed record reaches every deprecated node with as many links as before (its previous record is
 * resolved against the same index), else the reason: the deprecated node's stability issue counts them.
 */
function deprecatedReach(
  deprecated: readonly string[],
  g: Assembled,
  active: ReturnType<typeof activeProviderIds>,
  oracle: PathOracle,
  prev: FileRecord,
  next: LinkResolver,
): string | null {
  if (deprecated.length === 0) return null;
  const before = new LinkResolver(g, active, oracle, prev.links?.length ?? 0);
  if ((prev.links?.length ?? 0) > 0 && prev.node !== null)
    before.add(prev, prepareRecord(prev), g.byPath.get(prev.path)!, false);
  for (const path of deprecated) {
    if (reaching(before, path, prev.path) !== reaching(next, path, prev.path))
      return `'${prev.path}' changes how many links reach the deprecated '${path}'`;
  }
  return null;
}

/** True when `value` is a refusal rather than a patch. */
export function isPatchRefusal(value: RecordPatch | PatchRefusal): value is PatchRefusal {
  return (value as PatchRefusal).refused !== undefined;
}

/**
 * Re-resolves the changed records against `index` under `ctx` (whose `existingPaths` must be the walk's). A refusal
 * (with its reason) when the patch does not apply (another context, a change that alters what other records resolve
 * against beyond what the patch follows, a path that is not a node of the index): the caller then builds the whole
 * graph.
 */
export function patchRecords(
  stored: ResolutionIndex,
  changes: readonly RecordChange[],
  ctx: GraphContext,
  lookup?: PatchLookup,
): RecordPatch | PatchRefusal {
  if (stored.contextKey !== contextKey(ctx)) return refused('the lens, settings or walk facts changed');
  const unknown = unpatchableAnalyzer(ctx);
  if (unknown !== null) return refused(unknown);
  // Nothing changed (a rescan that found no edit): the stored graph stands as it is.
  if (changes.length === 0) return { ...EMPTY_PATCH, nodes: [], links: [], issues: [] };
  const inline = inlineRefusal(
    { inlinePaths: stored.inline },
    changes.map((c) => [c.prev, c.next]),
  );
  if (inline !== null) return refused(inline);
  let sorted = [...changes].sort(byPath);
  for (let i = 0; i < sorted.length; i++) {
    const { prev, next } = sorted[i]!;
    if (i > 0 && sorted[i - 1]!.next.path === next.path) return refused(`'${next.path}' changed twice`);
    if (prev.path !== next.path) return refused(`'${prev.path}' was renamed to '${next.path}'`);
    const change = identityChange(prev, next, { virtual: true, names: true, plugins: true, sidecars: true });
    if (change !== null) return refused(change);
  }
  const active = activeProviderIds(ctx.lens);
  const virtual = patchVirtual(stored, sorted, active, lookup);
  if (typeof virtual === 'string') return refused(virtual);
  const names = patchNames(virtual?.index ?? stored, sorted, ctx, active, lookup);
  if (typeof names === 'string') return refused(names);
  const plugins = patchPlugins(names?.index ?? virtual?.index ?? stored, sorted, lookup);
  if (typeof plugins === 'string') return refused(plugins);
  const sidecars = patchSidecars(plugins?.index ?? names?.index ?? virtual?.index ?? stored, sorted, lookup);
  if (typeof sidecars === 'string') return refused(sidecars);
  const index = sidecars?.index ?? plugins?.index ?? names?.index ?? virtual?.index ?? stored;
  const reaching = new Map<string, FileRecord>();
  for (const patch of [virtual, names, plugins, sidecars])
    for (const r of patch?.reaching ?? []) reaching.set(r.path, r);
  for (const c of sorted) reaching.delete(c.next.path);
  if (reaching.size > MAX_REACHING) return refused(`more than ${MAX_REACHING} other files need re-resolving`);
  if (reaching.size > 0)
    sorted = [...sorted, ...[...reaching.values()].map((r) => ({ prev: r, next: r }))].sort(byPath);
  // The stored graph first: the patched index's graph is built from it (resolution-index.ts, `derive`).
  const before = assembledFromIndex(stored);
  const g = assembledFromIndex(index);
  for (const { next } of sorted)
    if (next.node !== null && g.byPath.get(next.path)?.kind !== next.node.kind)
      return refused(`'${next.path}' is not a ${next.node.kind} node of the stored graph`);
  const oracle = createOracle(ctx);
  // Previous records resolve against the stored index (the one they were resolved against), new ones against `g`.
  const nodes: Node[] = [];
  const fresh = new LinkRuns(g, active, oracle);
  const deprecated = deprecatedPaths(g);
  for (const { prev, next: record } of sorted) {
    if (record.node === null) continue;
    const prepared = prepareRecord(record);
    const node = overlaidNode(record, g, prepared);
    const start = fresh.links.length;
    const resolver = fresh.add(record, prepared);
    const reach = deprecatedReach(deprecated, before, active, oracle, prev, resolver);
    if (reach !== null) return refused(reach);
    node.linksOutCount = fresh.links.length - start;
    nodes.push(node);
  }
  const links = fresh.links;
  // The whole-graph checks re-run over the patched stored graph when a change shows them something new.
  const moved = [
    ...(plugins === null ? [] : [{ facets: ['skills' as const], why: 'the plugin names changed' }]),
    ...(sidecars === null
      ? []
      : [{ facets: sidecars.facets, nodes: sidecars.targets, why: sidecars.reason }]),
  ];
  // The new records' links, as resolved above (the checks' signatures read them).
  const nextLinks = new Map(fresh.runs.map(([path, start, end]) => [path, links.slice(start, end)]));
  const whole = wholeStale(ctx, sorted, before, g, active, oracle, nextLinks, moved);
  const graphFacets = whole?.facets ?? new Set();
  if (graphFacets.size > 0 && lookup?.wholeGraph === undefined) return refused(whole!.reason);
  const confidences = new Map<number, number>();
  const sink = createIssueSink(g.suppressions, confidences);
  for (const { next } of sorted) for (const issue of next.issues ?? []) sink.emit(issue);
  for (const issue of names?.fresh ?? []) sink.emit(issue);
  fresh.analyze(ctx, sink);
  for (const [i, confidence] of confidences) links[i]!.confidence = confidence;
  const issues = sink.issues;
  const v = { upserts: virtual?.upserts ?? [], removed: virtual?.removed ?? [] };
  const replaced = new Set(sorted.map((c) => c.next.path));
  const dropped = storedSuppressed(sorted, before, ctx, active, oracle);
  const patch = { replaced, nodes, links, virtual: v };
  const again = rerunWhole(whole, patch, g, ctx, active, oracle, lookup, {
    graph: before,
    prevNodes: dropped.prevNodes,
  });
  issues.push(...again.issues);
  // The sink counted the new own and link-level issues suppressed (name issues carry no target: never suppressed).
  const delta = sink.suppressed - dropped.own + (again.fields.suppressedDelta ?? 0);
  return {
    nodes,
    links,
    runs: fresh.runs,
    issues: issues.sort(compareIssues),
    ...again.fields,
    ...(delta === 0 && again.fields.suppressedDelta === undefined ? {} : { suppressedDelta: delta }),
    virtual: v,
    ...(index === stored ? {} : { index }),
    reaching: [...reaching.values()],
    staleIssues: names?.stale ?? [],
  };
}
