// The example project `sm example` writes into an empty folder: a small, wired Claude Code project (a cookbook
// site's handbook) that a first `sm scan` turns into a connected graph with nothing broken.

/** The example project's files, by path from the folder's root. */
export const EXAMPLE_FILES: Readonly<Record<string, string>> = {
  'CLAUDE.md': `# Cookbook site

Recipes live in \`recipes/\` and the site is built from them. To add a recipe, ask the \`recipe-editor\` agent; to put
the site online, run \`/deploy\`. Before deploying, the \`check-links\` skill checks every recipe's links.

- [Writing style](docs/style.md)
- [How the site is deployed](docs/deploy.md)
- [A recipe to copy from](recipes/tomato-soup.md)
`,
  'CLAUDE.sm': `annotations:
  stability: stable
  tags:
    - handbook
`,
  '.claude/agents/recipe-editor.md': `---
name: recipe-editor
description: Writes and edits recipes in the cookbook's house style. Use when asked to add, fix or shorten a recipe.
skills: [check-links]
---
Edit the recipe under recipes/ following [the style guide](../../docs/style.md). Keep ingredients in a list and
steps numbered. When done, run the check-links skill on the file.
`,
  '.claude/commands/deploy.md': `---
description: Builds the cookbook site and deploys it.
---
First run the check-links skill on recipes/. If nothing is broken, follow [the deploy steps](../../docs/deploy.md)
for $ARGUMENTS (default: production).
`,
  '.claude/skills/check-links/SKILL.md': `---
name: check-links
description: Checks that every link in the given recipe files resolves. Use before deploying, or after editing a recipe.
---
# Check links

For each file, list its links and check that each target exists. Report the broken ones with their line. The
rules for what counts as broken are in [rules.md](rules.md).
`,
  '.claude/skills/check-links/rules.md': `# What counts as broken

- A relative link to a file that does not exist.
- An anchor (\`#section\`) that matches no heading of the target.
- External links are not checked.
`,
  'docs/style.md': `# Writing style

- Title: the dish, no adjectives.
- Ingredients: a list, quantities first.
- Steps: numbered, one action each.
`,
  'docs/deploy.md': `# Deploying the site

1. \`npm run build\` writes the site into \`public/\`.
2. \`npm run deploy\` uploads \`public/\`.

See [the writing style](style.md) for what reviewers check first.
`,
  'recipes/tomato-soup.md': `# Tomato soup

- 1 kg tomatoes
- 1 onion
- 2 cloves garlic

1. Roast the tomatoes.
2. Soften the onion and garlic.
3. Blend everything with a cup of stock.
`,
  'package.json': `{
  "name": "cookbook-example",
  "private": true,
  "scripts": {
    "build": "node build.js",
    "deploy": "echo 'deploy public/ with your host of choice'"
  }
}
`,
  'build.js': `// Copies recipes/ into public/ (a stand-in for a real site generator).
import { cpSync } from 'node:fs';
cpSync('recipes', 'public', { recursive: true });
`,
  '.gitignore': `public/
node_modules/
`,
};
