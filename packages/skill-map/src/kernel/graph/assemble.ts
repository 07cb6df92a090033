import { NODE_KIND_PATTERN, type Issue, type IssueSuppression, type Node } from '@skill-map/spec';
import { expandNode } from '../record-format.js';
import type { FileRecord, NodeIdentifier, ParsedSidecar } from '../types.js';
import { prepareRecord, type PreparedRecord } from './prepared.js';
import { LENS_PROVIDERS, reservedIndex, type ProviderIds } from '../providers/registry.js';

/** Shared, frozen overlay of nodes without a sidecar (saves one allocation per node). */
export const NO_SIDECAR: NonNullable<Node['sidecar']> = Object.freeze({
  present: false,
  status: null,
  annotations: null,
  root: null,
});

const VALID_KINDS = new Set<string>();

/** `NODE_KIND_PATTERN.test(kind)`, remembered per kind string (a scan has a handful). */
function validKind(kind: string): boolean {
  if (VALID_KINDS.has(kind)) return true;
  if (!NODE_KIND_PATTERN.test(kind)) return false;
  if (VALID_KINDS.size < 1024) VALID_KINDS.add(kind);
  return true;
}

/**
 * The graph's node for a node record (link counts 0, no sidecar overlay yet): `expandNode`, whose one literal in one
 * key order keeps the 10k nodes on a handful of V8 maps, with the record's prepared size triple (read-only, shared by
 * every build over the record).
 */
export function nodeOf(record: FileRecord, prepared: PreparedRecord): Node {
  return expandNode(record.path, record.contentHash, record.node!, prepared.bytes!);
}

/** A node a handle may resolve to. */
export interface NameCandidate {
  path: string;
  /** The assembled node at `path`. */
  node: Node;
  kind: string;
  via: NodeIdentifier['via'];
  reserved: boolean;
}

/** The node set of a scan with the indexes resolution and analyzers need (built once, O(n)). */
export interface Assembled {
  nodes: Node[];
  byPath: Map<string, Node>;
  /** The assembled node of `records[i]` (by index, undefined when the record has no kept node). */
  recordNodes: (Node | undefined)[];
  /** `prepareRecord(records[i])`, by index. */
  prepared: PreparedRecord[];
  /** Kept file nodes in record (path) order, with `identifierLists[i]` the identifiers of `identified[i]`. */
  identified: Node[];
  identifierLists: NodeIdentifier[][];
  names: Map<string, NameCandidate[]>;
  sidecars: Map<string, ParsedSidecar>;
  orphanSidecars: ParsedSidecar[];
  suppressions: Map<string, IssueSuppression[]>;
  pluginNames: Set<string>;
  /** Node path → the reserved handle it answers to (name-reserved). */
  reservedPaths: Map<string, string>;
  /** Handles claimed by more than one node (name-collision candidates). */
  sharedHandles: string[];
  /** Directories holding a skill's SKILL.md (skill roots for bare relative paths). */
  skillDirs: Set<string>;
  /** schema-violation issues for dropped nodes. */
  violations: Issue[];
  /** Paths of the records that carry inline suppressions (absent: none does). */
  inlinePaths?: string[];
}

/**
 * Merges two declarations of one virtual node: a config-declared server beats a tools-derived one; between two
 * configs, the host that comes first among the active providers (then in global precedence) wins; else the first
 * seen (path order). `existing` is assemble's own copy; the caller fills `derivedFrom` (the sorted union) at the end.
 */
function mergeVirtual(
  existing: Node,
  incoming: Node,
  incomingFromConfig: boolean,
  existingFromConfig: boolean,
  rank: (provider: string) => number,
): Node {
  const incomingWins =
    incomingFromConfig && (!existingFromConfig || rank(incoming.provider) < rank(existing.provider));
  return incomingWins ? { ...incoming, derivedFrom: [] } : existing;
}

/** The well-formed `issueSuppressions` entries of a sidecar's annotations. */
export function suppressionEntries(sidecar: ParsedSidecar): IssueSuppression[] {
  const list = sidecar.annotations?.['issueSuppressions'];
  if (!Array.isArray(list)) return [];
  return list.filter(
    (e): e is IssueSuppression =>
      e !== null &&
      typeof e === 'object' &&
      typeof (e as IssueSuppression).analyzer === 'string' &&
      typeof (e as IssueSuppression).value === 'string',
  );
}

/**
 * Builds nodes (deduping virtual MCP nodes), attaches sidecars, and indexes names and suppressions. `lens` is the
 * active set (reserved names are the union of its providers' lists).
 */
export function assemble(records: readonly FileRecord[], lens: ProviderIds): Assembled {
  const out: Assembled = {
    nodes: [],
    byPath: new Map(),
    recordNodes: new Array<Node | undefined>(records.length),
    prepared: new Array<PreparedRecord>(records.length),
    identified: [],
    identifierLists: [],
    names: new Map(),
    sidecars: new Map(),
    orphanSidecars: [],
    suppressions: new Map(),
    pluginNames: new Set(),
    skillDirs: new Set(),
    reservedPaths: new Map(),
    sharedHandles: [],
    violations: [],
  };
  const virtualFromConfig = new Map<string, boolean>();
  // derivedFrom of virtual nodes declared more than once, unioned as they come (sorted once at the end, not per merge).
  const mergedFrom = new Map<string, Set<string>>();
  const active = typeof lens === 'string' ? [lens] : lens;
  const hostRank = (provider: string): number => {
    const i = active.indexOf(provider);
    if (i >= 0) return i;
    const g = LENS_PROVIDERS.findIndex((p) => p.id === provider);
    return active.length + (g < 0 ? LENS_PROVIDERS.length : g);
  };
  const sidecarFiles: ParsedSidecar[] = [];
  const reservedOf = reservedIndex(lens);
  // A host's built-in names only shadow that host's own files (Claude's `/review` does not shadow a Cursor
  // command); files no host owns (plugins, open skills, markdown) are checked against every active host.
  const reservedFor = (provider: string): ReadonlyMap<string, ReadonlySet<string>> =>
    active.includes(provider) ? reservedIndex(provider) : reservedOf;
  for (let r = 0; r < records.length; r++) {
    const record = records[r]!;
    const pluginNames = record.pluginNames;
    if (pluginNames !== undefined) for (const name of pluginNames) out.pluginNames.add(name);
    if (record.sidecar !== undefined) sidecarFiles.push(record.sidecar);
    if (record.suppressions !== undefined) (out.inlinePaths ??= []).push(record.path);
    const node = record.node;
    const path = record.path;
    const prepared = prepareRecord(record);
    out.prepared[r] = prepared;
    if (node !== null && !out.byPath.has(path)) {
      if (!validKind(node.kind) || path === '') {
        out.violations.push({
          analyzerId: 'schema-violation',
          severity: 'error',
          nodeIds: [path],
          message: `Node '${path}' violates node.schema.json (kind '${node.kind}') and was dropped`,
          data: { target: 'node', kind: node.kind },
        });
      } else {
        // buildGraph replaces the overlay of nodes with a sidecar.
        const copy = nodeOf(record, prepared);
        copy.sidecar = NO_SIDECAR;
        out.byPath.set(path, copy);
        out.recordNodes[r] = copy;
        out.identified.push(copy);
        out.identifierLists.push(prepared.identifiers);
      }
    } else if (node !== null) out.recordNodes[r] = out.byPath.get(path);
    const virtualNodes = record.virtualNodes;
    if (virtualNodes === undefined) continue;
    for (const v of virtualNodes) {
      const fromConfig = record.role === 'mcp-config';
      const existing = out.byPath.get(v.path);
      if (existing === undefined) {
        out.byPath.set(v.path, {
          ...v,
          linksOutCount: 0,
          linksInCount: 0,
          derivedFrom: [...(v.derivedFrom ?? [])],
        });
        virtualFromConfig.set(v.path, fromConfig);
      } else if (existing.virtual === true) {
        let from = mergedFrom.get(v.path);
        if (from === undefined) mergedFrom.set(v.path, (from = new Set(existing.derivedFrom ?? [])));
        for (const source of v.derivedFrom ?? []) from.add(source);
        out.byPath.set(
          v.path,
          mergeVirtual(existing, v, fromConfig, virtualFromConfig.get(v.path) === true, hostRank),
        );
        virtualFromConfig.set(v.path, fromConfig || virtualFromConfig.get(v.path) === true);
      }
    }
  }
  for (const [path, from] of mergedFrom) out.byPath.get(path)!.derivedFrom = [...from].sort();
  const nodes = [...out.byPath.values()];
  // Records come in path order, so the nodes usually do too (virtual `mcp://` nodes are the exception).
  for (let i = 1; i < nodes.length; i++) {
    if (nodes[i - 1]!.path > nodes[i]!.path) {
      nodes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      break;
    }
  }
  out.nodes = nodes;
  for (let i = 0; i < out.identified.length; i++) {
    const node = out.identified[i]!;
    const ids = out.identifierLists[i]!;
    const path = node.path;
    if (node.kind === 'skill' && path.endsWith('SKILL.md'))
      out.skillDirs.add(path.length > 8 ? path.slice(0, path.length - 9) : '');
    for (const id of ids) {
      const candidate: NameCandidate = {
        path,
        node,
        kind: node.kind,
        via: id.via,
        reserved: reservedFor(node.provider).get(node.kind)?.has(id.handle) === true,
      };
      if (candidate.reserved && !out.reservedPaths.has(path)) out.reservedPaths.set(path, id.handle);
      const list = out.names.get(id.handle);
      if (list === undefined) out.names.set(id.handle, [candidate]);
      else {
        if (list.length === 1) out.sharedHandles.push(id.handle);
        list.push(candidate);
      }
    }
  }
  for (const sc of sidecarFiles) {
    const stem = sc.path.slice(0, -3);
    const target = out.byPath.has(`${stem}.md`) ? `${stem}.md` : out.byPath.has(stem) ? stem : null;
    if (target === null || out.sidecars.has(target)) out.orphanSidecars.push(sc);
    else {
      out.sidecars.set(target, sc);
      const entries = suppressionEntries(sc);
      if (entries.length > 0) out.suppressions.set(target, entries);
    }
  }
  return out;
}
