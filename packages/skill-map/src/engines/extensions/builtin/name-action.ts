import { defineFixer } from './define.js';

/** `core/ai-name-action`: resolves `core/name-mismatch` issues (frontmatter name vs file or folder name). */
export const nameAction = defineFixer(
  'name',
  '1.0.0',
  'Resolves core/name-mismatch issues: makes the frontmatter name agree with the file or folder name the host uses.',
  ['core/name-mismatch'],
  {
    title: 'Fix name mismatches',
    mission:
      "The deterministic analyzer core/name-mismatch found that this file's frontmatter `name` does not agree with the name its host derives from the path (a skill's folder name, an agent's or command's file name). Hosts invoke and list it by one of the two, so people and other files get confused. You make them agree by editing the frontmatter `name`.",
    howToFix: [
      "- Change the frontmatter `name` to the name the path gives; keep the value's YAML style (quoted or not).",
      '- Check the body for places that call the file by its old name ("this skill, foo, ...") and update those mentions in this file only.',
      '- Never rename or move the file or folder yourself: other files link to the path.',
    ].join('\n'),
    humanDecision: [
      '- The frontmatter name is clearly the better name and the path is the one that should change: suggest the rename (folder or file) in the note.',
      '- Other files in the project invoke the frontmatter name (`/old-name`, `@old-name`): changing it breaks them; list them in the note.',
    ].join('\n'),
    source: 'issues',
  },
);
