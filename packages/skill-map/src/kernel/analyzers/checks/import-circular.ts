import type { Analyzer } from '../analyzer.js';
import { importEdges } from './imports.js';
import { linkAt } from './mcp.js';

/** `core/import-circular`: `@path` imports that lead back to a file already being imported (one issue per cycle). */
export const importCircularAnalyzer: Analyzer = {
  id: 'core/import-circular',
  phase: 'detect',
  severity: 'warn',
  suppressible: true,
  wholeGraph: 'imports',
  description: 'A chain of @path imports (CLAUDE.md, AGENTS.md and what they import) comes back to itself.',
  hint: 'remove one @import of the cycle (each file needs importing once)',
  run(view, sink) {
    const edges = importEdges(view);
    if (edges.size === 0) return;
    const state = new Map<string, 1 | 2>(); // 1 = on the stack, 2 = done
    const stack: string[] = [];
    const visit = (path: string): void => {
      state.set(path, 1);
      stack.push(path);
      for (const { target, link } of edges.get(path) ?? []) {
        const s = state.get(target);
        if (s === undefined) visit(target);
        else if (s === 1 && target !== path) {
          const cycle = stack.slice(stack.indexOf(target));
          sink.emit({
            analyzerId: 'import-circular',
            severity: 'warn',
            nodeIds: [path, ...cycle.filter((p) => p !== path)],
            message: `@import cycle: ${[...cycle, target].join(' → ')}`,
            fix: { hint: `remove the @import of '${target}' from '${path}'` },
            data: { target: view.links[link]!.target, cycle, ...linkAt(view.links[link]) },
          });
        }
      }
      stack.pop();
      state.set(path, 2);
    };
    for (const source of [...edges.keys()].sort()) if (!state.has(source)) visit(source);
  },
};
