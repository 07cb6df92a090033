import type { Link, LinkKind, LinkOccurrence, LinkTrigger, Node, SourceLocation } from '@skill-map/spec';
import { resolutionMap, type ProviderIds, type ResolutionMap } from '../providers/registry.js';
import {
  DEFAULT_EXTRACTOR,
  EXTRACTOR_EMITS,
  localForm,
  rawLinkOccurrences,
  rawLinkSources,
} from '../record-format.js';
import { mentionOnly } from '../mention-extractors.js';
import type { FileRecord } from '../types.js';
import { stripSigil } from '../util/normalize-trigger.js';
import type { Assembled } from './assemble.js';
import { flagPairRuns, type PairRuns } from './pair-runs.js';
import { singleSources, triggerObject, type PreparedRecord } from './prepared.js';
import { resolvePath, resolveTrigger, type Outcome, type PathOracle, type ResolvedLinks } from './resolve.js';

/** The per-link flags analyzers read (indices into one link list). */
export interface LinkFlags {
  readonly broken: number[];
  readonly selfLoops: number[];
  readonly reservedLinks: number[];
}

/**
 * Resolves records' raw links into Link objects, appending to its arrays (`links[0..n)` and the index lists analyzers
 * use). Each Link shares its raw link's prepared, read-only parts (occurrences and location, trigger, a single
 * extractor's `sources`), so a rebuild over the same records allocates only the Links.
 */
export class LinkResolver {
  readonly links: Link[];
  n = 0;
  readonly broken: number[] = [];
  readonly selfLoops: number[] = [];
  readonly reservedLinks: number[] = [];
  private readonly resolution: ResolutionMap;
  private readonly reserved: ReadonlyMap<string, string> | null;
  private readonly out: Outcome = { state: 'broken', node: null, pruned: false };
  private lastBy = '';
  private emits: { kind: LinkKind; pathStyle: boolean } | undefined;
  private lastSources: string[] = [];

  constructor(
    private readonly g: Assembled,
    private readonly lens: ProviderIds,
    private readonly oracle: PathOracle,
    capacity: number,
  ) {
    this.resolution = resolutionMap(lens);
    this.reserved = g.reservedPaths.size > 0 ? g.reservedPaths : null;
    this.links = new Array<Link>(capacity);
  }

  /**
   * For a resolver that resolved one record (one run): adds its flagged links to `flags`, shifted to where its links
   * start in `links`, and flags its run (index `run`) for the pair analyzers.
   */
  flagRun(links: readonly Link[], start: number, run: number, flags: LinkFlags, pairs: PairRuns): void {
    for (const j of this.broken) flags.broken.push(start + j);
    for (const j of this.selfLoops) flags.selfLoops.push(start + j);
    for (const j of this.reservedLinks) flags.reservedLinks.push(start + j);
    flagPairRuns(links, start, start + this.n, run, pairs);
  }

  /**
   * Appends the kept links of `record` (whose node is `source`). With `count`, also bumps linksInCount on the nodes
   * they reach (the caller sets the source's linksOutCount from the appended range).
   */
  add(record: FileRecord, prepared: PreparedRecord, source: Node, count: boolean): void {
    const rawLinks = record.links!;
    const { g, lens, oracle, resolution, out, links, reserved } = this;
    const sourcePath = record.path;
    const dir = prepared.dir;
    // The first build over this record object creates the occurrence and trigger objects; later ones share them.
    const fresh = prepared.occurrences === null;
    const occurrences = fresh ? new Array<LinkOccurrence[]>(rawLinks.length) : prepared.occurrences!;
    let triggers = prepared.triggers;
    let n = this.n;
    for (let i = 0; i < rawLinks.length; i++) {
      const raw = rawLinks[i]!;
      const by = raw.by ?? DEFAULT_EXTRACTOR;
      if (by !== this.lastBy) {
        this.lastBy = by;
        this.emits = EXTRACTOR_EMITS.get(by);
        this.lastSources = singleSources(by);
      }
      const kind = raw.kind ?? this.emits!.kind;
      const pathStyle = raw.pathStyle ?? this.emits!.pathStyle;
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
      if (pathStyle) {
        resolvePath(raw, dir, sourcePath, g, oracle, out);
        // A speculative path (an output the text tells the agent to create, another unit's file) that names nothing.
        if (out.state === 'broken' && raw.speculative === true) continue;
      } else {
        resolveTrigger(raw, kind, stripSigil(trigger?.normalizedTrigger ?? target), g, lens, resolution, out);
        if (out.pruned) continue;
      }
      const to = out.node;
      const sources = raw.more === undefined ? this.lastSources : rawLinkSources(raw);
      // A file naming its own invocation or path in code (`Invoke as `/deploy``) documents itself: no edge.
      if (to === source && mentionOnly(sources)) continue;
      links[n] = {
        source: sourcePath,
        target,
        kind,
        confidence: 1,
        sources,
        trigger,
        location: occ[0]!.location,
        raw: raw.raw ?? (pathStyle ? (localForm(target, dir) ?? target) : target),
        occurrences: occ,
        resolvedTarget: to === null ? null : to.path,
      };
      if (out.state === 'broken') this.broken.push(n);
      if (to === source) this.selfLoops.push(n);
      if (reserved !== null && to !== null && reserved.has(to.path)) this.reservedLinks.push(n);
      n++;
      if (count && to !== null) to.linksInCount++;
    }
    if (fresh) {
      prepared.occurrences = occurrences;
      prepared.triggers = triggers;
    }
    this.n = n;
  }
}

/**
 * The resolved link list (1.0 baseline confidence) with a parallel state array; pruned links are dropped. Also fills
 * linksOutCount/linksInCount on the assembled nodes. `records` must be the list `g` was assembled from (its
 * `recordNodes` and `prepared` are aligned with it). `lens` is the active set: triggers resolve through its merged
 * resolution map and its reserved names.
 */
export function resolveLinks(
  records: readonly FileRecord[],
  g: Assembled,
  lens: ProviderIds,
  oracle: PathOracle,
): ResolvedLinks {
  let total = 0;
  for (let r = 0; r < records.length; r++) total += records[r]!.links?.length ?? 0;
  const resolver = new LinkResolver(g, lens, oracle, total);
  const runs: number[] = [0];
  const runSources: string[] = [];
  const pairs: PairRuns = { kindPairRuns: [], redundantPairRuns: [] };
  for (let r = 0; r < records.length; r++) {
    const record = records[r]!;
    if (record.links === undefined || record.links.length === 0) continue;
    const source = g.recordNodes[r] ?? g.byPath.get(record.path);
    if (source === undefined) continue;
    const first = resolver.n;
    resolver.add(record, g.prepared[r]!, source, true);
    const n = resolver.n;
    source.linksOutCount += n - first;
    if (n > first) {
      flagPairRuns(resolver.links, first, n, runs.length - 1, pairs);
      runSources.push(record.path);
      runs.push(n);
    }
  }
  const { links, broken, selfLoops, reservedLinks } = resolver;
  links.length = resolver.n;
  return { links, runs, runSources, broken, selfLoops, reservedLinks, ...pairs };
}
