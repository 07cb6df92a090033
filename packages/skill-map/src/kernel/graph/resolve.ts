import type { Link, LinkKind, LinkOccurrence, LinkTrigger, Node, SourceLocation } from '@skill-map/spec';
import {
  isReservedForAny,
  resolutionMap,
  type ProviderIds,
  type ResolutionMap,
} from '../providers/registry.js';
import {
  DEFAULT_EXTRACTOR,
  EXTRACTOR_EMITS,
  localForm,
  rawLinkAllInCode,
  rawLinkBare,
  rawLinkFallback,
  rawLinkOccurrences,
  rawLinkSources,
} from '../record-format.js';
import type { FileRecord, RawLink } from '../types.js';
import { stripSigil } from '../util/normalize-trigger.js';
import { dirname, joinPath } from '../util/posix-path.js';
import type { Assembled, NameCandidate } from './assemble.js';
import { singleSources, triggerObject } from './prepared.js';
import { flagPairRuns, type PairRuns } from './pair-runs.js';

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

function resolveTrigger(
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

/**
 * The resolved link list (1.0 baseline confidence) with a parallel state array; pruned links are dropped. Also fills
 * linksOutCount/linksInCount on the assembled nodes. `records` must be the list `g` was assembled from (its
 * `recordNodes` and `prepared` are aligned with it). `lens` is the active set: triggers resolve through its merged
 * resolution map and its reserved names. Each Link shares its raw link's prepared, read-only parts (occurrences and
 * location, trigger, a single extractor's `sources`), so a rebuild over the same records allocates only the Links.
 */
export function resolveLinks(
  records: readonly FileRecord[],
  g: Assembled,
  lens: ProviderIds,
  oracle: PathOracle,
): ResolvedLinks {
  const resolution = resolutionMap(lens);
  let total = 0;
  for (let r = 0; r < records.length; r++) total += records[r]!.links?.length ?? 0;
  const links = new Array<Link>(total);
  const states = new Array<LinkState>(total);
  const runs: number[] = [0];
  const broken: number[] = [];
  const selfLoops: number[] = [];
  const pairs: PairRuns = { kindPairRuns: [], redundantPairRuns: [] };
  const out: Outcome = { state: 'broken', node: null, pruned: false };
  let lastBy = '';
  let emits: { kind: LinkKind; pathStyle: boolean } | undefined;
  let lastSources: string[] = [];
  let n = 0;
  for (let r = 0; r < records.length; r++) {
    const record = records[r]!;
    const rawLinks = record.links;
    if (rawLinks === undefined || rawLinks.length === 0) continue;
    const sourcePath = record.path;
    const source = g.recordNodes[r] ?? g.byPath.get(sourcePath);
    if (source === undefined) continue;
    const prepared = g.prepared[r]!;
    const dir = prepared.dir;
    // The first build over this record object creates the occurrence and trigger objects; later ones share them.
    const fresh = prepared.occurrences === null;
    const occurrences = fresh ? new Array<LinkOccurrence[]>(rawLinks.length) : prepared.occurrences!;
    let triggers = prepared.triggers;
    const first = n;
    for (let i = 0; i < rawLinks.length; i++) {
      const raw = rawLinks[i]!;
      const by = raw.by ?? DEFAULT_EXTRACTOR;
      if (by !== lastBy) {
        lastBy = by;
        emits = EXTRACTOR_EMITS.get(by);
        lastSources = singleSources(by);
      }
      const kind = raw.kind ?? emits!.kind;
      const pathStyle = raw.pathStyle ?? emits!.pathStyle;
      const target = raw.target;
      let occ: LinkOccurrence[];
      let trigger: LinkTrigger | null;
      if (fresh) {
        const original = raw.trigger !== undefined ? raw.trigger : pathStyle ? null : target;
        trigger = original === null ? null : triggerObject(original);
        if (trigger !== null) {
          triggers ??= new Array<LinkTrigger | null>(rawLinks.length).fill(null);
          triggers[i] = trigger;
        }
        const at = raw.at;
        const location: SourceLocation = { line: at[0], column: at[1], offset: at[2] };
        occ =
          raw.more === undefined && raw.occurrences === undefined
            ? [{ extractor: by, originalTrigger: original, context: raw.ctx ?? null, location }]
            : rawLinkOccurrences(raw, original, location);
        occurrences[i] = occ;
      } else {
        occ = occurrences[i]!;
        trigger = triggers === null ? null : triggers[i]!;
      }
      if (pathStyle) resolvePath(raw, dir, sourcePath, g, oracle, out);
      else {
        resolveTrigger(raw, kind, stripSigil(trigger?.normalizedTrigger ?? target), g, lens, resolution, out);
        if (out.pruned) continue;
      }
      const to = out.node;
      links[n] = {
        source: sourcePath,
        target,
        kind,
        confidence: 1,
        sources: raw.more === undefined ? lastSources : rawLinkSources(raw),
        trigger,
        location: occ[0]!.location,
        raw: raw.raw ?? (pathStyle ? (localForm(target, dir) ?? target) : target),
        occurrences: occ,
        resolvedTarget: to === null ? null : to.path,
      };
      states[n] = out.state;
      if (out.state === 'broken') broken.push(n);
      if (to === source) selfLoops.push(n);
      n++;
      if (to !== null) to.linksInCount++;
    }
    if (fresh) {
      prepared.occurrences = occurrences;
      prepared.triggers = triggers;
    }
    source.linksOutCount += n - first;
    if (n > first) {
      flagPairRuns(links, first, n, runs.length - 1, pairs);
      runs.push(n);
    }
  }
  links.length = n;
  states.length = n;
  return { links, states, runs, broken, selfLoops, ...pairs };
}

/** Resolved links plus their states and source runs (links of one source are contiguous: `runs[i]..runs[i+1]`). */
export interface ResolvedLinks extends PairRuns {
  links: Link[];
  states: LinkState[];
  runs: number[];
  /** Indices of the `broken` links, ascending. */
  broken: number[];
  /** Indices of the links that resolve to their own source, ascending. */
  selfLoops: number[];
}
