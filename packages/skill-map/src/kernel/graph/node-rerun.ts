// The `node` part of a patch in place's whole-graph re-run: the checks whose issues follow from one node's own row
// (the `node` facet) and from its sidecar (`SIDECAR_ANALYZERS`) re-run on the changed nodes alone; their stored
// issues on those nodes are replaced. Sidecar suppressions may drop some of them: the scan's suppressed count moves by
// the difference with the same checks on the previous nodes, under the previous suppressions.
import type { Issue, Node } from '@skill-map/spec';
import { registryOf } from '../context.js';
import type { GraphContext } from '../types.js';
import type { Assembled } from './assemble.js';
import { runWhole } from './incremental-whole.js';
import { createIssueSink, shortAnalyzerId } from './issue-sink.js';
import type { PathOracle } from './resolve.js';
import { SIDECAR_ANALYZERS } from './sidecar-patch.js';

/** Ids of the enabled checks a `node` re-run runs. */
function nodeRerunAnalyzers(ctx: GraphContext): Set<string> {
  const disabled = new Set((ctx.settings.disabledAnalyzers ?? []).map(shortAnalyzerId));
  return new Set(
    registryOf(ctx.settings)
      .analyzers()
      .filter(
        (a) =>
          (a.wholeGraph === 'node' || SIDECAR_ANALYZERS.has(a.id)) && !disabled.has(shortAnalyzerId(a.id)),
      )
      .map((a) => a.id),
  );
}

/** The issues of the `node` re-run's checks on `nodes` alone, and how many the sidecar suppressions of `g` dropped. */
export function nodeFacetIssues(
  nodes: readonly Node[],
  g: Assembled,
  ctx: GraphContext,
  providers: readonly string[],
  oracle: PathOracle,
): { issues: Issue[]; suppressed: number } {
  const sink = createIssueSink(g.suppressions, new Map());
  const base = { lens: ctx.lens.provider, providers, settings: ctx.settings, links: [], runs: [0] };
  runWhole(base, g, [...nodes], oracle, sink, nodeRerunAnalyzers(ctx));
  // The sidecar checks read every sidecar of the graph: only those of these nodes count.
  const paths = new Set(nodes.map((n) => n.path));
  return { issues: sink.issues.filter((i) => paths.has(i.nodeIds[0] ?? '')), suppressed: sink.suppressed };
}

/** What a `node` re-run adds to a record patch. */
export interface NodeRerun {
  readonly issues: Issue[];
  readonly nodeAnalyzers: { readonly analyzers: string[]; readonly paths: string[] };
  readonly suppressedDelta: number;
}

/**
 * Re-runs the `node` checks on the patched nodes at `paths`. `prevNodes` holds the previous nodes of those the stored
 * sidecars had suppressions on, `before` the stored graph (its suppressions).
 */
export function rerunNodes(
  paths: readonly string[],
  patched: readonly Node[],
  prevNodes: ReadonlyMap<string, Node>,
  g: Assembled,
  before: Assembled,
  ctx: GraphContext,
  active: readonly string[],
  oracle: PathOracle,
): NodeRerun {
  const wanted = new Set(paths);
  const after = nodeFacetIssues(
    patched.filter((n) => wanted.has(n.path)),
    g,
    ctx,
    active,
    oracle,
  );
  const was = paths.flatMap((p) => prevNodes.get(p) ?? []);
  const suppressedDelta =
    after.suppressed - (was.length === 0 ? 0 : nodeFacetIssues(was, before, ctx, active, oracle).suppressed);
  const analyzers = [...nodeRerunAnalyzers(ctx)].map(shortAnalyzerId).sort();
  return { issues: after.issues, nodeAnalyzers: { analyzers, paths: [...paths] }, suppressedDelta };
}
