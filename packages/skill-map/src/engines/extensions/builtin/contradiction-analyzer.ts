import { defineFinder } from './define.js';

/** `core/ai-contradiction-analyzer`: instructions in one file that cannot all be obeyed. */
export const contradictionAnalyzer = defineFinder(
  'contradiction',
  '1.0.0',
  'Finds instructions in the same file that cannot all be followed: opposite rules, incompatible steps, frontmatter that disagrees with the body.',
  {
    title: 'Contradiction review',
    mission:
      'You find places where this file tells the agent two things that cannot both be obeyed in the same situation. An agent facing a contradiction picks one side at random, so each real contradiction is a coin flip in every run.',
    lookFor: [
      '- Opposite rules for the same situation: "always ask before committing" and later "commit after each step".',
      '- Steps in an order that cannot work: step 3 uses a file step 5 creates.',
      '- Frontmatter against body: `allowed-tools` without Bash while the body says to run shell commands; a `model` or `tools` setting the body contradicts.',
      '- A stated scope the body breaks: "never edit files outside src/" then instructions to update the root README.',
      '- Examples that violate the rule they illustrate.',
    ].join('\n'),
    doNotReport: [
      '- A general rule with an explicit exception ("never push to main, except for the release step below"): that is a precise rule, not a contradiction.',
      '- Rules for different situations that merely sound opposite ("be terse in commit messages", "be thorough in design docs").',
      '- Conflicts with OTHER files of the project: you only see this one; judge only what is inside it.',
      '- Repetition of the same rule (the redundancy finder covers it) or vague wording (the vagueness finder).',
      '- Tension you have to construct an unlikely scenario to reach.',
    ].join('\n'),
    severity: [
      '- `error`: the contradiction sits in the main path of the file and forces a guess on most runs.',
      '- `warn`: it appears in a secondary step or a common edge case.',
      '- `info`: a minor inconsistency (an example slightly off from its rule) unlikely to change behaviour.',
    ].join('\n'),
    types: [
      'conflicting-rules',
      'impossible-order',
      'frontmatter-body-conflict',
      'scope-violation',
      'example-contradicts-rule',
    ],
  },
);
