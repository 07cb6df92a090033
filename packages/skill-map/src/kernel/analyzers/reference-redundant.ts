import { linksBySource, type Analyzer } from './analyzer.js';

/** `core/reference-redundant`: one file reaches the same node through several authored forms. */
export const referenceRedundantAnalyzer: Analyzer = {
  id: 'core/reference-redundant',
  phase: 'detect',
  severity: 'info',
  suppressible: true,
  description: 'The same target is referenced by several forms from one file.',
  run(view, sink) {
    for (const [source, indices] of linksBySource(view.links)) {
      const byTarget = new Map<string, number[]>();
      for (const i of indices) {
        const to = view.links[i]!.resolvedTarget;
        if (to === null || to === undefined) continue;
        const list = byTarget.get(to);
        if (list === undefined) byTarget.set(to, [i]);
        else list.push(i);
      }
      for (const [to, list] of byTarget) {
        const forms = [...new Set(list.map((i) => view.links[i]!.target))].sort();
        if (forms.length < 2) continue;
        sink.emit({
          analyzerId: 'reference-redundant',
          severity: 'info',
          nodeIds: [source],
          message: `'${to}' is referenced ${forms.length} ways: ${forms.join(', ')}`,
          linkIndices: list,
          data: { target: to, forms },
        });
      }
    }
  },
};
