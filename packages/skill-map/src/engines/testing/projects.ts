// Test support: small projects written into os.tmpdir() per test, for the engines' suites and every layer above.
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';

/** A Claude-layout project: a skill, an agent, a command, docs; `docs/notes.md` has one broken link (error). */
export const CLAUDE_PROJECT: Readonly<Record<string, string>> = {
  '.claude/skills/deploy/SKILL.md':
    '---\nname: deploy\ndescription: Deploys the app\n---\nRun `/release`, then read [notes](../../../docs/notes.md). Ask @reviewer.\n',
  '.claude/agents/reviewer.md':
    '---\nname: reviewer\ndescription: Reviews changes\n---\nUse the [deploy skill](../skills/deploy/SKILL.md).\n',
  '.claude/commands/release.md':
    '---\ndescription: Release\n---\nShip it. See [the guide](../../docs/guide.md).\n',
  'docs/guide.md': '# Guide\nStart at [notes](notes.md).\n',
  'docs/notes.md': '# Notes\nSee [missing](missing.md).\n',
  'CLAUDE.md': '# Project\nSkills live in `.claude/skills/deploy/SKILL.md`.\n',
};

/** The same project without the broken link: no issue of severity error. */
export const CLEAN_PROJECT: Readonly<Record<string, string>> = {
  ...CLAUDE_PROJECT,
  'docs/notes.md': '# Notes\nBack to [the guide](guide.md).\n',
};

/** A temp tree holding `files`. */
export function tempProject(files: Readonly<Record<string, string | Buffer>> = CLAUDE_PROJECT): TempTree {
  const tree = createTempTree('sm-cli-');
  tree.write({ ...files });
  return tree;
}
