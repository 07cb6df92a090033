import { firstMatch, territory, type Provider } from './provider.js';

const TABLE = [
  [territory('(?:\\.opencode/skills?|\\.claude/skills|\\.agents/skills)/[^/]+/SKILL\\.md'), 'skill'],
  [territory('\\.opencode/agents?/.+\\.md'), 'agent'],
  [territory('\\.opencode/commands?/.+\\.md'), 'command'],
] as const;

/** Built-in OpenCode TUI commands. */
export const OPENCODE_RESERVED_COMMANDS = [
  'compact',
  'connect',
  'details',
  'editor',
  'exit',
  'export',
  'help',
  'init',
  'models',
  'new',
  'redo',
  'sessions',
  'share',
  'themes',
  'undo',
  'unshare',
] as const;

/** Built-in OpenCode agents. */
export const OPENCODE_RESERVED_AGENTS = ['build', 'plan', 'general'] as const;

/** OpenCode: `.opencode/{agent,command,skills}` (plus `.claude/skills`, `.agents/skills`), MCP from `opencode.json(c)`. */
export const opencodeProvider: Provider = {
  id: 'opencode',
  stability: 'beta',
  gated: true,
  lensCapable: true,
  markers: [
    { prefix: '.opencode/', strength: 'strong' },
    { prefix: 'opencode.json', strength: 'strong' },
    { prefix: 'opencode.jsonc', strength: 'strong' },
  ],
  subsumes: ['claude'],
  kinds: ['agent', 'command', 'skill', 'mcp'],
  resolution: { invokes: ['command'] },
  reserved: { command: OPENCODE_RESERVED_COMMANDS, agent: OPENCODE_RESERVED_AGENTS },
  mcpConfigs: [{ pattern: /(?:^|\/)opencode\.jsonc?$/, format: 'opencode-jsonc' }],
  sigil: '/',
  skillDir: '.opencode/skills',
  classify: (path) => firstMatch(path, TABLE),
};
