import { defineFixer } from './define.js';

/** `core/ai-vagueness-action`: resolves the vagueness finder's findings. */
export const vaguenessAction = defineFixer(
  'vagueness',
  '1.0.0',
  'Makes the flagged instructions concrete (criteria, names, thresholds, done conditions) to resolve findings of core/ai-vagueness-analyzer.',
  ['core/ai-vagueness-analyzer'],
  {
    title: 'Fix vagueness findings',
    mission:
      'A vagueness review (core/ai-vagueness-analyzer) flagged instructions an agent cannot carry out consistently. You make each one concrete, using facts you can verify in the project.',
    howToFix: [
      '- Replace a quality word with the criterion behind it, when the file or the project tells you what it is.',
      '- Name the tool, command or file: look in the project (package.json scripts, Makefile, the folder layout) to find the real one. Do not invent commands.',
      '- Give thresholds and done conditions only when they can be derived from the project or from the rest of the file.',
    ].join('\n'),
    humanDecision: [
      '- The missing detail is a policy choice (how many retries, what coverage is acceptable, which environments) that the project does not answer: name the question in the note.',
      '- Several real candidates exist (two test suites) and the file does not say which one is meant.',
    ].join('\n'),
    source: 'findings',
  },
);
