import { reservingProvider } from '../providers/registry.js';
import type { Analyzer } from './analyzer.js';
import { shownTarget } from './path-lookup.js';

/** `core/name-reserved` (score): a node whose name a runtime reserves, and links resolving to it (penalty to 0.1). */
export const nameReservedAnalyzer: Analyzer = {
  id: 'core/name-reserved',
  phase: 'score',
  severity: 'warn',
  suppressible: true,
  description: 'A file shadows a runtime built-in name, or a link resolves to such a file.',
  run(view, sink) {
    const reserved = view.graph.reservedPaths;
    if (reserved.size === 0) return;
    // Which active runtime reserves the name: the node's own host when it does, else the first in precedence order.
    const runtime = (path: string): string => {
      const node = view.graph.byPath.get(path);
      const handle = reserved.get(path);
      if (node === undefined || handle === undefined) return view.lens;
      if (
        view.providers.includes(node.provider) &&
        reservingProvider(node.provider, node.kind, handle) !== null
      )
        return node.provider;
      return reservingProvider(view.providers, node.kind, handle) ?? view.lens;
    };
    if (view.linksOnly !== true) {
      for (const node of view.graph.nodes) {
        const handle = reserved.get(node.path);
        if (handle === undefined) continue;
        sink.emit({
          analyzerId: 'name-reserved',
          severity: 'warn',
          nodeIds: [node.path],
          message: `${node.kind} '${handle}' shadows a ${runtime(node.path)} built-in of the same name`,
          data: { name: handle },
        });
      }
    }
    for (const i of view.reservedLinks) {
      const link = view.links[i]!;
      const to = link.resolvedTarget!;
      sink.emit(
        {
          analyzerId: 'name-reserved',
          severity: 'warn',
          nodeIds: [link.source],
          message: `'${shownTarget(link)}' resolves to '${to}', whose name the ${runtime(to)} runtime reserves`,
          linkIndices: [i],
          data: { target: link.target, resolvedTarget: to },
        },
        { link: i, op: 'delta', value: -0.9 },
      );
    }
  },
};
