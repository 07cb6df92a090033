import type { Analyzer } from './analyzer.js';

/** `core/annotation-orphan`: a `.sm` sidecar with no node next to it. */
export const annotationOrphanAnalyzer: Analyzer = {
  id: 'core/annotation-orphan',
  phase: 'detect',
  severity: 'warn',
  suppressible: false,
  description: 'A .sm sidecar whose node does not exist.',
  run(view, sink) {
    for (const sc of view.graph.orphanSidecars) {
      sink.emit({
        analyzerId: 'annotation-orphan',
        severity: 'warn',
        nodeIds: [sc.path],
        message: `Sidecar '${sc.path}' has no node (expected '${sc.forPath}')`,
        // `expectedMdPath` is the reference's name for `expected` (kept for our users' scripts).
        data: { sidecar: sc.path, expected: sc.forPath, expectedMdPath: sc.forPath },
      });
    }
  },
};
