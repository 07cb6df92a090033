import { isMentionOnly, type Analyzer } from './analyzer.js';
import { groupRun } from './group-run.js';
import { shownTarget } from './path-lookup.js';

/** `core/reference-redundant`: one file reaches the same node through several authored forms. */
export const referenceRedundantAnalyzer: Analyzer = {
  id: 'core/reference-redundant',
  phase: 'detect',
  severity: 'info',
  suppressible: true,
  description: 'The same target is referenced by several forms from one file.',
  run(view, sink) {
    const links = view.links;
    // resolveLinks flagged the runs holding two links to one node through different targets (and every run over 32).
    for (const run of view.redundantPairRuns) {
      const start = view.runs[run]!;
      const end = view.runs[run + 1]!;
      // Mentions (a path in code, a `plugin:skill` token) are not a second authored form of a link.
      const key = (i: number): string | null =>
        isMentionOnly(links[i]!) ? null : (links[i]!.resolvedTarget ?? null);
      for (const list of groupRun(start, end, key)) {
        if (list.length < 2) continue;
        const to = links[list[0]!]!.resolvedTarget!;
        const forms = [...new Set(list.map((i) => links[i]!.target))].sort();
        if (forms.length < 2) continue;
        const authored = [...new Set(list.map((i) => shownTarget(links[i]!)))].sort();
        const shown = authored.length === forms.length ? authored : forms;
        sink.emit({
          analyzerId: 'reference-redundant',
          severity: 'info',
          nodeIds: [links[start]!.source],
          message: `'${to}' is referenced ${forms.length} ways: ${shown.join(', ')}`,
          linkIndices: list,
          data: { target: to, forms },
        });
      }
    }
  },
};
