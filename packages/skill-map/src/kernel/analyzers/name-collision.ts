import type { NameCandidate } from '../graph/assemble.js';
import { resolutionMap } from '../providers/registry.js';
import type { Analyzer } from './analyzer.js';
import { pluginRootOf } from './plugin-root.js';

/**
 * The candidates of one handle, grouped by the plugin they belong to (files outside any plugin form one group): a
 * host namespaces each plugin's names (`plugin:name`), so only names within one group can be confused.
 */
function byPlugin(
  candidates: readonly NameCandidate[],
  view: Parameters<Analyzer['run']>[0],
): NameCandidate[][] {
  const groups = new Map<string, NameCandidate[]>();
  for (const c of candidates) {
    const root = pluginRootOf(c.path, view.graph);
    const key = root === null ? '\0' : root;
    const list = groups.get(key);
    if (list === undefined) groups.set(key, [c]);
    else list.push(c);
  }
  return [...groups.values()];
}

/** The host's invocation namespace of a kind: agents are delegated to, skills and commands are invoked by name. */
const namespaceOf = (kind: string): string => (kind === 'agent' ? 'agent' : 'invocable');

/** True when two candidates of one namespace both claim the name in frontmatter (the host cannot tell them apart). */
function declaredClash(candidates: readonly NameCandidate[]): boolean {
  const seen = new Set<string>();
  for (const c of candidates) {
    if (c.via !== 'frontmatter.name') continue;
    const ns = namespaceOf(c.kind);
    if (seen.has(ns)) return true;
    seen.add(ns);
  }
  return false;
}

/**
 * `core/name-collision`: several nodes of one plugin (or several outside any plugin) answer to the same resolvable
 * name: error when two of one host namespace (agents; skills and commands) claim it in frontmatter, else warn. Nodes of
 * different plugins are namespaced by the host (`plugin:name`), not a clash.
 */
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
      for (const relevant of byPlugin(
        candidates.filter((c) => kinds.has(c.kind)),
        view,
      )) {
        const paths = [...new Set(relevant.map((c) => c.path))].sort();
        if (paths.length < 2) continue;
        sink.emit({
          analyzerId: 'name-collision',
          severity: declaredClash(relevant) ? 'error' : 'warn',
          nodeIds: paths,
          message: `${paths.length} nodes answer to the name '${handle}': ${paths.join(', ')}`,
          data: {
            name: handle,
            candidates: relevant.map((c) => ({ path: c.path, kind: c.kind, via: c.via })),
          },
        });
      }
    }
  },
};
