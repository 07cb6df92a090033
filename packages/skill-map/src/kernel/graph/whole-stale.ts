// Which whole-graph checks a patch in place must re-run (`WholeFacet`): a changed record shows them something new when
// one of its facet signatures moved; a changed MCP config feeds the MCP wiring checks; what moved elsewhere (plugin
// names, an edited sidecar) is named by the caller. whole-patch.ts re-runs them.
import type { Link } from '@skill-map/spec';
import type { WholeFacet } from '../analyzers/analyzer.js';
import { registryOf } from '../context.js';
import { facetSignatures, movedFacets, WHOLE_FACETS } from '../analyzers/checks/signature.js';
import type { activeProviderIds } from '../context.js';
import type { FileRecord, GraphContext } from '../types.js';
import type { Assembled } from './assemble.js';
import { shortAnalyzerId } from './issue-sink.js';
import { prepareRecord } from './prepared.js';
import type { PathOracle } from './resolve.js';
import { LinkResolver } from './resolve-links.js';

/** `record`'s links resolved against `g` (what the whole-graph checks' signature reads of a previous record). */
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

/** What moved that no changed record's signatures show: graph facets, and nodes the `node` checks re-run on. */
export interface MovedElsewhere {
  readonly facets: readonly WholeFacet[];
  readonly nodes?: readonly string[];
  readonly why: string;
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
 * feeds the `mcp` facet (its servers), another changed file without a node every graph facet; a node's facet
 * signatures say which of its facets moved (its previous links resolved against `before` here, its new ones given in
 * `nextLinks` by source, as the patch resolved them against `g`). `moved` adds what the caller knows moved (the plugin
 * names a patch changed, an edited sidecar): graph facets, and nodes the `node` checks re-run on.
 */
export function wholeStale(
  ctx: GraphContext,
  sorted: ReadonlyArray<{ readonly prev: FileRecord; readonly next: FileRecord }>,
  before: Assembled,
  g: Assembled,
  active: ReturnType<typeof activeProviderIds>,
  oracle: PathOracle,
  nextLinks: ReadonlyMap<string, readonly Link[]>,
  moved: readonly MovedElsewhere[] = [],
): WholeStale | null {
  const disabled = new Set((ctx.settings.disabledAnalyzers ?? []).map(shortAnalyzerId));
  const enabled = new Set<WholeFacet>();
  for (const a of registryOf(ctx.settings).analyzers())
    if (a.wholeGraph !== undefined && !disabled.has(shortAnalyzerId(a.id))) enabled.add(a.wholeGraph);
  const facets = new Set<WholeFacet>();
  const nodePaths: string[] = [];
  let reason: string | null = null;
  const add = (list: readonly WholeFacet[], why: string): void => {
    const live = list.filter((f) => f !== 'node' && enabled.has(f));
    for (const f of live) facets.add(f);
    if (live.length > 0) reason ??= why;
  };
  for (const m of moved) {
    add(m.facets, m.why);
    for (const path of m.nodes ?? []) {
      if (!nodePaths.includes(path)) nodePaths.push(path);
      reason ??= m.why;
    }
  }
  for (const { prev, next } of sorted) {
    // A file without a node (an MCP config) reaches the checks through what its record holds (the servers it
    // declares, its issues), never through its bytes: an edit that keeps those (another argument, a URL) is unseen.
    // The servers of an MCP config are `mcp` nodes, which only the MCP wiring checks read; any other node-less file
    // feeds every facet.
    // An edited sidecar comes through `moved` (sidecar-patch.ts).
    if (prev.node === null || next.node === null) {
      if (prev.role !== 'sidecar' && readByChecks(prev) !== readByChecks(next))
        add(
          prev.role === 'mcp-config' && next.role === 'mcp-config' ? ['mcp'] : WHOLE_FACETS,
          `'${next.path}' changes what the whole-graph checks read (its ${prev.role === 'mcp-config' ? 'MCP servers' : 'configuration'})`,
        );
      continue;
    }
    const was = facetSignatures(prev, resolvedLinks(before, active, oracle, prev), before);
    const now = facetSignatures(next, nextLinks.get(next.path) ?? [], g);
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
