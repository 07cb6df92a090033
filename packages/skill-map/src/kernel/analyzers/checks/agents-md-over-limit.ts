import type { Node } from '@skill-map/spec';
import type { Analyzer } from '../analyzer.js';

/** Codex's `project_doc_max_bytes` default: it stops reading AGENTS.md files once this many bytes are in. */
export const CODEX_PROJECT_DOC_MAX = 32 * 1024;

/** The AGENTS.md files Codex concatenates (an `AGENTS.override.md` takes the place of its folder's AGENTS.md). */
export const AGENTS_MD = /(?:^|\/)AGENTS(?:\.override)?\.md$/;

const dirOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/**
 * `core/agents-md-over-limit`: Codex concatenates the AGENTS.md files from the project root down to the folder it
 * works in and stops at {@link CODEX_PROJECT_DOC_MAX} bytes (setting
 * `plugins.core.extensions.agents-md-over-limit.settings.maxBytes`): the deepest file whose chain goes over it is
 * reported, with the chain. Whole-graph (facet `memory`): editing a parent AGENTS.md changes its children's sums.
 */
export const agentsMdOverLimitAnalyzer: Analyzer = {
  id: 'core/agents-md-over-limit',
  phase: 'detect',
  severity: 'warn',
  suppressible: false,
  wholeGraph: 'memory',
  description: 'The AGENTS.md files Codex concatenates along a path add up to more than its 32 KiB limit.',
  hint: 'shorten the AGENTS.md files on the path, or move detail into files they link to',
  run(view, sink) {
    const limit = view.settings.agentsMdMaxBytes ?? CODEX_PROJECT_DOC_MAX;
    // One file per folder: the override wins.
    const byDir = new Map<string, Node>();
    for (const node of view.graph.nodes) {
      if (node.virtual === true || !AGENTS_MD.test(node.path)) continue;
      const dir = dirOf(node.path);
      const had = byDir.get(dir);
      if (had === undefined || node.path.endsWith('.override.md')) byDir.set(dir, node);
    }
    for (const [dir, node] of [...byDir].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const chain: Node[] = [];
      for (let d: string | null = dir; d !== null; d = d === '' ? null : dirOf(d)) {
        const at = byDir.get(d);
        if (at !== undefined) chain.unshift(at);
      }
      const total = chain.reduce((sum, n) => sum + n.bytes.total, 0);
      const parentTotal = total - node.bytes.total;
      // Report where the chain first goes over: deeper files inherit it (their parent is reported).
      if (total <= limit || parentTotal > limit) continue;
      const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;
      sink.emit({
        analyzerId: 'agents-md-over-limit',
        severity: 'warn',
        nodeIds: [node.path],
        message:
          chain.length === 1
            ? `'${node.path}' is ${kib(total)}: Codex reads at most ${kib(limit)} of AGENTS.md, the rest is cut`
            : `Codex concatenates ${chain.map((n) => n.path).join(' + ')}: ${kib(total)}, over its ${kib(limit)} limit; what comes after is cut`,
        fix: { hint: agentsMdOverLimitAnalyzer.hint! },
        data: { total, limit, chain: chain.map((n) => n.path) },
      });
    }
  },
};
