import { reservingProvider } from '../providers/registry.js';
import type { Analyzer } from './analyzer.js';
import { shownTarget } from './path-lookup.js';
import { pluginRootOf } from './plugin-root.js';

/** Node kinds a runtime executes: their links to a reserved node are reported. */
const RUNTIME_KINDS = new Set(['skill', 'agent', 'command', 'workflow', 'rule']);

/**
 * `core/name-reserved` (score): a node whose name a runtime reserves, and links resolving to it (penalty to 0.1). A
 * plugin's nodes are namespaced by the host (`/plugin:help`): a link from outside the plugin that resolves to one
 * names the built-in, and is not reported (it is still penalised).
 */
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
          message: `${node.kind} '${handle}' shadows the ${runtime(node.path)} built-in of the same name`,
          data: { name: handle },
        });
      }
    }
    // Links to a reserved node are penalised. A link is reported once per source and reserved node (several forms of
    // one link are one report), and only from what a runtime executes (a skill, agent, command, workflow, rule): a
    // doc or README naming `/status` has nothing to fix that the node's own issue does not say, nor has the node
    // naming itself.
    // A plugin's node is reached from outside the plugin by its namespaced name only: there `/help` is the built-in.
    const otherPlugin = (source: string, target: string): boolean => {
      const root = pluginRootOf(target, view.graph);
      return root !== null && root !== pluginRootOf(source, view.graph);
    };
    const groups = new Map<string, number[]>();
    for (const i of view.reservedLinks) {
      const link = view.links[i]!;
      const kind = view.graph.byPath.get(link.source)?.kind ?? '';
      if (
        link.source === link.resolvedTarget ||
        !RUNTIME_KINDS.has(kind) ||
        otherPlugin(link.source, link.resolvedTarget!)
      ) {
        sink.adjust({ link: i, op: 'delta', value: -0.9 });
        continue;
      }
      const key = `${link.source}\0${link.resolvedTarget!}`;
      const group = groups.get(key);
      if (group === undefined) groups.set(key, [i]);
      else group.push(i);
    }
    for (const group of groups.values()) {
      const first = view.links[group[0]!]!;
      const to = first.resolvedTarget!;
      sink.emit(
        {
          analyzerId: 'name-reserved',
          severity: 'warn',
          nodeIds: [first.source],
          message: `'${shownTarget(first)}' resolves to '${to}', whose name the ${runtime(to)} runtime reserves`,
          linkIndices: group,
          data: { target: first.target, resolvedTarget: to },
        },
        group.map((i) => ({ link: i, op: 'delta' as const, value: -0.9 })),
      );
    }
  },
};
