// The whole-graph checks of a stored scan patched in place (record-patch.ts), re-run where whole-stale.ts says a change
// showed them something new. The checks of the `node` facet re-run on the changed nodes alone (node-rerun.ts), their
// issues replacing those nodes' stored issues of theirs; the checks of every other moved facet re-run over the stored
// graph with the patch applied: the stored rows those facets read (through the patch lookup), the changed records'
// nodes and links instead of their stored ones, the virtual nodes as the patch merged them. Their issues then replace
// every stored issue of theirs.
import type { Issue, Link, Node } from '@skill-map/spec';
import type { WholeFacet } from '../analyzers/analyzer.js';
import { registryOf } from '../context.js';
import type { GraphContext } from '../types.js';
import { shortAnalyzerId } from './issue-sink.js';
import type { Assembled } from './assemble.js';
import { createIssueSink } from './issue-sink.js';
import type { PathOracle } from './resolve.js';
import type { PatchLookup, WholeGraphWant } from './virtual-patch.js';
import { skillFolderOf } from '../analyzers/checks/node-unreachable.js';
import { AGENTS_MD } from '../analyzers/checks/agents-md-over-limit.js';
import { runWhole } from './incremental-whole.js';
import { rerunNodes } from './node-rerun.js';
import type { WholeStale } from './whole-stale.js';

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
  const fullKinds = [
    ...(facets.has('mcp') ? ['settings'] : []),
    ...(facets.has('skills') ? ['agent', 'skill'] : []),
  ];
  const fullPaths = facets.has('memory')
    ? g.nodes.filter((n) => n.virtual !== true && AGENTS_MD.test(n.path)).map((n) => n.path)
    : [];
  return { fullKinds, resources, invocations: facets.has('invocations'), fullPaths };
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
    registryOf(ctx.settings)
      .analyzers()
      .filter(
        (a) => a.wholeGraph !== undefined && facets.has(a.wholeGraph) && !disabled.has(shortAnalyzerId(a.id)),
      )
      .map((a) => a.id),
  );
}

/** Short ids of the whole-graph analyzers of `facets` (whose stored issues a re-run of those facets replaces). */
export const facetAnalyzerIds = (ctx: GraphContext, facets: ReadonlySet<WholeFacet>): string[] =>
  [...facetAnalyzers(ctx, facets)].map(shortAnalyzerId).sort();

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

/** The stored graph a patch starts from, and the previous nodes of the re-resolved paths with sidecar suppressions. */
export interface RerunBefore {
  readonly graph: Assembled;
  readonly prevNodes: ReadonlyMap<string, Node>;
}

/**
 * Re-runs what `whole` says is stale: the `node` checks on the changed nodes whose `node` signature moved
 * (node-rerun.ts), the checks of the moved graph facets over the stored graph (read through `lookup`) with `patch`
 * applied.
 */
export function rerunWhole(
  whole: WholeStale | null,
  patch: WholePatchInput,
  g: Assembled,
  ctx: GraphContext,
  active: readonly string[],
  oracle: PathOracle,
  lookup: PatchLookup | undefined,
  before: RerunBefore,
): WholeRerun {
  if (whole === null) return { issues: [], fields: {} };
  const issues: Issue[] = [];
  let fields: WholeRerun['fields'] = { wholeReason: whole.reason };
  let nodeDelta = 0;
  if (whole.nodePaths.length > 0) {
    const nodes = rerunNodes(
      whole.nodePaths,
      patch.nodes,
      before.prevNodes,
      g,
      before.graph,
      ctx,
      active,
      oracle,
    );
    issues.push(...nodes.issues);
    nodeDelta = nodes.suppressedDelta;
    fields = {
      ...fields,
      nodeAnalyzers: nodes.nodeAnalyzers,
      ...(nodeDelta === 0 ? {} : { suppressedDelta: nodeDelta }),
    };
  }
  const facets = whole.facets;
  if (facets.size === 0 || lookup?.wholeGraph === undefined) return { issues, fields };
  const stored = lookup.wholeGraph(wholeGraphWant(g, facets));
  const after = wholeGraphIssues(stored, patch, g, ctx, active, oracle, facets);
  issues.push(...after.issues);
  // Sidecar suppressions may drop some of their issues: the stored count moves by the difference with the stored
  // graph's own run, under the stored suppressions.
  let suppressedDelta = 0;
  if (g.suppressions.size > 0 || before.graph.suppressions.size > 0) {
    // The stored graph: the patched node list without the virtual nodes this patch added (every stored virtual node
    // is among the stored full rows).
    const storedPaths = new Set(stored.nodes.map((n) => n.path));
    const added = patch.virtual.upserts.map((n) => n.path).filter((p) => !storedPaths.has(p));
    const unpatched = { ...NO_WHOLE_CHANGE, virtual: { upserts: [], removed: added } };
    const was = { ...g, suppressions: before.graph.suppressions };
    suppressedDelta =
      after.suppressed - wholeGraphIssues(stored, unpatched, was, ctx, active, oracle, facets).suppressed;
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
