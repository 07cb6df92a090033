import type { Analyzer } from '../analyzer.js';
import { CLAUDE_ENTRY_MAX, claudeFamily, listedText } from './listing.js';

/**
 * `core/description-truncated`: a Claude Code skill or command whose listing entry (description, plus `when_to_use`)
 * is longer than the {@link CLAUDE_ENTRY_MAX} characters Claude Code keeps of one entry: the rest never reaches the
 * model, which picks skills by it.
 */
export const descriptionTruncatedAnalyzer: Analyzer = {
  id: 'core/description-truncated',
  phase: 'detect',
  severity: 'warn',
  suppressible: false,
  wholeGraph: 'node',
  description: `A Claude Code skill's or command's description (with when_to_use) is over the ${CLAUDE_ENTRY_MAX} characters the listing keeps.`,
  hint: `shorten the description to under ${CLAUDE_ENTRY_MAX} characters; move detail into the body`,
  run(view, sink) {
    for (const node of view.graph.nodes) {
      if ((node.kind !== 'skill' && node.kind !== 'command') || !claudeFamily(node.provider)) continue;
      if (node.frontmatter?.['disable-model-invocation'] === true) continue;
      const length = [...listedText(node)].length;
      if (length <= CLAUDE_ENTRY_MAX) continue;
      sink.emit({
        analyzerId: 'description-truncated',
        severity: 'warn',
        nodeIds: [node.path],
        message: `the ${node.kind}'s description is ${length} characters: Claude Code lists only the first ${CLAUDE_ENTRY_MAX}, so the last ${length - CLAUDE_ENTRY_MAX} never reach the model`,
        fix: { hint: descriptionTruncatedAnalyzer.hint! },
        data: { length, limit: CLAUDE_ENTRY_MAX },
      });
    }
  },
};
