// The whole-graph checks of a stored scan patched in place (record-patch.ts). When a changed record shows those
// checks something new (its whole-graph signature moved, or an MCP config or settings file without a node changed),
// they re-run over the stored graph with the patch applied: the stored nodes and links (read through the patch
// lookup), the changed records' nodes and links instead of their stored ones, the virtual nodes as the patch merged
// them. Their issues then replace every stored issue of those analyzers.
import type { Issue, Link, Node } from '@skill-map/spec';
import { BUILTIN_ANALYZERS } from '../analyzers/catalog.js';
import { wholeGraphSignature } from '../analyzers/checks/signature.js';
import type { activeProviderIds } from '../context.js';
import type { FileRecord, GraphContext } from '../types.js';
import { shortAnalyzerId } from './issue-sink.js';
import { prepareRecord } from './prepared.js';
import { LinkResolver } from './resolve-links.js';
import type { Assembled } from './assemble.js';
import { createIssueSink } from './issue-sink.js';
import type { PathOracle } from './resolve.js';
import type { WholeGraphWant } from './virtual-patch.js';
import { skillFolderOf } from '../analyzers/checks/node-unreachable.js';
import { runWhole, WHOLE_SHORT } from './incremental-whole.js';

/** The stored graph as the whole-graph checks read it: the rows `wholeGraphWant` names (`PatchLookup.wholeGraph`). */
export interface StoredGraph {
  readonly nodes: readonly Node[];
  readonly links: readonly Link[];
}

/** What to ask the stored graph for when the whole-graph checks re-run over `g` (see `WholeGraphWant`). */
export function wholeGraphWant(g: Assembled): WholeGraphWant {
  const resources: string[] = [];
  for (const n of g.nodes)
    if (n.kind === 'markdown' && skillFolderOf(n.path, g.skillDirs) !== null) resources.push(n.path);
  return { fullPaths: [...g.sidecars.keys()], resources };
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

/** The whole-graph checks' issues over `stored` with `patch` applied (sorted by the caller), and how many a sidecar suppressed. */
export function wholeGraphIssues(
  stored: StoredGraph,
  patch: WholePatchInput,
  g: Assembled,
  ctx: GraphContext,
  providers: readonly string[],
  oracle: PathOracle,
): { issues: Issue[]; suppressed: number } {
  // Every node of the patched graph as its index has it (path, kind, provider: all the checks read of plain markdown),
  // then the full rows the checks read, stored and patched.
  const nodes = new Map<string, Node>();
  for (const n of g.nodes) nodes.set(n.path, n);
  for (const n of stored.nodes) nodes.set(n.path, n);
  for (const n of patch.nodes) nodes.set(n.path, n);
  for (const n of patch.virtual.upserts) nodes.set(n.path, n);
  for (const path of patch.virtual.removed) nodes.delete(path);
  const list = [...nodes.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
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
  );
  return { issues: sink.issues, suppressed: sink.suppressed };
}

/** Short ids of the whole-graph analyzers whose stored issues a re-run replaces. */
export const wholeAnalyzerIds = (): string[] => [...WHOLE_SHORT].sort();

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

/**
 * Why the whole-graph checks must re-run (a change shows them something new), or null: a changed file without a node
 * (MCP config, settings) feeds them as a whole; a node's signature covers its frontmatter and followed links.
 */
export function wholeStaleReason(
  ctx: GraphContext,
  sorted: ReadonlyArray<{ readonly prev: FileRecord; readonly next: FileRecord }>,
  before: Assembled,
  g: Assembled,
  active: ReturnType<typeof activeProviderIds>,
  oracle: PathOracle,
): string | null {
  const disabled = new Set((ctx.settings.disabledAnalyzers ?? []).map(shortAnalyzerId));
  if (!BUILTIN_ANALYZERS.some((a) => a.wholeGraph === true && !disabled.has(shortAnalyzerId(a.id))))
    return null;
  for (const { prev, next } of sorted) {
    // A file without a node (an MCP config) reaches the checks through what its record holds (the servers it
    // declares, its issues), never through its bytes: an edit that keeps those (another argument, a URL) is unseen.
    if ((prev.node === null || next.node === null) && readByChecks(prev) !== readByChecks(next))
      return `'${next.path}' changes what the whole-graph checks read (its configuration)`;
    const was = wholeGraphSignature(prev, resolvedLinks(before, active, oracle, prev), before);
    if (was !== wholeGraphSignature(next, resolvedLinks(g, active, oracle, next), g))
      return `'${next.path}' changes what the whole-graph checks read (frontmatter, followed links)`;
  }
  return null;
}
