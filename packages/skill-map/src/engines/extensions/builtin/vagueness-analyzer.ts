import { defineFinder } from './define.js';

/** `core/ai-vagueness-analyzer`: instructions too vague for an agent to act on the same way twice. */
export const vaguenessAnalyzer = defineFinder(
  'vagueness',
  '1.0.0',
  'Finds instructions too vague to act on consistently: undefined quality words, missing thresholds, unnamed tools or files, steps without a done condition.',
  {
    title: 'Vagueness review',
    mission:
      'An agent follows instructions literally and cannot ask the author what they meant. You find the instructions in this file that two capable agents would carry out differently because the text leaves the decisive detail open, and that would matter for the outcome.',
    lookFor: [
      '- Quality words with no criterion where the outcome depends on them: "keep it short", "if the change is big", "use good names", "when appropriate", "as needed".',
      '- A step that names no tool, command, file or location where several exist ("run the tests" in a repo with three test suites, "update the config").',
      '- Missing thresholds or limits the task hinges on ("retry a few times", "if coverage drops").',
      '- Steps with no done condition or output format when a later step or a person consumes the result.',
      '- References to context the agent cannot have: "the usual way", "as we discussed", "the standard template" with no link.',
    ].join('\n'),
    doNotReport: [
      '- Deliberate latitude: "use your judgement on naming", "pick whichever approach fits" is a choice, not vagueness.',
      '- Vague words where the outcome does not depend on them ("write a brief commit message" is fine).',
      '- Detail a capable agent can discover in one obvious step (the test command in a repo with one `package.json` script named `test`).',
      '- Background or explanatory prose that is not an instruction.',
      '- Contradictions, duplication or structure problems: other finders cover those.',
    ].join('\n'),
    severity: [
      '- `error`: the central instruction of the file cannot be carried out without guessing, and a wrong guess does damage or wastes the run.',
      '- `warn`: a step will be done inconsistently and the result matters.',
      '- `info`: a tightening that would help but whose absence is unlikely to cause a wrong result.',
    ].join('\n'),
    types: [
      'undefined-criterion',
      'unnamed-target',
      'missing-threshold',
      'no-done-condition',
      'missing-context',
    ],
  },
);
