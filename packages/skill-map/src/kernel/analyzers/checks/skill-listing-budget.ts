import type { Node } from '@skill-map/spec';
import type { Analyzer } from '../analyzer.js';
import { CLAUDE_ENTRY_MAX, claudeFamily, DEFAULT_LISTING_BUDGET, listedText, loadSetOf } from './listing.js';

/** Skills and agents a host lists at session start (a skill the model may not invoke is not listed). */
function listed(node: Node): boolean {
  if (node.virtual === true) return false;
  if (node.kind === 'agent') return true;
  return node.kind === 'skill' && node.frontmatter?.['disable-model-invocation'] !== true;
}

/**
 * `core/skill-listing-budget`: the descriptions of the skills and agents one host loads at session start (a project's
 * `.claude/`, one plugin, the skills of another host) add up to more than the budget (setting
 * `plugins.core.extensions.skill-listing-budget.settings.budget`, characters; default {@link DEFAULT_LISTING_BUDGET}).
 * Over it, the host shortens or drops entries, and the model may not find the skill it needs. Info: the budget is an
 * estimate of the host's (it scales with the context window).
 */
export const skillListingBudgetAnalyzer: Analyzer = {
  id: 'core/skill-listing-budget',
  phase: 'detect',
  severity: 'info',
  suppressible: true,
  wholeGraph: 'skills',
  description:
    'The skill and agent descriptions one host loads at session start add up to more than the budget.',
  hint: 'shorten the longest descriptions, or set disable-model-invocation on skills only users start',
  run(view, sink) {
    const budget = view.settings.listingBudget ?? DEFAULT_LISTING_BUDGET;
    const sets = new Map<string, { total: number; entries: [string, number][] }>();
    for (const node of view.graph.nodes) {
      if (!listed(node)) continue;
      const raw = [...listedText(node)].length;
      const length = claudeFamily(node.provider) ? Math.min(raw, CLAUDE_ENTRY_MAX) : raw;
      const key = loadSetOf(node);
      const set = sets.get(key) ?? { total: 0, entries: [] };
      set.total += length;
      set.entries.push([node.path, length]);
      sets.set(key, set);
    }
    for (const [key, set] of [...sets].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (set.total <= budget) continue;
      const top = set.entries.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 3);
      const what = key.startsWith('plugin:')
        ? `the plugin '${key.slice(7) || '.'}'`
        : `${key}'s skills and agents`;
      sink.emit({
        analyzerId: 'skill-listing-budget',
        severity: 'info',
        nodeIds: [top[0]![0]],
        message: `${what} list ${set.total} characters of descriptions at session start, over the budget of ${budget} (${set.entries.length} entries; longest: ${top.map(([p, n]) => `${p} ${n}`).join(', ')})`,
        fix: { hint: skillListingBudgetAnalyzer.hint! },
        data: { target: key, total: set.total, budget, entries: set.entries.length },
      });
    }
  },
};
