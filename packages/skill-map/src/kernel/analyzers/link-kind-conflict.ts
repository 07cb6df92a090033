import { eachSourceRun, type Analyzer } from './analyzer.js';
import { groupRun, hasPairWhere } from './group-run.js';

/** `core/link-kind-conflict`: the same source → target pair was extracted with different link kinds. */
export const linkKindConflictAnalyzer: Analyzer = {
  id: 'core/link-kind-conflict',
  phase: 'detect',
  severity: 'warn',
  suppressible: true,
  description: 'Extractors disagree on the kind of a link between the same two ends.',
  run(view, sink) {
    const links = view.links;
    eachSourceRun(view, (start, end) => {
      if (end - start < 2) return;
      if (
        end - start <= 32 &&
        !hasPairWhere(
          start,
          end,
          (i) => links[i]!.target,
          (i) => links[i]!.kind,
        )
      )
        return;
      for (const indices of groupRun(start, end, (i) => links[i]!.target)) {
        if (indices.length < 2) continue;
        const first = links[indices[0]!]!;
        const variants = [...new Set(indices.map((i) => links[i]!.kind))].sort();
        if (variants.length < 2) continue;
        sink.emit({
          analyzerId: 'link-kind-conflict',
          severity: 'warn',
          nodeIds: [first.source],
          message: `'${first.target}' is linked as ${variants.join(' and ')} from the same file`,
          linkIndices: indices,
          data: { source: first.source, target: first.target, variants },
        });
      }
    });
  },
};
