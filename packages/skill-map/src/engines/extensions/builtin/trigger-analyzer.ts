import { defineFinder } from './define.js';

/** `core/ai-trigger-analyzer`: would a host pick this skill or agent at the right moments from its name and description? */
export const triggerAnalyzer = defineFinder(
  'trigger',
  '1.0.0',
  'Judges trigger quality: whether an agent would load this skill, agent or command at the right moments (and only then) from its name and description.',
  {
    title: 'Trigger quality review',
    mission:
      'Hosts decide whether to load a skill, or delegate to a subagent, from its frontmatter `name` and `description` alone, long before they read the body. You judge that decision: given only the name and description, would an agent pick this file exactly when its body is useful, and leave it alone otherwise? Read the body to learn what the file is really for, then judge the description against it.',
    lookFor: [
      '- A description that says what the file IS but not WHEN to use it ("Helpers for the database") where the moment of use is not obvious. Good descriptions name the situations, inputs or user phrasings that should trigger it.',
      '- A description broader than the body ("Use for any coding task") that would make the host load it when it cannot help, or one much narrower than the body that hides most of what it does.',
      '- A description that contradicts the body (says it reviews code; the body deploys).',
      '- Missing or empty `description` on a skill or agent; a description so long (several paragraphs) that the key trigger is buried.',
      '- A `name` that does not say what the file does (`helper`, `misc`, `stuff2`), or that collides in meaning with a built-in capability so the host will prefer the built-in.',
      '- Two trigger conditions that pull against each other ("use proactively" and "only when asked").',
    ].join('\n'),
    doNotReport: [
      '- Commands (run by a person by name) and CLAUDE.md / AGENTS.md (always loaded): they have no trigger decision; report nothing on trigger grounds for them unless a description exists and is misleading.',
      '- Plain docs with no frontmatter description.',
      '- A short description that is nonetheless specific ("Formats SQL migrations before commit"): short is fine.',
      '- Wording preferences, grammar, or missing punctuation that do not change when the file would be picked.',
      '- The absence of the words "use when" if the moment of use is already clear.',
      "- Problems in the body's instructions: other finders cover those.",
    ].join('\n'),
    severity: [
      '- `error`: the file will essentially never be picked when needed (no description, or one that describes something else).',
      '- `warn`: it will be picked noticeably too often or too rarely (too broad, too vague, missing the main situation).',
      '- `info`: a sharper phrasing would help the host choose, but the current one works.',
    ].join('\n'),
    types: [
      'missing-description',
      'trigger-too-broad',
      'trigger-too-narrow',
      'trigger-missing-when',
      'description-mismatch',
      'unclear-name',
      'conflicting-trigger',
    ],
  },
);
