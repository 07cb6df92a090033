import { defineFixer } from './define.js';

/** `core/ai-contradiction-action`: resolves the contradiction finder's findings. */
export const contradictionAction = defineFixer(
  'contradiction',
  '1.0.0',
  'Reconciles instructions that cannot all be obeyed, to resolve findings of core/ai-contradiction-analyzer.',
  ['core/ai-contradiction-analyzer'],
  {
    title: 'Fix contradiction findings',
    mission:
      'A contradiction review (core/ai-contradiction-analyzer) flagged instructions in this file that cannot all be followed. You make the file say one consistent thing.',
    howToFix: [
      '- When the rest of the file or the project makes clear which side is intended (the later, more specific rule; the one the examples follow; what the code actually does), keep that side and remove or rephrase the other.',
      '- When both are intended for different situations, make the condition explicit ("ask before committing on main; on feature branches commit after each step").',
      '- Reorder steps that use something before it exists.',
    ].join('\n'),
    humanDecision: [
      '- Both sides are plausible and nothing in the file or project tells you which the author wants: quote both in the note and ask which one stands.',
      '- Resolving it requires changing frontmatter tool grants or model settings.',
    ].join('\n'),
    source: 'findings',
  },
);
