import type { Analyzer } from '../analyzer.js';
import { onlyInCode } from '../analyzer.js';
import { linkAt } from './mcp.js';

const KINDS = new Set(['agent', 'command', 'skill', 'workflow']);

/**
 * `core/invocation-cycle`: agents, commands, skills and workflows that invoke one another in a loop (a strongly
 * connected set of two or more over `invokes` links written in prose). `info`: a loop can be deliberate (a review
 * step that hands back to the implementer); it is worth knowing, not always wrong.
 */
export const invocationCycleAnalyzer: Analyzer = {
  id: 'core/invocation-cycle',
  phase: 'detect',
  severity: 'info',
  suppressible: false,
  wholeGraph: 'invocations',
  description: 'Agents, commands, skills or workflows invoke one another in a loop.',
  hint: 'make sure the loop ends (or break it: let one side return instead of invoking back)',
  run(view, sink) {
    const out = new Map<string, { to: string; link: number }[]>();
    const { byPath } = view.graph;
    for (let i = 0; i < view.links.length; i++) {
      const link = view.links[i]!;
      const to = link.resolvedTarget;
      if (link.kind !== 'invokes' || to === null || to === undefined || to === link.source) continue;
      if (!KINDS.has(byPath.get(to)?.kind ?? '') || !KINDS.has(byPath.get(link.source)?.kind ?? '')) continue;
      if (onlyInCode(link)) continue;
      const list = out.get(link.source);
      if (list === undefined) out.set(link.source, [{ to, link: i }]);
      else list.push({ to, link: i });
    }
    if (out.size === 0) return;
    // Tarjan's strongly connected components (iterative enough for real graphs: depth = longest invoke chain).
    let index = 0;
    const idx = new Map<string, number>();
    const low = new Map<string, number>();
    const onStack = new Set<string>();
    const stack: string[] = [];
    const components: string[][] = [];
    const strong = (v: string): void => {
      idx.set(v, index);
      low.set(v, index++);
      stack.push(v);
      onStack.add(v);
      for (const { to } of out.get(v) ?? []) {
        if (!idx.has(to)) {
          strong(to);
          low.set(v, Math.min(low.get(v)!, low.get(to)!));
        } else if (onStack.has(to)) low.set(v, Math.min(low.get(v)!, idx.get(to)!));
      }
      if (low.get(v) !== idx.get(v)) return;
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    };
    for (const v of [...out.keys()].sort()) if (!idx.has(v)) strong(v);
    for (const members of components.sort((a, b) => (a[0]! < b[0]! ? -1 : 1))) {
      const inside = new Set(members);
      const first = (out.get(members[0]!) ?? []).find((e) => inside.has(e.to));
      sink.emit({
        analyzerId: 'invocation-cycle',
        severity: 'info',
        nodeIds: members,
        message: `${members.length} nodes invoke one another in a loop: ${members.join(', ')}`,
        fix: { hint: invocationCycleAnalyzer.hint! },
        data: { members, ...linkAt(first === undefined ? undefined : view.links[first.link]) },
      });
    }
  },
};
