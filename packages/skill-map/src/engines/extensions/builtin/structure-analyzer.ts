import { defineFinder } from './define.js';

/** `core/ai-structure-analyzer`: organisation that makes the file hard for an agent to follow. */
export const structureAnalyzer = defineFinder(
  'structure',
  '1.0.0',
  'Finds organisation problems that make a file hard for an agent to follow: steps buried in prose, rules scattered, missing sections for its kind.',
  {
    title: 'Structure review',
    mission:
      'Agents follow well-organised instructions more reliably: ordered steps as numbered lists, rules grouped where they apply, the most important constraint early. You find structural problems in this file that make an agent likely to miss or misorder something, given what kind of file it is.',
    lookFor: [
      '- A procedure written as one long paragraph where the order of steps matters: it should be a numbered list.',
      '- Rules that apply to one step scattered across the file instead of placed at that step, or critical constraints placed at the very end after long material.',
      '- Missing pieces the kind of file needs: a skill with no indication of its inputs or when it is done; an agent with no statement of its role; a command that uses arguments without saying how.',
      '- Heading structure that misleads: steps under an unrelated heading, a heading hierarchy that skips levels so sections look nested when they are not.',
      '- Frontmatter problems visible in the text: instructions placed in the frontmatter description that belong in the body, or body text that repeats the frontmatter as its only content.',
    ].join('\n'),
    doNotReport: [
      '- Short files (a few lines) that need no headings or lists.',
      '- Personal formatting preferences (bullets vs dashes, title case, blank lines) that do not change how an agent reads the file.',
      '- A different but workable organisation from the one you would choose.',
      '- Vague, contradictory or repeated content: other finders cover those.',
      '- Markdown rendering details (line wrapping, trailing spaces).',
    ].join('\n'),
    severity: [
      '- `warn`: the structure makes it likely the agent skips or misorders a step that matters.',
      '- `info`: a reorganisation that would make the file easier to follow but is not likely to cause a mistake.',
      '- Reserve `error` for a file whose structure leaves its main procedure unrecoverable (steps interleaved so the order cannot be told).',
    ].join('\n'),
    types: [
      'steps-as-prose',
      'scattered-rules',
      'buried-constraint',
      'missing-section',
      'misleading-headings',
      'frontmatter-misuse',
    ],
  },
);
