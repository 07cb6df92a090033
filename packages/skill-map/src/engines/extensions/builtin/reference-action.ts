import { defineFixer } from './define.js';

/** `core/ai-reference-action`: repairs broken references flagged by the deterministic `core/reference-broken`. */
export const referenceAction = defineFixer(
  'reference',
  '1.0.0',
  'Repairs references the deterministic core/reference-broken analyzer flagged (links, @-mentions, /commands pointing at nothing) by finding the intended target.',
  ['core/reference-broken'],
  {
    title: 'Fix broken references',
    mission:
      "The deterministic analyzer core/reference-broken found references in this file that point at nothing in the project: markdown links to missing files, `@name` mentions or `/command` invocations with no matching node. Each issue's `target` is the reference as written. You point each one at what the author meant, or take it out.",
    howToFix: [
      '- Search the project for the intended target: a file that was moved or renamed (same name elsewhere, similar name, a redirect note), a skill or agent with a near-identical name.',
      "- Links are relative to the file that contains them: compute the new relative path from this file's folder, and re-check it resolves.",
      '- If the target is clearly gone for good and the sentence still makes sense without it, remove the link but keep the text.',
      '- Do not create the missing file to make the link resolve.',
    ].join('\n'),
    humanDecision: [
      '- Several candidates fit equally well.',
      '- The target looks like it should exist but does not (the reference describes a file nobody wrote yet): say what is missing.',
      "- The reference points outside the project (another repository, a local path on someone's machine).",
    ].join('\n'),
    source: 'issues',
  },
);
