import type { Analyzer } from './analyzer.js';

/** `core/node-stability`: the node's sidecar marks it `deprecated`. */
export const nodeStabilityAnalyzer: Analyzer = {
  id: 'core/node-stability',
  phase: 'detect',
  severity: 'warn',
  suppressible: false,
  description: 'The node is deprecated (sidecar annotations.stability).',
  run(view, sink) {
    let inboundCounts: Map<string, number> | null = null;
    for (const [path, sidecar] of view.graph.sidecars) {
      if (sidecar.annotations?.['stability'] !== 'deprecated') continue;
      if (inboundCounts === null) {
        const counts = new Map<string, number>();
        for (const l of view.links) {
          if (typeof l.resolvedTarget === 'string' && l.resolvedTarget !== l.source)
            counts.set(l.resolvedTarget, (counts.get(l.resolvedTarget) ?? 0) + 1);
        }
        inboundCounts = counts;
      }
      const inbound = inboundCounts.get(path) ?? 0;
      sink.emit({
        analyzerId: 'node-stability',
        severity: 'warn',
        nodeIds: [path],
        message: `'${path}' is deprecated${inbound > 0 ? ` and still referenced by ${inbound} link(s)` : ''}`,
        data: { stability: 'deprecated', inbound },
      });
    }
  },
};
