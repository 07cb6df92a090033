import type { Analyzer } from './analyzer.js';

/** `core/node-stability`: the node's sidecar marks it `deprecated`. */
export const nodeStabilityAnalyzer: Analyzer = {
  id: 'core/node-stability',
  phase: 'detect',
  severity: 'warn',
  suppressible: false,
  description: 'The node is deprecated (sidecar annotations.stability).',
  run(view, sink) {
    const deprecated: string[] = [];
    for (const [path, sidecar] of view.graph.sidecars)
      if (sidecar.annotations?.['stability'] === 'deprecated') deprecated.push(path);
    if (deprecated.length === 0) return;
    // Inbound links of the deprecated nodes only: this re-runs on every incremental patch while one exists (an
    // editor keystroke in `sm lsp`), so it counts into a small map instead of one entry per link target.
    const inbound = new Map<string, number>(deprecated.map((p) => [p, 0]));
    for (const l of view.links) {
      const to = l.resolvedTarget;
      if (typeof to !== 'string' || to === l.source) continue;
      const n = inbound.get(to);
      if (n !== undefined) inbound.set(to, n + 1);
    }
    for (const path of deprecated) {
      const count = inbound.get(path) ?? 0;
      sink.emit({
        analyzerId: 'node-stability',
        severity: 'warn',
        nodeIds: [path],
        message: `'${path}' is deprecated${count > 0 ? ` and still referenced by ${count} link(s)` : ''}`,
        data: { stability: 'deprecated', inbound: count },
      });
    }
  },
};
