// The whole-graph checks of a stored scan patched in place (record-patch.ts). A changed record shows them something
// new when one of its facet signatures moved (`WholeFacet`), or when an MCP config or settings file without a node
// changed. The checks of the `node` facet then re-run on the changed nodes alone, their issues replacing those nodes'
// stored issues of theirs; the checks of every other moved facet re-run over the stored graph with the patch applied:
// the stored rows those facets read (through the patch lookup), the changed records' nodes and links instead of their
// stored ones, the virtual nodes as the patch merged them. Their issues then replace every stored issue of theirs.
import type { Issue, Link, Node } from '@skill-map/spec';
import type { WholeFacet } from '../analyzers/analyzer.js';
import { BUILTIN_ANALYZERS } from '../analyzers/catalog.js';
import { facetSignatures, movedFacets, WHOLE_FACETS } from '../analyzers/checks/signature.js';
import type { activeProviderIds } from '../context.js';
import type { FileRecord, GraphContext } from '../types.js';
import { shortAnalyzerId } from './issue-sink.js';
import { prepareRecord } from './prepared.js';
import { LinkResolver } from './resolve-links.js';
import type { Assembled } from './assemble.js';
import { createIssueSink } from './issue-sink.js';
import type { PathOracle } from './resolve.js';
import type { PatchLookup, WholeGraphWant } from './virtual-patch.js';
import { skillFolderOf } from '../analyzers/checks/node-unreachable.js';
import { runWhole } from './incremental-whole.js';

/** The stored graph as the whole-graph checks read it: the rows `wholeGraphWant` names (`PatchLookup.wholeGraph`). */
export interface StoredGraph {
  readonly nodes: readonly Node[];
  readonly links: readonly Link[];
}

/** What to ask the stored graph for when the checks of `facets` re-run over `g` (see `WholeGraphWant`). */
export function wholeGraphWant(g: Assembled, facets: ReadonlySet<WholeFacet>): WholeGraphWant {
  const resources: string[] = [];
  if (facets.has('resources'))
    for (const n of g.nodes)
      if (n.kind === 'markdown' && skillFolderOf(n.path, g.skillDirs) !== null) resources.push(n.path);
  const fullKinds = [...(facets.has('mcp') ? ['settings'] : []), ...(facets.has('skills') ? ['agent'] : [])];
  return { fullKinds, resources, invocations: facets.has('invocations') };
}

/** What the patch changed that the whole graph must show instead of its stored rows. */
export interface WholePatchInput {
  /** Sources whose stored links and node the patch replaces (the changed and re-resolved records). */
  readonly replaced: ReadonlySet<string>;
  readonly nodes: readonly Node[];
  readonly links: readonly Link[];
  readonly virtual: { readonly upserts: readonly Node[]; readonly removed: readonly string[] };
}

const bySource = (a: Link, b: Link): number => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0);

/** A patch that changes nothing: the stored graph as it is. */
export const NO_WHOLE_CHANGE: WholePatchInput = {
  replaced: new Set(),
  nodes: [],
  links: [],
  virtual: { upserts: [], removed: [] },
};

/** Ids of the enabled whole-graph analyzers of `facets`. */
function facetAnalyzers(ctx: GraphContext, facets: ReadonlySet<WholeFacet>): Set<string> {
  const disabled = new Set((ctx.settings.disabledAnalyzers ?? []).map(shortAnalyzerId));
  return new Set(
    BUILTIN_ANALYZERS.filter(
      (a) => a.wholeGraph !== undefined && facets.has(a.wholeGraph) && !disabled.has(shortAnalyzerId(a.id)),
    ).map((a) => a.id),
  );
}

/** Short ids of the whole-graph analyzers of `facets` (whose stored issues a re-run of those facets replaces). */
export const facetAnalyzerIds = (ctx: GraphContext, facets: ReadonlySet<WholeFacet>): string[] =>
  [...facetAnalyzers(ctx, facets)].map(shortAnalyzerId).sort();

/**
 * The issues of the `node` facet's checks on `nodes` alone (the changed nodes whose `node` signature moved), and how
 * many of them the nodes' sidecar suppressions dropped.
 */
export function nodeFacetIssues(
  nodes: readonly Node[],
  g: Assembled,
  ctx: GraphContext,
  providers: readonly string[],
  oracle: PathOracle,
): { issues: Issue[]; suppressed: number } {
  const sink = createIssueSink(g.suppressions, new Map());
  const base = { lens: ctx.lens.provider, providers, settings: ctx.settings, links: [], runs: [0] };
  runWhole(base, g, [...nodes], oracle, sink, facetAnalyzers(ctx, new Set(['node'])));
  return { issues: sink.issues, suppressed: sink.suppressed };
}

/**
 * The issues of the checks of `facets` (graph facets) over `stored` with `patch` applied (sorted by the caller), and
 * how many a sidecar suppressed.
 */
export function wholeGraphIssues(
  stored: StoredGraph,
  patch: WholePatchInput,
  g: Assembled,
  ctx: GraphContext,
  providers: readonly string[],
  oracle: PathOracle,
  facets: ReadonlySet<WholeFacet>,
): { issues: Issue[]; suppressed: number } {
  // Every node of the patched graph as its index has it (path, kind, provider: all the checks read of plain markdown),
  // then the full rows the checks read, stored and patched.
  const full = new Map<string, Node>();
  for (const n of stored.nodes) full.set(n.path, n);
  for (const n of patch.nodes) full.set(n.path, n);
  for (const n of patch.virtual.upserts) full.set(n.path, n);
  const removed = new Set(patch.virtual.removed);
  // `g` is the patched index's graph, in path order: its nodes, each in full where a full row is at hand.
  let list: Node[] = [];
  for (const n of g.nodes) if (!removed.has(n.path)) list.push(full.get(n.path) ?? n);
  // A full row of a path the index lacks (none expected): merged in path order.
  if ([...full.keys()].some((p) => !g.byPath.has(p) && !removed.has(p))) {
    const nodes = new Map<string, Node>();
    for (const n of list) nodes.set(n.path, n);
    for (const [path, n] of full) if (!removed.has(path)) nodes.set(path, n);
    list = [...nodes.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
  // Links in source order (a full build's record order), each source's own order kept (sort is stable).
  const links = stored.links.filter((l) => !patch.replaced.has(l.source));
  links.push(...patch.links);
  links.sort(bySource);
  const runs: number[] = [0];
  for (let i = 1; i <= links.length; i++)
    if (i === links.length || links[i]!.source !== links[i - 1]!.source) runs.push(i);
  if (links.length === 0) runs.length = 1;
  const sink = createIssueSink(g.suppressions, new Map());
  runWhole(
    {
      lens: ctx.lens.provider,
      providers,
      settings: ctx.settings,
      links,
      runs,
      ...(ctx.existingPaths === undefined ? {} : { existingPaths: ctx.existingPaths }),
    },
    g,
    list,
    oracle,
    sink,
    facetAnalyzers(ctx, facets),
  );
  return { issues: sink.issues, suppressed: sink.suppressed };
}

/** `record`'s links resolved against `g` (what the whole-graph checks' signature reads). */
function resolvedLinks(
  g: Assembled,
  active: ReturnType<typeof activeProviderIds>,
  oracle: PathOracle,
  record: FileRecord,
): Link[] {
  const count = record.links?.length ?? 0;
  if (count === 0 || record.node === null) return [];
  const resolver = new LinkResolver(g, active, oracle, count);
  resolver.add(record, prepareRecord(record), g.byPath.get(record.path)!, false);
  return resolver.links.slice(0, resolver.n);
}

/** A record as the whole-graph checks can see it: everything but the hash of its bytes. */
function readByChecks(record: FileRecord): string {
  const { contentHash: _bytes, ...seen } = record;
  return JSON.stringify(seen);
}

/** What a patch shows the whole-graph checks: why they re-run, and which of them. */
export interface WholeStale {
  /** The first change that shows them something new (for `--explain`). */
  readonly reason: string;
  /** The graph facets (every one but `node`) whose checks re-run over the whole patched graph. */
  readonly facets: ReadonlySet<WholeFacet>;
  /** The changed nodes whose `node` signature moved: the `node` checks re-run on them. */
  readonly nodePaths: readonly string[];
}

/**
 * What of the whole-graph checks must re-run, or null when no change shows them anything new: a changed MCP config
 * feeds the `mcp` facet (its servers), another changed file without a node every graph facet; a node's facet signatures say which of its facets
 * moved. `moved` adds facets the caller knows moved (the plugin names a patch changed).
 */
export function wholeStale(
  ctx: GraphContext,
  sorted: ReadonlyArray<{ readonly prev: FileRecord; readonly next: FileRecord }>,
  before: Assembled,
  g: Assembled,
  active: ReturnType<typeof activeProviderIds>,
  oracle: PathOracle,
  moved: readonly WholeFacet[] = [],
): WholeStale | null {
  const disabled = new Set((ctx.settings.disabledAnalyzers ?? []).map(shortAnalyzerId));
  const enabled = new Set<WholeFacet>();
  for (const a of BUILTIN_ANALYZERS)
    if (a.wholeGraph !== undefined && !disabled.has(shortAnalyzerId(a.id))) enabled.add(a.wholeGraph);
  const facets = new Set<WholeFacet>();
  const nodePaths: string[] = [];
  let reason: string | null = null;
  const add = (list: readonly WholeFacet[], why: string): void => {
    const live = list.filter((f) => f !== 'node' && enabled.has(f));
    for (const f of live) facets.add(f);
    if (live.length > 0) reason ??= why;
  };
  add(moved, 'the plugin names changed');
  for (const { prev, next } of sorted) {
    // A file without a node (an MCP config) reaches the checks through what its record holds (the servers it
    // declares, its issues), never through its bytes: an edit that keeps those (another argument, a URL) is unseen.
    // The servers of an MCP config are `mcp` nodes, which only the MCP wiring checks read; any other node-less file
    // feeds every facet.
    if (prev.node === null || next.node === null) {
      if (readByChecks(prev) !== readByChecks(next))
        add(
          prev.role === 'mcp-config' && next.role === 'mcp-config' ? ['mcp'] : WHOLE_FACETS,
          `'${next.path}' changes what the whole-graph checks read (its ${prev.role === 'mcp-config' ? 'MCP servers' : 'configuration'})`,
        );
      continue;
    }
    const was = facetSignatures(prev, resolvedLinks(before, active, oracle, prev), before);
    const now = facetSignatures(next, resolvedLinks(g, active, oracle, next), g);
    const changed = movedFacets(was, now);
    if (changed.length === 0) continue;
    const why = `'${next.path}' changes what the whole-graph checks read (${changed.join(', ')})`;
    if (changed.includes('node') && enabled.has('node')) {
      nodePaths.push(next.path);
      reason ??= why;
    }
    add(changed, why);
  }
  return reason === null ? null : { reason, facets, nodePaths };
}

/** What re-running the stale whole-graph checks adds to a record patch: their issues, and the `RecordPatch` fields. */
export interface WholeRerun {
  readonly issues: Issue[];
  readonly fields: {
    readonly wholeAnalyzers?: string[];
    readonly suppressedDelta?: number;
    readonly nodeAnalyzers?: { readonly analyzers: string[]; readonly paths: string[] };
    readonly wholeReason?: string;
  };
}

/**
 * Re-runs what `whole` says is stale: the `node` checks on the changed nodes whose `node` signature moved, the checks of
 * the moved graph facets over the stored graph (read through `lookup`) with `patch` applied. `prevNodes` holds the
 * previous nodes of the changed paths with sidecar suppressions: what the `node` checks suppressed on them before.
 */
export function rerunWhole(
  whole: WholeStale | null,
  patch: WholePatchInput,
  g: Assembled,
  ctx: GraphContext,
  active: readonly string[],
  oracle: PathOracle,
  lookup: PatchLookup | undefined,
  prevNodes: ReadonlyMap<string, Node> = new Map(),
): WholeRerun {
  if (whole === null) return { issues: [], fields: {} };
  const issues: Issue[] = [];
  let fields: WholeRerun['fields'] = { wholeReason: whole.reason };
  let nodeDelta = 0;
  if (whole.nodePaths.length > 0) {
    const paths = new Set(whole.nodePaths);
    const changed = patch.nodes.filter((n) => paths.has(n.path));
    const after = nodeFacetIssues(changed, g, ctx, active, oracle);
    issues.push(...after.issues);
    const was = whole.nodePaths.flatMap((p) => prevNodes.get(p) ?? []);
    if (was.length > 0)
      nodeDelta = after.suppressed - nodeFacetIssues(was, g, ctx, active, oracle).suppressed;
    const nodeAnalyzers = {
      analyzers: facetAnalyzerIds(ctx, new Set(['node'])),
      paths: [...whole.nodePaths],
    };
    fields = { ...fields, nodeAnalyzers, ...(nodeDelta === 0 ? {} : { suppressedDelta: nodeDelta }) };
  }
  const facets = whole.facets;
  if (facets.size === 0 || lookup?.wholeGraph === undefined) return { issues, fields };
  const stored = lookup.wholeGraph(wholeGraphWant(g, facets));
  const after = wholeGraphIssues(stored, patch, g, ctx, active, oracle, facets);
  issues.push(...after.issues);
  // Sidecar suppressions (unchanged by a patch) may drop some of their issues: the stored count moves by the
  // difference with the stored graph's own run.
  let suppressedDelta = 0;
  if (g.suppressions.size > 0) {
    // The stored graph: the patched node list without the virtual nodes this patch added (every stored virtual node
    // is among the stored full rows).
    const storedPaths = new Set(stored.nodes.map((n) => n.path));
    const added = patch.virtual.upserts.map((n) => n.path).filter((p) => !storedPaths.has(p));
    const before = { ...NO_WHOLE_CHANGE, virtual: { upserts: [], removed: added } };
    suppressedDelta =
      after.suppressed - wholeGraphIssues(stored, before, g, ctx, active, oracle, facets).suppressed;
  }
  return {
    issues,
    fields: {
      ...fields,
      wholeAnalyzers: facetAnalyzerIds(ctx, facets),
      suppressedDelta: suppressedDelta + nodeDelta,
    },
  };
}
