import { onlyInCode, type Analyzer } from './analyzer.js';
import { shownTarget } from './path-lookup.js';

/** `core/link-self-loop`: a node links to itself (usage examples inside code are skipped). */
export const linkSelfLoopAnalyzer: Analyzer = {
  id: 'core/link-self-loop',
  phase: 'detect',
  severity: 'warn',
  suppressible: true,
  description: 'A node links to itself.',
  run(view, sink) {
    for (const i of view.selfLoops) {
      const link = view.links[i]!;
      if (onlyInCode(link)) continue;
      sink.emit({
        analyzerId: 'link-self-loop',
        severity: 'warn',
        nodeIds: [link.source],
        message: `'${link.source}' links to itself via '${shownTarget(link)}'`,
        linkIndices: [i],
        data: { target: link.target },
      });
    }
  },
};
