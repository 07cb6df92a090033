// The record patch's answer to a node that changes the names it answers to (`name:` in the frontmatter): the stored
// name index gets the node's new names, the node-level issues names drive (name-collision of every handle it left or
// joined, its own name-mismatch) are replaced by what the analyzers say over the new index, and the files whose
// triggers may name one of those handles (found by the handle's text in the trigger text the store keeps beside their
// cached records, `recordMentions`: a superset) are
// re-resolved too. A change of the reserved name a node answers to still builds in full.
import type { Issue, Node } from '@skill-map/spec';
import type { GraphView } from '../analyzers/analyzer.js';
import { runAnalyzers } from '../build-graph.js';
import { KIND_IDENTIFIERS } from '../providers/provider.js';
import { reservedIndex } from '../providers/registry.js';
import type { FileRecord, GraphContext, NodeIdentifier } from '../types.js';
import { createIssueSink } from './issue-sink.js';
import { prepareRecord } from './prepared.js';
import {
  assembledFromIndex,
  derivedIndex,
  type IndexedCandidate,
  type ResolutionIndex,
} from './resolution-index.js';
import { MAX_REACHING, type Needle, type PatchLookup } from './virtual-patch.js';

const NAME_ANALYZERS: ReadonlySet<string> = new Set(['core/name-collision', 'core/name-mismatch']);

/** The name part of a patch. */
export interface NamePatch {
  readonly index: ResolutionIndex;
  /** Node-level issues of the old names (to delete) and of the new ones (to insert). */
  readonly stale: Issue[];
  readonly fresh: Issue[];
  /** Unchanged files whose triggers may name a handle the changes touched (to re-resolve). */
  readonly reaching: FileRecord[];
}

interface Renamed {
  readonly record: FileRecord;
  readonly before: readonly NodeIdentifier[];
  readonly after: readonly NodeIdentifier[];
}

const sameIds = (a: readonly NodeIdentifier[], b: readonly NodeIdentifier[]): boolean =>
  a.length === b.length && a.every((id, i) => id.handle === b[i]!.handle && id.via === b[i]!.via);

/** The reserved names of a host's files (assemble's rule: its host's list when active, else every active one's). */
function reservedFor(node: Node, active: readonly string[]): ReadonlyMap<string, ReadonlySet<string>> {
  return reservedIndex(active.includes(node.provider) ? node.provider : active);
}

/** The first of `ids` the node answers to as a reserved name, if any. */
function reservedHandle(
  node: Node,
  ids: readonly NodeIdentifier[],
  active: readonly string[],
): string | undefined {
  const reserved = reservedFor(node, active);
  return ids.find((id) => reserved.get(node.kind)?.has(id.handle) === true)?.handle;
}

/** `index` with the nodes of `renamed` answering to their new names (names in a full build's order). */
function indexWithNames(
  index: ResolutionIndex,
  renamed: readonly Renamed[],
  nodeOf: (path: string) => Node,
  active: readonly string[],
): ResolutionIndex {
  const position = new Map(index.nodes.map((n, i) => [n[0], i] as const));
  // The untouched handles keep their stored lists (the assembled graph reuses their candidates); touched ones are new.
  const lists = new Map<string, readonly IndexedCandidate[]>(index.names);
  for (const { record, before, after } of renamed) {
    const at = position.get(record.path)!;
    const node = nodeOf(record.path);
    for (const id of before) {
      const list = lists.get(id.handle)?.filter(([n]) => n !== at) ?? [];
      if (list.length === 0) lists.delete(id.handle);
      else lists.set(id.handle, list);
    }
    const reserved = reservedFor(node, active);
    for (const id of after) {
      const flag = reserved.get(node.kind)?.has(id.handle) === true ? 1 : 0;
      const list = [...(lists.get(id.handle) ?? [])];
      list.push([at, node.kind, id.via, flag] as IndexedCandidate);
      list.sort((a, b) => a[0] - b[0]);
      lists.set(id.handle, list);
    }
  }
  // A full build meets the handles node by node (path order), each node's names in its kind's identifier order.
  const rank = (c: IndexedCandidate): number =>
    (KIND_IDENTIFIERS[c[1]] ?? ['filename-basename']).indexOf(c[2]);
  const names = [...lists].sort(([, a], [, b]) => a[0]![0] - b[0]![0] || rank(a[0]!) - rank(b[0]!));
  return derivedIndex({ ...index, names }, index);
}

/** What the name analyzers say about `handles` (collisions) and `nodes` (mismatches) over `index`. */
function nameIssues(
  index: ResolutionIndex,
  handles: readonly string[],
  nodes: ReadonlyArray<readonly [Node, readonly NodeIdentifier[]]>,
  ctx: GraphContext,
  active: readonly string[],
): Issue[] {
  const shared = assembledFromIndex(index);
  const g = {
    ...shared,
    sharedHandles: handles.filter((h) => (shared.names.get(h)?.length ?? 0) > 1),
    identified: nodes.map(([n]) => n),
    identifierLists: nodes.map(([, ids]) => [...ids]),
  };
  const sink = createIssueSink(new Map(), new Map());
  const view: GraphView = {
    lens: ctx.lens.provider,
    providers: active,
    settings: ctx.settings,
    graph: g,
    links: [],
    runs: [0],
    broken: [],
    selfLoops: [],
    reservedLinks: [],
    kindPairRuns: [],
    redundantPairRuns: [],
  };
  runAnalyzers(view, sink, NAME_ANALYZERS);
  return sink.issues;
}

/**
 * The text a record's links could name a node by (the store keeps it beside the record, and `needleOf`'s needles are
 * searched in it): each raw link's authored trigger, else its target (a trigger-style link resolves that by name),
 * one per line, each text once.
 */
export function recordMentions(record: FileRecord): string {
  const links = record.links;
  if (links === undefined || links.length === 0) return '';
  const seen = new Set<string>();
  for (const l of links) seen.add(typeof l.trigger === 'string' ? l.trigger : l.target);
  return [...seen].join('\n');
}

/**
 * What any raw trigger naming `handle` holds (null for a handle with no plain-ASCII form): its runs of letters and
 * digits in order (lower-cased text), and the handle itself with each space standing for any run of `-`, `_` or
 * whitespace (a JSON-escaped one too), case-insensitive. A superset: a record that matches may not name it.
 */
function needleOf(handle: string): Needle | null {
  if (/[^\x20-\x7e]/.test(handle)) return null;
  const runs = handle.match(/[a-z0-9]+/g) ?? [];
  if (runs.length === 0) return null;
  const parts = handle.split(' ').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return { parts: runs, pattern: new RegExp(parts.join('(?:[-_\\s]|\\\\[nrt])+'), 'i') };
}

/**
 * The name part of the patch of `changes`, or the reason it does not apply; null when no change touches a name.
 * `changed` holds every changed path (their records are re-resolved anyway).
 */
export function patchNames(
  index: ResolutionIndex,
  changes: ReadonlyArray<{ readonly prev: FileRecord; readonly next: FileRecord }>,
  ctx: GraphContext,
  active: readonly string[],
  lookup: PatchLookup | undefined,
): NamePatch | string | null {
  const renamed: Renamed[] = [];
  for (const { prev, next } of changes) {
    if (prev.node === null || next.node === null) continue;
    const before = prepareRecord(prev).identifiers;
    const after = prepareRecord(next).identifiers;
    if (!sameIds(before, after)) renamed.push({ record: next, before, after });
  }
  if (renamed.length === 0) return null;
  const first = renamed[0]!;
  const handlesOf = (ids: readonly NodeIdentifier[]): string => ids.map((i) => i.handle).join(', ') || 'none';
  const what = `'${first.record.path}' changed the names it answers to (${handlesOf(first.before)} → ${handlesOf(first.after)})`;
  if (lookup === undefined) return what;
  const g0 = assembledFromIndex(index);
  const nodeOf = (path: string): Node => g0.byPath.get(path)!;
  const reserved = new Map(index.reserved);
  for (const { record, after } of renamed) {
    if (g0.byPath.get(record.path) === undefined) return `'${record.path}' is not a node of the stored graph`;
    if (reservedHandle(nodeOf(record.path), after, active) !== reserved.get(record.path))
      return `${what}, and the reserved name it answers to with them`;
  }
  const handles = [...new Set(renamed.flatMap((r) => [...r.before, ...r.after].map((i) => i.handle)))].sort();
  const needles: Needle[] = [];
  for (const h of handles) {
    const needle = needleOf(h);
    if (needle === null) return `${what}, and a name has no plain-text form to look for`;
    needles.push(needle);
  }
  const next = indexWithNames(index, renamed, nodeOf, active);
  const g1 = assembledFromIndex(next);
  const stale = nameIssues(
    index,
    handles,
    renamed.map((r) => [g0.byPath.get(r.record.path)!, r.before] as const),
    ctx,
    active,
  );
  const fresh = nameIssues(
    next,
    handles,
    renamed.map((r) => [g1.byPath.get(r.record.path)!, r.after] as const),
    ctx,
    active,
  );
  const changed = new Set(changes.map((c) => c.next.path));
  const paths = lookup.recordsMentioning(needles).filter((p) => !changed.has(p));
  if (paths.length > MAX_REACHING) return `${what}, and more than ${MAX_REACHING} files may name it`;
  const reaching: FileRecord[] = [];
  for (const p of paths.sort()) {
    const record = lookup.record(p);
    if (record === undefined) return `the cached record of '${p}' (which may name a renamed node) is missing`;
    reaching.push(record);
  }
  return { index: next, stale, fresh, reaching };
}
