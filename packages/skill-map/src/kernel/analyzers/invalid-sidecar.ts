import type { Analyzer } from './analyzer.js';

/** `core/invalid-sidecar` (kernel): a `.sm` that does not parse or has a malformed block. */
export const invalidSidecarAnalyzer: Analyzer = {
  id: 'core/invalid-sidecar',
  phase: 'detect',
  severity: 'error',
  suppressible: false,
  description: 'Unparseable or malformed .sm sidecar.',
  run(view, sink) {
    const all = [
      ...[...view.graph.sidecars].map(([path, sc]) => ({ path, sc })),
      ...view.graph.orphanSidecars.map((sc) => ({ path: sc.path, sc })),
    ];
    for (const { path, sc } of all) {
      if (sc.errors.length === 0) continue;
      sink.emit({
        analyzerId: 'invalid-sidecar',
        severity: 'error',
        nodeIds: [path],
        message: `Sidecar '${sc.path}' is invalid: ${sc.errors.join('; ')}`,
        data: { sidecar: sc.path, errors: sc.errors },
      });
    }
  },
};
