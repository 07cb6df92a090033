import type { Analyzer } from './analyzer.js';

/** `core/annotation-field-unknown`: a sidecar key outside the catalog that is not plugin-namespaced. */
export const annotationFieldUnknownAnalyzer: Analyzer = {
  id: 'core/annotation-field-unknown',
  phase: 'detect',
  severity: 'warn',
  suppressible: false,
  description: 'Unknown sidecar key (typo or un-namespaced plugin key).',
  run(view, sink) {
    for (const [path, sc] of view.graph.sidecars) {
      for (const field of sc.unknownFields) {
        sink.emit({
          analyzerId: 'annotation-field-unknown',
          severity: 'warn',
          nodeIds: [path],
          message: `Unknown sidecar field '${field}' in '${sc.path}'`,
          data: { sidecar: sc.path, field },
        });
      }
    }
  },
};
