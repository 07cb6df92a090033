import type { Analyzer } from './analyzer.js';

/** `core/link-kind-conflict`: the same source → target pair was extracted with different link kinds. */
export const linkKindConflictAnalyzer: Analyzer = {
  id: 'core/link-kind-conflict',
  phase: 'detect',
  severity: 'warn',
  suppressible: false,
  description: 'Extractors disagree on the kind of a link between the same two ends.',
  run(view, sink) {
    const groups = new Map<string, number[]>();
    view.links.forEach((link, i) => {
      const key = `${link.source}\0${link.target}`;
      const list = groups.get(key);
      if (list === undefined) groups.set(key, [i]);
      else list.push(i);
    });
    for (const indices of groups.values()) {
      const first = view.links[indices[0]!]!;
      const variants = [...new Set(indices.map((i) => view.links[i]!.kind))].sort();
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
  },
};
