import type { Link, LinkKind, Node } from '@skill-map/spec';
import { isReservedForAny, type ProviderIds, type ResolutionMap } from '../providers/registry.js';
import { rawLinkAllInCode, rawLinkBare, rawLinkFallback } from '../record-format.js';
import type { RawLink } from '../types.js';
import { dirname, joinPath } from '../util/posix-path.js';
import type { Assembled, NameCandidate } from './assemble.js';
import type { PairRuns } from './pair-runs.js';

/** How a link ended up: resolved to a node, to an existing non-node file, to a runtime built-in, or broken. */
export type LinkState = 'resolved' | 'exists' | 'builtin' | 'broken';

/** Existence checks for path-style targets that are not nodes. */
export interface PathOracle {
  exists(path: string): boolean;
}

const VIA_RANK: Record<NameCandidate['via'], number> = {
  'frontmatter.name': 0,
  dirname: 1,
  'filename-basename': 1,
};

function better(a: NameCandidate, ra: number, b: NameCandidate, rb: number): boolean {
  if (a.reserved !== b.reserved) return !a.reserved;
  if (ra !== rb) return ra < rb;
  if (VIA_RANK[a.via] !== VIA_RANK[b.via]) return VIA_RANK[a.via] < VIA_RANK[b.via];
  return a.path < b.path;
}

/** Picks the best candidate: non-reserved first, then the active set's priority of its kind, then frontmatter names, then path. */
export function pickCandidate(
  candidates: readonly NameCandidate[] | undefined,
  kinds: readonly string[],
): NameCandidate | null {
  if (candidates === undefined) return null;
  let best: NameCandidate | null = null;
  let bestRank = 0;
  for (const c of candidates) {
    const rank = kinds.indexOf(c.kind);
    if (rank < 0) continue;
    if (best === null || better(c, rank, best, bestRank)) {
      best = c;
      bestRank = rank;
    }
  }
  return best;
}

/** The SKILL.md of a skill folder a path-style target names, if it does. */
function resolveSkillDir(t: string, g: Assembled): Node | null {
  if (!t.endsWith('.md') && g.skillDirs.has(t)) return g.byPath.get(`${t}/SKILL.md`) ?? null;
  return null;
}

/** The node a path-style target names: the node itself, or a skill folder's SKILL.md. */
function resolveAt(t: string, g: Assembled): Node | null {
  return g.byPath.get(t) ?? resolveSkillDir(t, g);
}

/** Where a resolver reports (one per resolveLinks call, reused: resolving allocates nothing per link). */
export interface Outcome {
  state: LinkState;
  /** The node the link resolves to. */
  node: Node | null;
  /** Dropped (speculative or code-only trigger that resolves to nothing). */
  pruned: boolean;
}

function settle(out: Outcome, state: LinkState, node: Node | null, pruned = false): void {
  out.state = state;
  out.node = node;
  out.pruned = pruned;
}

export function resolvePath(
  link: RawLink,
  dir: string,
  source: string,
  g: Assembled,
  oracle: PathOracle,
  out: Outcome,
): void {
  const target = link.target;
  const node = g.byPath.get(target);
  if (node !== undefined) return settle(out, 'resolved', node);
  // The rest is the uncommon path (links to non-nodes, fallbacks, skill folders): decode what it needs lazily.
  const fallback = rawLinkFallback(link, dir, true);
  const hit = resolveSkillDir(target, g) ?? (fallback === null ? null : resolveAt(fallback, g));
  if (hit !== null) return settle(out, 'resolved', hit);
  if (oracle.exists(target) || (fallback !== null && oracle.exists(fallback))) {
    return settle(out, 'exists', null);
  }
  // Agent Skills paths are relative to the skill folder: retry a bare path from each enclosing skill root.
  const bare = g.skillDirs.size > 0 ? rawLinkBare(link, dir, true) : null;
  if (bare !== null) {
    for (let d = dirname(source); ; d = dirname(d)) {
      if (g.skillDirs.has(d)) {
        const t = joinPath(d, bare);
        const hit = g.byPath.get(t);
        if (hit !== undefined) return settle(out, 'resolved', hit);
        if (oracle.exists(t)) return settle(out, 'exists', null);
      }
      if (d === '') break;
    }
  }
  settle(out, 'broken', null);
}

function lookup(g: Assembled, handle: string, kinds: readonly string[]): Node | null {
  const hit = pickCandidate(g.names.get(handle), kinds);
  return hit === null ? null : hit.node;
}

export function resolveTrigger(
  link: RawLink,
  kind: LinkKind,
  handle: string,
  g: Assembled,
  lens: ProviderIds,
  resolution: ResolutionMap,
  out: Outcome,
): void {
  const kinds = link.resolveKinds ?? resolution[kind] ?? [];
  const speculative = link.speculative === true;
  // Speculative `plugin:name` triggers only resolve through a declared plugin namespace.
  let to = speculative ? null : lookup(g, handle, kinds);
  const colon = handle.indexOf(':');
  if (to === null && colon > 0 && g.pluginNames.has(handle.slice(0, colon)))
    to = lookup(g, handle.slice(colon + 1), kinds);
  if (to === null && !speculative && kind === 'mentions' && handle.startsWith('agent '))
    to = lookup(g, handle.slice(6), kinds);
  if (to !== null) return settle(out, 'resolved', to);
  if (speculative) return settle(out, 'broken', null, true);
  if (isReservedForAny(lens, kinds, handle)) return settle(out, 'builtin', null);
  settle(out, 'broken', null, rawLinkAllInCode(link));
}

/** Resolved links and their source runs (links of one source are contiguous: `runs[i]..runs[i+1]`). */
export interface ResolvedLinks extends PairRuns {
  links: Link[];
  runs: number[];
  /** The source path of each run (`runSources[i]` owns `runs[i]..runs[i+1]`). */
  runSources: string[];
  /** Indices of the `broken` links, ascending. */
  broken: number[];
  /** Indices of the links that resolve to their own source, ascending. */
  selfLoops: number[];
  /** Indices of the links that resolve to a node whose name a runtime reserves, ascending. */
  reservedLinks: number[];
}
