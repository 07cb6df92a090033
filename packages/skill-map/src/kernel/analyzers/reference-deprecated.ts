import type { Analyzer } from './analyzer.js';

/** A path inside an `archive/` (or `archived/`, `.archive/`) folder. */
export const ARCHIVED = /(?:^|\/)\.?archived?\//i;

/** The nodes references to which are reported: deprecated by their sidecar, or archived by their folder. */
export function retiredNodes(view: Parameters<Analyzer['run']>[0]): Map<string, 'deprecated' | 'archived'> {
  const out = new Map<string, 'deprecated' | 'archived'>();
  for (const [path, sc] of view.graph.sidecars)
    if (sc.annotations?.['stability'] === 'deprecated') out.set(path, 'deprecated');
  for (const node of view.graph.nodes)
    if (node.virtual !== true && ARCHIVED.test(node.path) && !out.has(node.path))
      out.set(node.path, 'archived');
  return out;
}

/**
 * `core/reference-deprecated`: a file (not itself archived) still links to a node its sidecar marks deprecated
 * (warn), or to a file in an `archive/` folder (info). One issue per source and target, with the count; node-stability
 * reports the deprecated node itself. Re-run whole whenever such a node exists (like node-stability).
 */
export const referenceDeprecatedAnalyzer: Analyzer = {
  id: 'core/reference-deprecated',
  phase: 'detect',
  severity: 'varies',
  suppressible: true,
  description: 'A file links to a node marked deprecated (sidecar stability) or kept in an archive/ folder.',
  hint: 'point the link at what replaces it, or remove it',
  run(view, sink) {
    const retired = retiredNodes(view);
    if (retired.size === 0) return;
    const counts = new Map<string, Map<string, number>>();
    for (const l of view.links) {
      const to = l.resolvedTarget;
      if (typeof to !== 'string' || to === l.source || !retired.has(to) || ARCHIVED.test(l.source)) continue;
      const bySource = counts.get(l.source) ?? new Map<string, number>();
      bySource.set(to, (bySource.get(to) ?? 0) + 1);
      counts.set(l.source, bySource);
    }
    for (const [source, targets] of counts)
      for (const [target, n] of targets) {
        const why = retired.get(target)!;
        sink.emit({
          analyzerId: 'reference-deprecated',
          severity: why === 'deprecated' ? 'warn' : 'info',
          nodeIds: [source],
          message: `links to '${target}'${n > 1 ? ` (${n} links)` : ''}, which is ${why === 'deprecated' ? 'marked deprecated' : 'in an archive folder'}`,
          fix: { hint: referenceDeprecatedAnalyzer.hint! },
          data: { target, stability: why, links: n },
        });
      }
  },
};
