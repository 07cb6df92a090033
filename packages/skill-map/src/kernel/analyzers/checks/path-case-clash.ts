import type { Analyzer } from '../analyzer.js';

/**
 * `core/path-case-clash`: files whose paths differ only by letter case. On macOS and Windows (case-insensitive file
 * systems) only one of them can exist in a checkout, so a host there sees one and silently loses the other.
 */
export const pathCaseClashAnalyzer: Analyzer = {
  id: 'core/path-case-clash',
  phase: 'detect',
  severity: 'warn',
  suppressible: false,
  description: 'Files whose paths differ only by letter case (one is lost on case-insensitive file systems).',
  hint: 'rename or merge one of them so the paths differ in more than case',
  run(view, sink) {
    const byFolded = new Map<string, string[]>();
    for (const node of view.graph.nodes) {
      if (node.virtual === true) continue;
      const folded = node.path.toLowerCase();
      const list = byFolded.get(folded);
      if (list === undefined) byFolded.set(folded, [node.path]);
      else list.push(node.path);
    }
    for (const paths of byFolded.values()) {
      if (paths.length < 2) continue;
      paths.sort();
      sink.emit({
        analyzerId: 'path-case-clash',
        severity: 'warn',
        nodeIds: paths,
        message: `${paths.length} files differ only by case: ${paths.join(', ')}`,
        fix: { hint: `rename '${paths[1]!}' (or merge it into '${paths[0]!}')` },
        data: { paths },
      });
    }
  },
};
