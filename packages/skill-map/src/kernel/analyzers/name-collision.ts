import { resolutionMap } from '../providers/registry.js';
import type { Analyzer } from './analyzer.js';

/** `core/name-collision`: several nodes answer to the same resolvable name (error when ≥2 claim it in frontmatter). */
export const nameCollisionAnalyzer: Analyzer = {
  id: 'core/name-collision',
  phase: 'detect',
  severity: 'varies',
  suppressible: false,
  description: 'Duplicate resolvable names: a trigger naming them is ambiguous.',
  run(view, sink) {
    const resolution = resolutionMap(view.providers);
    const kinds = new Set(Object.values(resolution).flat());
    kinds.delete('markdown');
    for (const handle of view.graph.sharedHandles) {
      const candidates = view.graph.names.get(handle) ?? [];
      const relevant = candidates.filter((c) => kinds.has(c.kind));
      const paths = [...new Set(relevant.map((c) => c.path))].sort();
      if (paths.length < 2) continue;
      const declared = relevant.filter((c) => c.via === 'frontmatter.name').length;
      sink.emit({
        analyzerId: 'name-collision',
        severity: declared >= 2 ? 'error' : 'warn',
        nodeIds: paths,
        message: `${paths.length} nodes answer to the name '${handle}': ${paths.join(', ')}`,
        data: { name: handle, candidates: relevant.map((c) => ({ path: c.path, kind: c.kind, via: c.via })) },
      });
    }
  },
};
