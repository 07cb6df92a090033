// The verbs that set a folder up before there is a project: `sm tutorial` and `sm example` (the reference's
// cli-contract, "Setup & state"). Kept apart from cli/verbs.ts so each table file stays readable.
import type { VerbSpec } from './verbs.js';

const FORCE = {
  type: 'boolean',
  description: 'write into a folder that is not empty (files of the same name are overwritten)',
} as const;

export const SETUP_VERBS: readonly VerbSpec[] = [
  {
    name: 'tutorial',
    summary: 'write the sm-tutorial skill into an empty folder: your agent then leads a first hour with sm',
    usage: ['tutorial [--for claude|codex|opencode|agent-skills] [--force]'],
    details: [
      'Writes <host skill dir>/sm-tutorial/ (SKILL.md and references/) into the working directory (or --root); open your',
      'agent there and ask it to start the skill-map tutorial. The folder must be empty unless --force. Without --for,',
      'a terminal is asked which agent (default claude, .claude/skills); otherwise claude. Scans never map sm-tutorial/.',
    ],
    options: {
      for: {
        type: 'string',
        value: 'host',
        description: 'agent host: claude (.claude/skills), codex or agent-skills (.agents/skills), opencode',
      },
      force: FORCE,
    },
    maxArgs: 0,
    load: () => import('./commands/tutorial.js'),
  },
  {
    name: 'example',
    summary: 'write a small, wired example project into an empty folder, ready for sm scan and sm serve',
    usage: ['example [--force]'],
    details: [
      'A Claude Code project (CLAUDE.md, an agent, a command, a skill, docs) whose first scan is a connected graph with',
      'nothing broken. It writes no .skill-map/: the first `sm scan` creates it. The folder must be empty unless --force.',
    ],
    options: { force: FORCE },
    maxArgs: 0,
    load: () => import('./commands/example.js'),
  },
];
