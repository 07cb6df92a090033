import { defineFixer } from './define.js';

/** `core/ai-redundancy-action`: resolves the redundancy finder's findings. */
export const redundancyAction = defineFixer(
  'redundancy',
  '1.0.0',
  'Merges or removes duplicated and dead text to resolve findings of core/ai-redundancy-analyzer, keeping every distinct instruction.',
  ['core/ai-redundancy-analyzer'],
  {
    title: 'Fix redundancy findings',
    mission:
      'A redundancy review (core/ai-redundancy-analyzer) flagged text that costs context without adding instruction. You remove or merge it so every distinct instruction survives exactly once.',
    howToFix: [
      '- Merge repeated rules into the one place where they apply; keep the most precise wording and any detail only one copy had.',
      '- Remove restated sections and generic advice; replace long pasted reference material with a link to its source and the two or three lines the agent actually needs.',
      '- Delete obsolete or commented-out instructions.',
      '- Before deleting anything, check it really says nothing the remaining text does not.',
    ].join('\n'),
    humanDecision: [
      "- The copies disagree: which version is right is the author's call; quote both in the note.",
      '- The pasted material has no source you can link to.',
    ].join('\n'),
    source: 'findings',
  },
);
