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
    g = assemble(index);
    ASSEMBLED.set(index, g);
  }
  return g;
}

function assemble(index: ResolutionIndex): Assembled {
  const nodes = index.nodes.map(
    ([path, kind, provider]) => ({ path, kind, provider, sidecar: NO_SIDECAR }) as unknown as Node,
  );
  const byPath = new Map<string, Node>();
  for (const n of nodes) byPath.set(n.path, n);
  const sidecars = new Map(index.sidecars);
  const suppressions = new Map<string, ReturnType<typeof suppressionEntries>>();
  for (const [path, sc] of sidecars) {
    const entries = suppressionEntries(sc);
    if (entries.length > 0) suppressions.set(path, entries);
  }
  const names = new Map<string, NameCandidate[]>();
  for (const [handle, list] of index.names) {
    names.set(
      handle,
      list.map(([at, kind, via, reserved]) => {
        const node = nodes[at]!;
        return { path: node.path, node, kind, via, reserved: reserved === 1 };
      }),
    );
  }
  return {
    nodes,
    byPath,
    recordNodes: [],
    prepared: [],
    identified: [],
    identifierLists: [],
    names,
    sidecars,
    orphanSidecars: [],
    suppressions,
    pluginNames: new Set(index.pluginNames),
    reservedPaths: new Map(index.reserved),
    sharedHandles: [],
    skillDirs: new Set(index.skillDirs),
    violations: [],
  };
}
