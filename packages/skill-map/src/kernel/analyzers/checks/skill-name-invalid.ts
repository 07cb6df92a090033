import type { Analyzer } from '../analyzer.js';
import { SKILL_NAME, SKILL_NAME_MAX } from './vocab.js';
import { stringField } from './values.js';

/** A valid name close to `name` (lowercased, other characters turned into single hyphens). */
function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SKILL_NAME_MAX);
}

/** `core/skill-name-invalid`: a skill `name:` outside the Agent Skills format (lowercase, digits, hyphens, ≤ 64). */
export const skillNameInvalidAnalyzer: Analyzer = {
  id: 'core/skill-name-invalid',
  phase: 'detect',
  severity: 'warn',
  suppressible: true,
  wholeGraph: 'node',
  description: 'A skill name is not lowercase letters, digits and single hyphens, at most 64 characters.',
  hint: 'rename it to lowercase words joined by single hyphens (and rename its folder to match)',
  run(view, sink) {
    for (const node of view.graph.nodes) {
      if (node.kind !== 'skill') continue;
      const name = stringField(node, 'name');
      if (name === null || name === '') continue;
      if (SKILL_NAME.test(name) && name.length <= SKILL_NAME_MAX) continue;
      const fixed = slug(name);
      const why =
        name.length > SKILL_NAME_MAX
          ? `is longer than ${SKILL_NAME_MAX} characters`
          : 'is not lowercase letters, digits and single hyphens';
      sink.emit({
        analyzerId: 'skill-name-invalid',
        severity: 'warn',
        nodeIds: [node.path],
        message: `Skill name '${name}' ${why}${fixed !== '' && fixed !== name ? `: did you mean '${fixed}'?` : ''}`,
        fix: { hint: fixed === '' ? skillNameInvalidAnalyzer.hint! : `set name: ${fixed}` },
        data: { target: name, field: 'name', ...(fixed === '' ? {} : { suggestion: fixed }) },
      });
    }
  },
};
