// The record patch's answer to a change in what a file declares as virtual `mcp://` nodes (a tools list naming another
// server, an MCP config defining one more or one less): the touched virtual nodes are merged again from all their
// declarers (as a full build merges them), the stored index gets them, and the files whose links target a virtual node
// that appears or vanishes are re-resolved too (exactly those: a virtual node is reached by its path only).
import type { Link, Node } from '@skill-map/spec';
import { sortedRecords } from '../build-graph.js';
import type { ProviderIds } from '../providers/registry.js';
import type { FileRecord } from '../types.js';
import { assemble } from './assemble.js';
import { virtualPathsChanged } from './record-identity.js';
import type { ResolutionIndex } from './resolution-index.js';

/** What the record patch reads of the stored scan beyond its resolution index (the store answers). */
export interface PatchLookup {
  /** The stored node at `path` (a virtual node's row carries the files that declare it), or undefined. */
  node(path: string): Node | undefined;
  /** The cached record of an unchanged file, or undefined when there is none usable. */
  record(path: string): FileRecord | undefined;
  /** The sources of the stored links whose target is `target`. */
  linkSources(target: string): string[];
  /** Paths of the cached records whose JSON text holds one of `needles` (its `parts` in order, and a match of its `pattern`). */
  recordsMentioning(needles: readonly Needle[]): string[];
  /**
   * What the whole-graph checks read of the stored graph, for them to re-run over the patched graph (see
   * `WholeGraphWant`); without it a change they could see makes the patch refuse.
   */
  wholeGraph?(want: WholeGraphWant): { readonly nodes: readonly Node[]; readonly links: readonly Link[] };
}

/**
 * The stored rows the whole-graph checks of some facets read beyond the patched graph's own node list (path, kind and
 * provider of every node). Nodes: the full row of every virtual node and of every node of `fullKinds`. Links, each
 * source's in their stored order: at least every link to an `mcp://` target (by its target or its resolution), every
 * link an `@import` made, every path-style link (`trigger: null`) whose target may be a folder or a glob, with
 * `invocations` every invocation out of an agent, command, skill or workflow, and every link into or out of one of
 * `resources`. Other links may come too: the checks draw nothing from them.
 */
export interface WholeGraphWant {
  /** Node kinds whose full rows a check reads (settings for the MCP checks, agents for their `skills:` lists). */
  readonly fullKinds: readonly string[];
  /** The skill resources (markdown in a skill folder): reachability follows the links into and out of them. */
  readonly resources: readonly string[];
  /** Whether the invocations between agents, commands, skills and workflows are read (the cycle check). */
  readonly invocations: boolean;
  /** Paths whose full rows a check reads besides `fullKinds` (the AGENTS.md files, for their sizes). */
  readonly fullPaths?: readonly string[];
}

/**
 * A name to look for in cached records: plain lower-case runs every mention holds in this order (`agent`, `13` for
 * `agent-13`), and a pattern to confirm it.
 */
export interface Needle {
  readonly parts: readonly string[];
  readonly pattern: RegExp;
}

/** Past this many files reaching a virtual node that appears or vanishes, a full build is as cheap. */
export const MAX_REACHING = 256;

/** The virtual-node part of a patch. */
export interface VirtualPatch {
  /** The touched virtual nodes as a full build merges them (link counts 0), in path order. */
  readonly upserts: Node[];
  /** Paths of touched virtual nodes no file declares any more. */
  readonly removed: string[];
  /** The resolution index with them. */
  readonly index: ResolutionIndex;
  /** Unchanged files whose links target an added or removed virtual node (to re-resolve). */
  readonly reaching: FileRecord[];
}

interface Change {
  readonly prev: FileRecord;
  readonly next: FileRecord;
}

const declares = (record: FileRecord, path: string): boolean =>
  record.virtualNodes?.some((v) => v.path === path) === true;

type IndexNode = ResolutionIndex['nodes'][number];
const byPathOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** `index` with the virtual nodes `upserts` in (added, or their provider updated) and `removed` out. */
export function indexWithVirtual(
  index: ResolutionIndex,
  upserts: readonly Node[],
  removed: readonly string[],
): ResolutionIndex {
  const gone = new Set(removed);
  const ups = new Map<string, IndexNode>(upserts.map((v) => [v.path, [v.path, v.kind, v.provider]]));
  const old = index.nodes;
  // The stored nodes are in path order: merge the new ones in (one pass), noting where each stored node lands.
  const present = new Set<string>();
  for (const n of old) if (ups.has(n[0])) present.add(n[0]);
  const fresh = [...ups.keys()].filter((p) => !present.has(p)).sort(byPathOrder);
  const nodes: IndexNode[] = [];
  const position = new Int32Array(old.length).fill(-1);
  let j = 0;
  for (let i = 0; i < old.length; i++) {
    const n = old[i]!;
    if (i > 0 && byPathOrder(old[i - 1]![0], n[0]) >= 0) return reindexed(index, ups, gone);
    while (j < fresh.length && fresh[j]! < n[0]) nodes.push(ups.get(fresh[j++]!)!);
    const up = ups.get(n[0]);
    if (up === undefined && gone.has(n[0])) continue;
    position[i] = nodes.length;
    nodes.push(up ?? n);
  }
  while (j < fresh.length) nodes.push(ups.get(fresh[j++]!)!);
  // A list whose nodes all stay where they were is kept as it is.
  const names = index.names.map(([handle, list]) => {
    const kept = list.every(([at]) => position[at] === at && !gone.has(old[at]![0]));
    if (kept) return [handle, list] as const;
    const moved = list
      .filter(([at]) => !gone.has(old[at]![0]))
      .map(([at, kind, via, reserved]) => [position[at]!, kind, via, reserved] as const);
    return [handle, moved] as const;
  });
  return { ...index, nodes, names };
}

/** The same, for a stored index whose nodes are not in path order (sorted again, positions by path). */
function reindexed(
  index: ResolutionIndex,
  ups: ReadonlyMap<string, IndexNode>,
  gone: ReadonlySet<string>,
): ResolutionIndex {
  const byPath = new Map(index.nodes.map((n) => [n[0], n] as const));
  for (const p of gone) byPath.delete(p);
  for (const [p, n] of ups) byPath.set(p, n);
  const nodes = [...byPath.values()].sort((a, b) => byPathOrder(a[0], b[0]));
  const position = new Map(nodes.map((n, i) => [n[0], i] as const));
  const names = index.names.map(
    ([handle, list]) =>
      [
        handle,
        list
          .filter(([at]) => !gone.has(index.nodes[at]![0]))
          .map(
            ([at, kind, via, reserved]) => [position.get(index.nodes[at]![0])!, kind, via, reserved] as const,
          ),
      ] as const,
  );
  return { ...index, nodes, names };
}

/**
 * The virtual-node part of the patch of `changes` (in path order), or the reason it does not apply; null when no
 * change touches a virtual node.
 */
export function patchVirtual(
  index: ResolutionIndex,
  changes: readonly Change[],
  active: ProviderIds,
  lookup: PatchLookup | undefined,
): VirtualPatch | string | null {
  const touched = new Set<string>();
  for (const { prev, next } of changes) for (const p of virtualPathsChanged(prev, next)) touched.add(p);
  if (touched.size === 0) return null;
  const first = [...touched].sort()[0]!;
  if (lookup === undefined) return `the MCP servers declared as '${first}' changed`;
  const changed = new Map(changes.map((c) => [c.next.path, c.next] as const));
  const stored = new Set(index.nodes.map((n) => n[0]));
  const upserts: Node[] = [];
  const removed: string[] = [];
  for (const path of [...touched].sort()) {
    const before = stored.has(path) ? lookup.node(path) : undefined;
    if (stored.has(path) && before?.virtual !== true)
      return `'${path}' is not a virtual node of the stored graph`;
    const paths = new Set((before?.derivedFrom ?? []).filter((p) => !changed.has(p)));
    for (const [p, record] of changed) if (declares(record, path)) paths.add(p);
    const declarers: FileRecord[] = [];
    for (const p of paths) {
      const record = changed.get(p) ?? lookup.record(p);
      if (record === undefined) return `the cached record of '${p}' (declaring '${path}') is missing`;
      declarers.push(record);
    }
    const merged =
      declarers.length === 0 ? undefined : assemble(sortedRecords(declarers), active).byPath.get(path);
    if (merged === undefined) {
      if (before !== undefined) removed.push(path);
    } else upserts.push(merged);
  }
  const added = upserts.filter((v) => !stored.has(v.path));
  // A full persist may carry state from a vanished node to a new one (a rename): leave that to it.
  if (added.length > 0 && removed.length > 0)
    return `virtual nodes appear ('${added[0]!.path}') and vanish ('${removed[0]!}') at once`;
  const reachingPaths = new Set<string>();
  for (const path of [...added.map((v) => v.path), ...removed]) {
    for (const source of lookup.linkSources(path)) if (!changed.has(source)) reachingPaths.add(source);
    if (reachingPaths.size > MAX_REACHING) return `more than ${MAX_REACHING} files reach '${path}'`;
  }
  const reaching: FileRecord[] = [];
  for (const p of [...reachingPaths].sort()) {
    const record = lookup.record(p);
    if (record === undefined) return `the cached record of '${p}' (reaching a virtual node) is missing`;
    reaching.push(record);
  }
  return { upserts, removed, index: indexWithVirtual(index, upserts, removed), reaching };
}
