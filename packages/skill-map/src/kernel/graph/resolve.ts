import type { Link } from '@skill-map/spec';
import {
  isReservedForAny,
  resolutionMap,
  type ProviderIds,
  type ResolutionMap,
} from '../providers/registry.js';
import type { RawLink } from '../types.js';
import { stripSigil } from '../util/normalize-trigger.js';
import { dirname, joinPath } from '../util/posix-path.js';
import type { Assembled, NameCandidate } from './assemble.js';

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

/** The node a path-style target names: the node itself, or a skill folder's SKILL.md. */
function resolveAt(t: string, g: Assembled): string | null {
  const node = g.byPath.get(t);
  if (node !== undefined) return node.path;
  if (!t.endsWith('.md') && g.skillDirs.has(t)) return `${t}/SKILL.md`;
  return null;
}

function resolvePath(
  link: RawLink,
  g: Assembled,
  oracle: PathOracle,
): { state: LinkState; to: string | null } {
  const hit =
    resolveAt(link.target, g) ?? (link.fallbackTarget === null ? null : resolveAt(link.fallbackTarget, g));
  if (hit !== null) return { state: 'resolved', to: hit };
  if (oracle.exists(link.target) || (link.fallbackTarget !== null && oracle.exists(link.fallbackTarget))) {
    return { state: 'exists', to: null };
  }
  // Agent Skills paths are relative to the skill folder: retry a bare path from each enclosing skill root.
  if (link.bareDest !== null && g.skillDirs.size > 0) {
    for (let dir = dirname(link.source); ; dir = dirname(dir)) {
      if (g.skillDirs.has(dir)) {
        const t = joinPath(dir, link.bareDest);
        if (g.byPath.has(t)) return { state: 'resolved', to: t };
        if (oracle.exists(t)) return { state: 'exists', to: null };
      }
      if (dir === '') break;
    }
  }
  return { state: 'broken', to: null };
}

const PRUNED = { state: 'broken', to: null, pruned: true } as const;

function lookup(g: Assembled, handle: string, kinds: readonly string[]): string | null {
  const hit = pickCandidate(g.names.get(handle), kinds);
  return hit === null ? null : hit.path;
}

function resolveTrigger(
  link: RawLink,
  g: Assembled,
  lens: ProviderIds,
  resolution: ResolutionMap,
): { state: LinkState; to: string | null; pruned: boolean } {
  const kinds = link.resolveKinds ?? resolution[link.kind] ?? [];
  const handle = stripSigil(link.trigger?.normalizedTrigger ?? link.target);
  // Speculative `plugin:name` triggers only resolve through a declared plugin namespace.
  let to = link.speculative ? null : lookup(g, handle, kinds);
  const colon = handle.indexOf(':');
  if (to === null && colon > 0 && g.pluginNames.has(handle.slice(0, colon)))
    to = lookup(g, handle.slice(colon + 1), kinds);
  if (to === null && !link.speculative && link.kind === 'mentions' && handle.startsWith('agent '))
    to = lookup(g, handle.slice(6), kinds);
  if (to !== null) return { state: 'resolved', to, pruned: false };
  if (link.speculative) return PRUNED;
  if (isReservedForAny(lens, kinds, handle)) return { state: 'builtin', to: null, pruned: false };
  const allInCode = link.occurrences.every((o) => o.context === 'code-block' || o.context === 'inline-code');
  return { state: 'broken', to: null, pruned: allInCode };
}

/**
 * The resolved link list (1.0 baseline confidence) with a parallel state array; pruned links are dropped. Also fills
 * linksOutCount/linksInCount on the assembled nodes. `lens` is the active set: triggers resolve through its merged
 * resolution map and its reserved names.
 */
export function resolveLinks(
  records: readonly { path: string; links: readonly RawLink[] }[],
  g: Assembled,
  lens: ProviderIds,
  oracle: PathOracle,
): ResolvedLinks {
  const resolution = resolutionMap(lens);
  const links: Link[] = [];
  const states: LinkState[] = [];
  const runs: number[] = [0];
  for (const record of records) {
    const source = record.links.length === 0 ? undefined : g.byPath.get(record.links[0]!.source);
    if (source === undefined) continue;
    for (const raw of record.links) {
      let state: LinkState;
      let to: string | null;
      if (raw.pathStyle) ({ state, to } = resolvePath(raw, g, oracle));
      else {
        const r = resolveTrigger(raw, g, lens, resolution);
        if (r.pruned) continue;
        ({ state, to } = r);
      }
      const link: Link = {
        source: raw.source,
        target: raw.target,
        kind: raw.kind,
        confidence: 1,
        sources: raw.sources,
        trigger: raw.trigger,
        location: raw.location,
        raw: raw.raw,
        occurrences: raw.occurrences,
        resolvedTarget: to,
      };
      links.push(link);
      states.push(state);
      if (to !== null) {
        const target = g.byPath.get(to);
        if (target !== undefined) target.linksInCount++;
      }
    }
    source.linksOutCount += links.length - runs[runs.length - 1]!;
    if (links.length > runs[runs.length - 1]!) runs.push(links.length);
  }
  return { links, states, runs };
}

/** Resolved links plus their states and source runs (links of one source are contiguous: `runs[i]..runs[i+1]`). */
export interface ResolvedLinks {
  links: Link[];
  states: LinkState[];
  runs: number[];
}
