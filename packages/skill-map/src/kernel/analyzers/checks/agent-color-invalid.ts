import type { Analyzer } from '../analyzer.js';
import { CLAUDE_AGENT_COLORS } from './vocab.js';
import { claudeHosted, nearest } from './values.js';

/** `core/agent-color-invalid`: a Claude Code agent `color:` outside the palette (the host ignores it). */
export const agentColorInvalidAnalyzer: Analyzer = {
  id: 'core/agent-color-invalid',
  phase: 'detect',
  severity: 'warn',
  suppressible: true,
  wholeGraph: 'node',
  description: "A Claude Code agent's color is not one of the palette's colours.",
  hint: `use one of ${CLAUDE_AGENT_COLORS.join(', ')}, or remove color:`,
  run(view, sink) {
    for (const node of view.graph.nodes) {
      if (node.kind !== 'agent' || !claudeHosted(node) || node.frontmatter === undefined) continue;
      const color = node.frontmatter['color'];
      if (color === undefined || color === null) continue;
      const value = typeof color === 'string' ? color.trim() : JSON.stringify(color);
      if (CLAUDE_AGENT_COLORS.includes(value)) continue;
      const near = nearest(value, CLAUDE_AGENT_COLORS);
      sink.emit({
        analyzerId: 'agent-color-invalid',
        severity: 'warn',
        nodeIds: [node.path],
        message: `Agent color '${value}' is not in Claude Code's palette (${CLAUDE_AGENT_COLORS.join(', ')})${near === null ? '' : `: did you mean '${near}'?`}`,
        fix: { hint: near === null ? agentColorInvalidAnalyzer.hint! : `set color: ${near}` },
        data: { target: value, field: 'color', ...(near === null ? {} : { suggestion: near }) },
      });
    }
  },
};
