// The links of a few records resolved against one graph, run after run, and their link-level issues: what a patch in
// place (record-patch.ts) recomputes for the records it re-resolves, and what it resolves once more for their previous
// records when sidecar suppressions may drop some of those issues (suppressed.ts).
import type { Link } from '@skill-map/spec';
import type { GraphView } from '../analyzers/analyzer.js';
import { runAnalyzers } from '../build-graph.js';
import type { activeProviderIds } from '../context.js';
import type { FileRecord, GraphContext } from '../types.js';
import type { Assembled } from './assemble.js';
import { LINK_ANALYZERS } from './incremental-support.js';
import type { IssueSink } from './issue-sink.js';
import type { PairRuns } from './pair-runs.js';
import { prepareRecord, type PreparedRecord } from './prepared.js';
import type { PathOracle } from './resolve.js';
import { LinkResolver } from './resolve-links.js';

export class LinkRuns {
  readonly links: Link[] = [];
  /** Per record with links: its path and the `[start, end)` of its links. */
  readonly runs: Array<readonly [source: string, start: number, end: number]> = [];
  private readonly bounds: number[] = [0];
  private readonly flags = {
    broken: [] as number[],
    selfLoops: [] as number[],
    reservedLinks: [] as number[],
  };
  private readonly pairs: PairRuns = { kindPairRuns: [], redundantPairRuns: [] };

  constructor(
    private readonly g: Assembled,
    private readonly active: ReturnType<typeof activeProviderIds>,
    private readonly oracle: PathOracle,
  ) {}

  /** Resolves the links of `record` (a node record of the graph) and appends them as one run; returns its resolver. */
  add(record: FileRecord, prepared: PreparedRecord = prepareRecord(record)): LinkResolver {
    const count = record.links?.length ?? 0;
    const resolver = new LinkResolver(this.g, this.active, this.oracle, count);
    if (count === 0) return resolver;
    resolver.add(record, prepared, this.g.byPath.get(record.path)!, false);
    if (resolver.n > 0) {
      const start = this.links.length;
      for (let j = 0; j < resolver.n; j++) this.links.push(resolver.links[j]!);
      resolver.flagRun(this.links, start, this.bounds.length - 1, this.flags, this.pairs);
      this.bounds.push(this.links.length);
      this.runs.push([record.path, start, this.links.length]);
    }
    return resolver;
  }

  /** Emits the link-level issues of every run into `sink`. */
  analyze(ctx: GraphContext, sink: IssueSink): void {
    const view: GraphView = {
      lens: ctx.lens.provider,
      providers: this.active,
      settings: ctx.settings,
      graph: this.g,
      existingPaths: ctx.existingPaths,
      links: this.links,
      runs: this.bounds,
      ...this.flags,
      ...this.pairs,
      linksOnly: true,
    };
    runAnalyzers(view, sink, LINK_ANALYZERS);
  }
}
