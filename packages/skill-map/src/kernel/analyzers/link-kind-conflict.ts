import { isMentionOnly, type Analyzer } from './analyzer.js';
import { groupRun } from './group-run.js';
import { shownTarget } from './path-lookup.js';

/** `core/link-kind-conflict`: the same source → target pair was extracted with different link kinds. */
export const linkKindConflictAnalyzer: Analyzer = {
  id: 'core/link-kind-conflict',
  phase: 'detect',
  severity: 'warn',
  suppressible: true,
  description: 'Extractors disagree on the kind of a link between the same two ends.',
  run(view, sink) {
    const links = view.links;
    // resolveLinks flagged the runs holding a same-target pair of different kinds (and every run over 32 links).
    for (const run of view.kindPairRuns) {
      const start = view.runs[run]!;
      const end = view.runs[run + 1]!;
      // A mention (`x.md` in code next to a `[link](x.md)`) declares no kind: only authored links can disagree.
      const key = (i: number): string | null => (isMentionOnly(links[i]!) ? null : links[i]!.target);
      for (const indices of groupRun(start, end, key)) {
        if (indices.length < 2) continue;
        const first = links[indices[0]!]!;
        const variants = [...new Set(indices.map((i) => links[i]!.kind))].sort();
        if (variants.length < 2) continue;
        sink.emit({
          analyzerId: 'link-kind-conflict',
          severity: 'warn',
          nodeIds: [first.source],
          message: `'${first.resolvedTarget ?? shownTarget(first)}' is linked as ${variants.join(' and ')} from the same file`,
          linkIndices: indices,
          data: { source: first.source, target: first.target, variants },
        });
      }
    }
  },
};
