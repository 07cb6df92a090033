import type { Analyzer } from '../analyzer.js';
import { importEdges, isMemoryFile, MAX_IMPORT_DEPTH } from './imports.js';
import { linkAt } from './mcp.js';

/**
 * `core/import-too-deep`: a file reachable from a memory file (CLAUDE.md, AGENTS.md) only through more than
 * {@link MAX_IMPORT_DEPTH} `@import` hops: Claude Code stops before it, so the host never loads it.
 */
export const importTooDeepAnalyzer: Analyzer = {
  id: 'core/import-too-deep',
  phase: 'detect',
  severity: 'warn',
  suppressible: true,
  wholeGraph: 'imports',
  description: `A file reached from CLAUDE.md / AGENTS.md only after more than ${MAX_IMPORT_DEPTH} @import hops (not loaded).`,
  hint: 'import it from a file closer to CLAUDE.md, or flatten the chain',
  run(view, sink) {
    const edges = importEdges(view);
    if (edges.size === 0) return;
    for (const root of [...edges.keys()].filter(isMemoryFile).sort()) {
      // Breadth-first: the depth of a file is its shortest import chain from the root.
      const depth = new Map<string, number>([[root, 0]]);
      const via = new Map<string, { from: string; link: number }>();
      let frontier = [root];
      for (let d = 1; frontier.length > 0; d++) {
        const next: string[] = [];
        for (const from of frontier) {
          for (const { target, link } of edges.get(from) ?? []) {
            if (depth.has(target)) continue;
            depth.set(target, d);
            via.set(target, { from, link });
            next.push(target);
            if (d !== MAX_IMPORT_DEPTH + 1) continue;
            const chain = [target];
            for (let p = via.get(target); p !== undefined; p = via.get(p.from)) chain.unshift(p.from);
            sink.emit({
              analyzerId: 'import-too-deep',
              severity: 'warn',
              nodeIds: [from, root],
              message: `'${target}' is ${d} @import hops below '${root}' (Claude Code follows ${MAX_IMPORT_DEPTH}): ${chain.join(' → ')}`,
              fix: {
                hint: `import '${target}' from a file at most ${MAX_IMPORT_DEPTH - 1} hops from '${root}'`,
              },
              data: { target: view.links[link]!.target, root, depth: d, chain, ...linkAt(view.links[link]) },
            });
          }
        }
        frontier = d > MAX_IMPORT_DEPTH ? [] : next;
      }
    }
  },
};
