import { defineFixer } from './define.js';

/** `core/ai-trigger-action`: resolves the trigger finder's findings by rewriting name/description. */
export const triggerAction = defineFixer(
  'trigger',
  '1.0.0',
  'Rewrites the frontmatter description (and, when asked, the name) to resolve findings of core/ai-trigger-analyzer.',
  ['core/ai-trigger-analyzer'],
  {
    title: 'Fix trigger findings',
    mission:
      'A trigger review (core/ai-trigger-analyzer) found that hosts would load this file at the wrong moments, or not at all, from its name and description. You rewrite the frontmatter `description` so an agent reading only it picks the file exactly when the body helps.',
    howToFix: [
      '- Read the body first: the description must promise what the body delivers, no more and no less.',
      '- State what the file does in a few words, then when to use it: the situations, inputs or user requests that should trigger it. One to three sentences is usually right.',
      '- Keep concrete words a user would say ("release", "migration", "flaky test") so the host can match them.',
      '- Keep the YAML valid: quote the value if it contains a colon or starts with a special character.',
    ].join('\n'),
    humanDecision: [
      '- The finding asks to rename the skill or agent: renaming changes how people and other files invoke it (slash commands, links, the folder name of a skill must match its name). Propose the name in the note and leave it.',
      '- The body itself does two unrelated jobs, so no single description fits: suggest splitting the file.',
    ].join('\n'),
    source: 'findings',
  },
);
