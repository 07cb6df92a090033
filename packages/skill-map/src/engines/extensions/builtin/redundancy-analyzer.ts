import { defineFinder } from './define.js';

/** `core/ai-redundancy-analyzer`: repeated or dead text that costs context without adding instruction. */
export const redundancyAnalyzer = defineFinder(
  'redundancy',
  '1.0.0',
  'Finds text that costs context without adding instruction: the same rule stated again, restated sections, boilerplate the host already knows.',
  {
    title: 'Redundancy review',
    mission:
      'Every line of this file is paid for in context each time an agent loads it, and repeated rules make the reader wonder whether the second version means something different. You find the text that could be removed or merged with no loss of instruction.',
    lookFor: [
      '- The same rule stated two or more times in different words, in different sections.',
      '- A section that restates another (a "Summary" repeating the steps verbatim; a checklist that duplicates the prose above it item for item).',
      '- Generic advice a capable agent already follows and that is not specific to this project ("write clean code", "be careful", "think step by step").',
      '- Long pasted reference material (full API docs, whole config files) where a link or a short excerpt would do, in a file that is loaded often (CLAUDE.md, AGENTS.md, skills).',
      '- Commented-out or obsolete instructions ("(old) we used to ...") left in place.',
    ].join('\n'),
    doNotReport: [
      '- Deliberate emphasis of one critical rule at the top and again at the point of use ("never force-push" in both the rules list and the release step): that is intentional and often helps.',
      '- A short summary of a long file.',
      '- Examples that illustrate a rule stated once.',
      '- Repetition across different files: you only see this one.',
      '- Docs that are read on demand, not loaded every turn, unless the repetition is glaring.',
    ].join('\n'),
    severity: [
      '- `warn`: substantial duplication (a whole section, or the same rule three times) or bulky pasted material in an always-loaded file.',
      '- `info`: a single repeated sentence, or generic advice that could go.',
      '- Use `error` only when the duplicated copies have drifted apart so they now disagree (and say so in the message).',
    ].join('\n'),
    types: ['repeated-rule', 'restated-section', 'generic-advice', 'pasted-reference', 'obsolete-text'],
  },
);
