// What resolving one record's links reads of the rest of the graph, as plain data: a build writes it next to the
// rows, and a new process re-resolves a few changed records against it (record-patch.ts) without loading the others.
import type { Node } from '@skill-map/spec';
import type { ParsedSidecar } from '../types.js';
import type { Assembled, NameCandidate } from './assemble.js';
import { NO_SIDECAR, suppressionEntries } from './assemble.js';

/** A name candidate as stored: the node's index in `nodes`, then kind, how the name was derived, reserved. */
export type IndexedCandidate = readonly [
  node: number,
  kind: string,
  via: NameCandidate['via'],
  reserved: 0 | 1,
];

/** The resolution-relevant part of an assembled graph (JSON-safe). */
export interface ResolutionIndex {
  readonly version: 2;
  /** The build's context key (lens, settings, walk facts): a patch under another context is refused. */
  readonly contextKey: string;
  /** Every node, files and virtual, in path order: path, kind, provider. */
  readonly nodes: ReadonlyArray<readonly [path: string, kind: string, provider: string]>;
  readonly names: ReadonlyArray<readonly [handle: string, candidates: readonly IndexedCandidate[]]>;
  readonly skillDirs: readonly string[];
  readonly pluginNames: readonly string[];
  /** Node path → the reserved handle it answers to. */
  readonly reserved: ReadonlyArray<readonly [path: string, handle: string]>;
  /** Sidecars (annotations, suppressions, stability) are present, attached or orphaned. */
  readonly overlays: boolean;
  /**
   * The attached sidecars, by the node path they annotate: a patched node gets its overlay from them, its issues
   * their suppressions, and links reaching a deprecated node are counted.
   */
  readonly sidecars: ReadonlyArray<readonly [path: string, sidecar: ParsedSidecar]>;
  /** Paths of the files with inline suppressions (absent: none): a patch then builds in full (record-patch.ts). */
  readonly inline?: readonly string[];
}

/** The index of an assembled graph built under `contextKey`. */
export function resolutionIndexOf(g: Assembled, contextKey: string): ResolutionIndex {
  const position = new Map<string, number>();
  const nodes = g.nodes.map((n, i): readonly [string, string, string] => {
    position.set(n.path, i);
    return [n.path, n.kind, n.provider];
  });
  const names: Array<readonly [string, IndexedCandidate[]]> = [];
  for (const [handle, list] of g.names) {
    const candidates: IndexedCandidate[] = [];
    for (const c of list) {
      const at = position.get(c.path);
      if (at !== undefined) candidates.push([at, c.kind, c.via, c.reserved ? 1 : 0]);
    }
    names.push([handle, candidates]);
  }
  return {
    version: 2,
    contextKey,
    nodes,
    names,
    skillDirs: [...g.skillDirs],
    pluginNames: [...g.pluginNames].sort(),
    reserved: [...g.reservedPaths],
    overlays: g.sidecars.size > 0 || g.orphanSidecars.length > 0 || g.suppressions.size > 0,
    sidecars: [...g.sidecars],
    ...(g.inlinePaths === undefined ? {} : { inline: g.inlinePaths.slice() }),
  };
}

/** The index of an incremental build's state (its graph and the context key it was built under). */
export function resolutionIndexOfState(state: {
  readonly graph: Assembled;
  readonly contextKey: string;
}): ResolutionIndex {
  return resolutionIndexOf(state.graph, state.contextKey);
}

/** True when `value` has the shape of a {@link ResolutionIndex} (a stored one may come from another build). */
export function isResolutionIndex(value: unknown): value is ResolutionIndex {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<ResolutionIndex>;
  return (
    v.version === 2 &&
    typeof v.contextKey === 'string' &&
    Array.isArray(v.nodes) &&
    Array.isArray(v.names) &&
    Array.isArray(v.skillDirs) &&
    Array.isArray(v.pluginNames) &&
    Array.isArray(v.reserved) &&
    typeof v.overlays === 'boolean' &&
    Array.isArray(v.sidecars)
  );
}

/** One assembled graph per index object: a patch reads the same index from several steps (names, virtual nodes). */
const ASSEMBLED = new WeakMap<ResolutionIndex, Assembled>();

/**
 * An assembled graph for resolution and the link analyzers only: its nodes carry path, kind and provider (what those
 * read) and nothing else; there are no records; sidecars and their suppressions are the attached ones. Built once per
 * index object and shared: a caller that sets a field works on a copy.
 */
export function assembledFromIndex(index: ResolutionIndex): Assembled {
  let g = ASSEMBLED.get(index);
  if (g === undefined) {
    // A patch that keeps the node list (names, plugin names) builds on the stored graph; new nodes mean a new graph
    // (re-pointing ten thousand node objects costs what building them does).
    const parent = PARENT.get(index);
    const from = parent === undefined || parent.nodes !== index.nodes ? undefined : ASSEMBLED.get(parent);
    g = from === undefined ? assemble(index) : derive(index, parent!, from);
    ASSEMBLED.set(index, g);
  }
  return g;
}

/** The index each patched index was made from (its assembled graph, when built, is the base of the new one's). */
const PARENT = new WeakMap<ResolutionIndex, ResolutionIndex>();

/** Records that `child` was made from `parent` (a patch step): assembling it then reuses what did not change. */
export function derivedIndex(child: ResolutionIndex, parent: ResolutionIndex): ResolutionIndex {
  PARENT.set(child, parent);
  return child;
}

const slimNode = (path: string, kind: string, provider: string): Node =>
  ({ path, kind, provider, sidecar: NO_SIDECAR }) as unknown as Node;

const candidatesOf = (list: readonly IndexedCandidate[], nodes: readonly Node[]): NameCandidate[] =>
  list.map(([at, kind, via, reserved]) => {
    const node = nodes[at]!;
    return { path: node.path, node, kind, via, reserved: reserved === 1 };
  });

/**
 * `assemble(index)` built from the graph of the index it was made from, which has the same node list: its node
 * objects, its candidate lists where the stored list is the same one, its sidecars and name sets where those parts are
 * the same. What the patch changed (a few names, the plugin names) is new.
 */
function derive(index: ResolutionIndex, parentIndex: ResolutionIndex, parent: Assembled): Assembled {
  const nodes = parent.nodes;
  const before = new Map(parentIndex.names);
  const names = new Map<string, NameCandidate[]>();
  for (const [handle, list] of index.names) {
    const prev = before.get(handle) === list ? parent.names.get(handle) : undefined;
    names.set(handle, prev ?? candidatesOf(list, nodes));
  }
  const sidecarsSame = index.sidecars === parentIndex.sidecars;
  return {
    ...(sidecarsSame ? { sidecars: parent.sidecars, suppressions: parent.suppressions } : overlaysOf(index)),
    nodes,
    byPath: parent.byPath,
    recordNodes: [],
    prepared: [],
    identified: [],
    identifierLists: [],
    names,
    orphanSidecars: [],
    pluginNames:
      index.pluginNames === parentIndex.pluginNames ? parent.pluginNames : new Set(index.pluginNames),
    reservedPaths: index.reserved === parentIndex.reserved ? parent.reservedPaths : new Map(index.reserved),
    sharedHandles: [],
    skillDirs: index.skillDirs === parentIndex.skillDirs ? parent.skillDirs : new Set(index.skillDirs),
    violations: [],
  };
}

/** The attached sidecars of `index` and the suppressions they hold. */
function overlaysOf(index: ResolutionIndex): Pick<Assembled, 'sidecars' | 'suppressions'> {
  const sidecars = new Map(index.sidecars);
  const suppressions = new Map<string, ReturnType<typeof suppressionEntries>>();
  for (const [path, sc] of sidecars) {
    const entries = suppressionEntries(sc);
    if (entries.length > 0) suppressions.set(path, entries);
  }
  return { sidecars, suppressions };
}

function assemble(index: ResolutionIndex): Assembled {
  const nodes = index.nodes.map(([path, kind, provider]) => slimNode(path, kind, provider));
  const byPath = new Map<string, Node>();
  for (const n of nodes) byPath.set(n.path, n);
  const names = new Map<string, NameCandidate[]>();
  for (const [handle, list] of index.names) names.set(handle, candidatesOf(list, nodes));
  return {
    nodes,
    byPath,
    recordNodes: [],
    prepared: [],
    identified: [],
    identifierLists: [],
    names,
    ...overlaysOf(index),
    orphanSidecars: [],
    pluginNames: new Set(index.pluginNames),
    reservedPaths: new Map(index.reserved),
    sharedHandles: [],
    skillDirs: new Set(index.skillDirs),
    violations: [],
  };
}
