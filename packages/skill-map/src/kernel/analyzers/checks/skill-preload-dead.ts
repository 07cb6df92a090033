import type { Analyzer } from '../analyzer.js';
import { readsSkillsOf, skillsNamed } from './listing.js';
import { listField } from './values.js';

/**
 * `core/skill-preload-dead`: an agent's `skills:` preloads a skill that the host will not preload: every skill of that
 * name sets `disable-model-invocation: true` (Claude Code preloads none of those), or exists only where this agent's
 * host does not read skills (a Cursor or Codex skill named by a Claude Code agent). A name no skill answers to is
 * agent-skill-unknown's.
 */
export const skillPreloadDeadAnalyzer: Analyzer = {
  id: 'core/skill-preload-dead',
  phase: 'detect',
  severity: 'warn',
  suppressible: true,
  wholeGraph: 'skills',
  description:
    "An agent's skills: preloads a skill that sets disable-model-invocation: true or that its host does not read.",
  hint: 'drop the entry, or let the model invoke the skill (remove disable-model-invocation), or move the skill',
  run(view, sink) {
    for (const agent of view.graph.nodes) {
      if (agent.kind !== 'agent' || agent.virtual === true || agent.frontmatter?.['skills'] === undefined)
        continue;
      const reads = readsSkillsOf(agent.provider);
      for (const entry of listField(agent.frontmatter['skills'])) {
        const skills = skillsNamed(entry, view.graph);
        if (skills.length === 0) continue;
        const seen = skills.filter((s) => reads.has(s.provider));
        if (seen.length === 0) {
          const where = [...new Set(skills.map((s) => s.path))].sort();
          sink.emit({
            analyzerId: 'skill-preload-dead',
            severity: 'warn',
            nodeIds: [agent.path],
            message: `skills: '${entry}' is only a ${skills[0]!.provider} skill ('${where[0]!}'): the ${agent.provider} host of this agent does not read it, so nothing is preloaded`,
            fix: { hint: `add the skill where ${agent.provider} reads skills, or drop the entry` },
            data: { target: entry, field: 'skills', reason: 'other-host', skill: where[0]! },
          });
          continue;
        }
        if (!seen.every((s) => s.frontmatter?.['disable-model-invocation'] === true)) continue;
        sink.emit({
          analyzerId: 'skill-preload-dead',
          severity: 'warn',
          nodeIds: [agent.path],
          message: `skills: '${entry}' preloads '${seen[0]!.path}', which sets disable-model-invocation: true: Claude Code does not preload such a skill into a subagent`,
          fix: { hint: 'remove disable-model-invocation from the skill, or drop the entry' },
          data: { target: entry, field: 'skills', reason: 'model-invocation-disabled', skill: seen[0]!.path },
        });
      }
    }
  },
};
