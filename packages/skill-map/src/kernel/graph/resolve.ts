import type { Link, LinkKind, Node, SourceLocation } from '@skill-map/spec';
import {
  isReservedForAny,
  resolutionMap,
  type ProviderIds,
  type ResolutionMap,
} from '../providers/registry.js';
import {
  EXTRACTOR_EMITS,
  rawLinkAllInCode,
  rawLinkBare,
  rawLinkFallback,
  rawLinkOccurrences,
  rawLinkSources,
} from '../record-format.js';
import type { FileRecord, RawLink } from '../types.js';
import { normalizeTrigger, stripSigil } from '../util/normalize-trigger.js';
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
function resolveAt(t: string, g: Assembled): Node | null {
  const node = g.byPath.get(t);
  if (node !== undefined) return node;
  if (!t.endsWith('.md') && g.skillDirs.has(t)) return g.byPath.get(`${t}/SKILL.md`) ?? null;
  return null;
}

/** Where a resolver reports (one per resolveLinks call, reused: resolving allocates nothing per link). */
interface Outcome {
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

function resolvePath(
  target: string,
  fallback: string | null,
  bare: string | null,
  source: string,
  g: Assembled,
  oracle: PathOracle,
  out: Outcome,
): void {
  const hit = resolveAt(target, g) ?? (fallback === null ? null : resolveAt(fallback, g));
  if (hit !== null) return settle(out, 'resolved', hit);
  if (oracle.exists(target) || (fallback !== null && oracle.exists(fallback))) {
    return settle(out, 'exists', null);
  }
  // Agent Skills paths are relative to the skill folder: retry a bare path from each enclosing skill root.
  if (bare !== null && g.skillDirs.size > 0) {
    for (let dir = dirname(source); ; dir = dirname(dir)) {
      if (g.skillDirs.has(dir)) {
        const t = joinPath(dir, bare);
        const node = g.byPath.get(t);
        if (node !== undefined) return settle(out, 'resolved', node);
        if (oracle.exists(t)) return settle(out, 'exists', null);
      }
      if (dir === '') break;
    }
  }
  settle(out, 'broken', null);
}

function lookup(g: Assembled, handle: string, kinds: readonly string[]): Node | null {
  const hit = pickCandidate(g.names.get(handle), kinds);
  return hit === null ? null : hit.node;
}

function resolveTrigger(
  link: RawLink,
  kind: LinkKind,
  target: string,
  normalized: string | null,
  g: Assembled,
  lens: ProviderIds,
  resolution: ResolutionMap,
  out: Outcome,
): void {
  const kinds = link.resolveKinds ?? resolution[kind] ?? [];
  const speculative = link.speculative === true;
  const handle = stripSigil(normalized ?? target);
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

/**
 * The resolved link list (1.0 baseline confidence) with a parallel state array; pruned links are dropped. Also fills
 * linksOutCount/linksInCount on the assembled nodes. `records` must be the list `g` was assembled from (its
 * `recordNodes` are aligned with it). `lens` is the active set: triggers resolve through its merged resolution map and
 * its reserved names. Expands each compact raw link (see record-format.ts) straight into its output Link.
 */
export function resolveLinks(
  records: readonly FileRecord[],
  g: Assembled,
  lens: ProviderIds,
  oracle: PathOracle,
): ResolvedLinks {
  const resolution = resolutionMap(lens);
  const links: Link[] = [];
  const states: LinkState[] = [];
  const runs: number[] = [0];
  const out: Outcome = { state: 'broken', node: null, pruned: false };
  let lastBy = '';
  let emits: { kind: LinkKind; pathStyle: boolean } | undefined;
  for (let r = 0; r < records.length; r++) {
    const record = records[r]!;
    const rawLinks = record.links;
    if (rawLinks === undefined || rawLinks.length === 0) continue;
    const sourcePath = record.path;
    const source = g.recordNodes[r] ?? g.byPath.get(sourcePath);
    if (source === undefined) continue;
    const dir = dirname(sourcePath);
    const first = links.length;
    for (const raw of rawLinks) {
      const target = raw.target ?? (dir === '' ? raw.rel! : `${dir}/${raw.rel!}`);
      if (raw.by !== lastBy) {
        lastBy = raw.by;
        emits = EXTRACTOR_EMITS.get(lastBy);
      }
      const kind = raw.kind ?? emits!.kind;
      const pathStyle = raw.pathStyle ?? emits!.pathStyle;
      const trigger = raw.trigger !== undefined ? raw.trigger : pathStyle ? null : target;
      let normalized: string | null = null;
      if (pathStyle) resolvePath(target, rawLinkFallback(raw), rawLinkBare(raw), sourcePath, g, oracle, out);
      else {
        normalized = trigger === null ? null : normalizeTrigger(trigger);
        resolveTrigger(raw, kind, target, normalized, g, lens, resolution, out);
        if (out.pruned) continue;
      }
      const to = out.node;
      const at = raw.at;
      const location: SourceLocation = { line: at[0], column: at[1], offset: at[2] };
      links.push({
        source: sourcePath,
        target,
        kind,
        confidence: 1,
        sources: raw.more === undefined ? [raw.by] : rawLinkSources(raw),
        trigger:
          trigger === null
            ? null
            : { originalTrigger: trigger, normalizedTrigger: normalized ?? normalizeTrigger(trigger) },
        location,
        raw: raw.raw ?? raw.rel ?? raw.target!,
        occurrences: rawLinkOccurrences(raw, trigger, location),
        resolvedTarget: to === null ? null : to.path,
      });
      states.push(out.state);
      if (to !== null) to.linksInCount++;
    }
    source.linksOutCount += links.length - first;
    if (links.length > first) runs.push(links.length);
  }
  return { links, states, runs };
}

/** Resolved links plus their states and source runs (links of one source are contiguous: `runs[i]..runs[i+1]`). */
export interface ResolvedLinks {
  links: Link[];
  states: LinkState[];
  runs: number[];
}
