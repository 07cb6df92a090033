import type { Analyzer } from './analyzer.js';

/** `core/name-mismatch`: `frontmatter.name` differs from the handle the path gives (dir name for skills, file name otherwise). */
export const nameMismatchAnalyzer: Analyzer = {
  id: 'core/name-mismatch',
  phase: 'detect',
  severity: 'warn',
  suppressible: false,
  description: 'frontmatter.name and the path-derived name differ.',
  run(view, sink) {
    const { identified, identifierLists } = view.graph;
    for (let i = 0; i < identified.length; i++) {
      const ids = identifierLists[i]!;
      if (ids.length < 2) continue;
      const node = identified[i]!;
      const declared = ids.find((i) => i.via === 'frontmatter.name');
      const derived = ids.find((i) => i.via !== 'frontmatter.name');
      if (declared === undefined || derived === undefined || node.kind === 'markdown') continue;
      sink.emit({
        analyzerId: 'name-mismatch',
        severity: 'warn',
        nodeIds: [node.path],
        message: `frontmatter name '${declared.handle}' does not match the ${derived.via} '${derived.handle}'`,
        data: { name: declared.handle, expected: derived.handle, via: derived.via },
      });
    }
  },
};
