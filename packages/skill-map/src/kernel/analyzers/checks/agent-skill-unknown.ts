import type { Analyzer } from '../analyzer.js';
import { normalizeTrigger } from '../../util/normalize-trigger.js';
import { suggest } from '../../util/suggest.js';
import { listField } from './values.js';

/** `core/agent-skill-unknown`: an agent's `skills:` list names a skill no scanned node answers to. */
export const agentSkillUnknownAnalyzer: Analyzer = {
  id: 'core/agent-skill-unknown',
  phase: 'detect',
  severity: 'varies',
  suppressible: true,
  wholeGraph: 'skills',
  description: "An agent's skills: list names a skill that no scanned skill answers to.",
  hint: 'fix the name, add the skill, or remove it from skills:',
  run(view, sink) {
    const { names, pluginNames } = view.graph;
    let skillNames: string[] | null = null;
    const isSkill = (handle: string): boolean => names.get(handle)?.some((c) => c.kind === 'skill') === true;
    for (const node of view.graph.nodes) {
      if (node.kind !== 'agent' || node.frontmatter?.['skills'] === undefined) continue;
      for (const entry of listField(node.frontmatter['skills'])) {
        const handle = normalizeTrigger(entry);
        const colon = handle.indexOf(':');
        const foreign = colon > 0 && !pluginNames.has(entry.slice(0, colon));
        const bare = colon > 0 ? handle.slice(colon + 1) : handle;
        if (isSkill(handle) || (!foreign && isSkill(bare))) continue;
        skillNames ??= [...names.entries()]
          .filter(([, cs]) => cs.some((c) => c.kind === 'skill'))
          .map(([h]) => h);
        const near = suggest(bare, skillNames)[0];
        sink.emit({
          analyzerId: 'agent-skill-unknown',
          // `other-plugin:skill`: a plugin this project does not hold; the host may well have it installed.
          severity: foreign ? 'info' : 'warn',
          nodeIds: [node.path],
          message: foreign
            ? `skills: '${entry}' names a skill of plugin '${entry.slice(0, colon)}', which is not in the project`
            : `skills: '${entry}' names no skill in the project${near === undefined ? '' : `: did you mean '${near}'?`}`,
          fix: { hint: near === undefined ? agentSkillUnknownAnalyzer.hint! : `write '${near}'` },
          data: { target: entry, field: 'skills', ...(near === undefined ? {} : { suggestion: near }) },
        });
      }
    }
  },
};
