import { defineFixer } from './define.js';

/** `core/ai-structure-action`: resolves the structure finder's findings. */
export const structureAction = defineFixer(
  'structure',
  '1.0.0',
  'Reorganises the flagged parts (numbered steps, rules at their step, missing sections) to resolve findings of core/ai-structure-analyzer.',
  ['core/ai-structure-analyzer'],
  {
    title: 'Fix structure findings',
    mission:
      'A structure review (core/ai-structure-analyzer) flagged organisation problems that make this file hard for an agent to follow. You reorganise the flagged parts without changing what they say.',
    howToFix: [
      '- Turn an ordered procedure written as prose into a numbered list, one action per item, in the same order.',
      '- Move a rule next to the step it governs; move a critical constraint near the top.',
      '- Add a missing section only with content you can take from the file itself (what the inputs are, when the task is done); never invent requirements.',
      '- Fix heading levels so the hierarchy matches the content.',
      '- Preserve every instruction: a restructure that drops or alters meaning is a regression.',
    ].join('\n'),
    humanDecision: [
      '- The missing section needs information the file does not contain.',
      '- The fix would split the file into several files or rename it.',
    ].join('\n'),
    source: 'findings',
  },
);
