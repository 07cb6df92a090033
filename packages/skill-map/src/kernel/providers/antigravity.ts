import { firstMatch, territory, type Provider } from './provider.js';

const TABLE = [
  // `.agent/workflows/` (Antigravity IDE) and `.agents/workflows/` (the Antigravity 2.0 home the CLI shares).
  [territory('\\.agents?/workflows/[^/]+\\.md'), 'workflow'],
  [territory('\\.agents?/skills/[^/]+/SKILL\\.md'), 'skill'],
] as const;

/**
 * The Antigravity CLI's (`agy`) built-in slash commands, aliases included: the command table of its CLI reference
 * (github.com/google-antigravity/antigravity-cli, docs/reference.md), `/changelog` (its changelog, 1.0.4) and `/goal`.
 * A skill or workflow is invoked as `/<name>`, so one with one of these names is shadowed by the built-in.
 */
export const ANTIGRAVITY_RESERVED_COMMANDS = [
  'add-dir',
  'agents',
  'artifact',
  'branch',
  'btw',
  'changelog',
  'clear',
  'config',
  'context',
  'conversation',
  'copy',
  'credits',
  'diff',
  'exit',
  'fast',
  'feedback',
  'fork',
  'goal',
  'help',
  'hooks',
  'keybindings',
  'logout',
  'mcp',
  'model',
  'new',
  'open',
  'permissions',
  'planning',
  'quit',
  'quota',
  'rename',
  'resume',
  'rewind',
  'settings',
  'skills',
  'statusline',
  'switch',
  'tasks',
  'title',
  'undo',
  'usage',
] as const;

/** Antigravity (Google): `.agent(s)/workflows/*.md` workflows and `.agents/skills`; its MCP config lives in $HOME. */
export const antigravityProvider: Provider = {
  id: 'antigravity',
  stability: 'beta',
  gated: true,
  lensCapable: true,
  markers: [
    { prefix: '.agent/workflows/', strength: 'strong' },
    { prefix: '.agents/workflows/', strength: 'strong' },
  ],
  subsumes: [],
  kinds: ['skill', 'workflow'],
  resolution: { invokes: ['skill', 'workflow'] },
  reserved: { skill: ANTIGRAVITY_RESERVED_COMMANDS, workflow: ANTIGRAVITY_RESERVED_COMMANDS },
  mcpConfigs: [],
  sigil: '/',
  skillDir: '.agents/skills',
  classify: (path) => firstMatch(path, TABLE),
};
