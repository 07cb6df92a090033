import { onlyInCode, type Analyzer } from './analyzer.js';

/** `core/link-self-loop`: a node links to itself (usage examples inside code are skipped). */
export const linkSelfLoopAnalyzer: Analyzer = {
  id: 'core/link-self-loop',
  phase: 'detect',
  severity: 'warn',
  suppressible: true,
  description: 'A node links to itself.',
  run(view, sink) {
    view.links.forEach((link, i) => {
      if (link.resolvedTarget !== link.source || onlyInCode(link)) return;
      sink.emit({
        analyzerId: 'link-self-loop',
        severity: 'warn',
        nodeIds: [link.source],
        message: `'${link.source}' links to itself via '${link.target}'`,
        linkIndices: [i],
        data: { target: link.target },
      });
    });
  },
};
