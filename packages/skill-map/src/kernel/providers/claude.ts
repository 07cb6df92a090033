import { firstMatch, territory, type Provider } from './provider.js';

const TABLE = [
  [territory('\\.claude/skills/[^/]+/SKILL\\.md'), 'skill'],
  [territory('\\.claude/agents/.+\\.md'), 'agent'],
  [territory('\\.claude/commands/.+\\.md'), 'command'],
] as const;

/** Built-in Claude Code slash commands: a skill or command with one of these names shadows the built-in. */
export const CLAUDE_RESERVED_COMMANDS = [
  'add-dir',
  'agents',
  'bashes',
  'bug',
  'clear',
  'compact',
  'config',
  'context',
  'cost',
  'doctor',
  'exit',
  'export',
  'help',
  'hooks',
  'ide',
  'init',
  'install-github-app',
  'login',
  'logout',
  'mcp',
  'memory',
  'model',
  'output-style',
  'permissions',
  'plugin',
  'pr-comments',
  'privacy-settings',
  'release-notes',
  'resume',
  'review',
  'rewind',
  'sandbox',
  'security-review',
  'status',
  'statusline',
  'terminal-setup',
  'todos',
  'upgrade',
  'usage',
  'vim',
] as const;

/** Built-in Claude Code subagent types. */
export const CLAUDE_RESERVED_AGENTS = [
  'general-purpose',
  'statusline-setup',
  'output-style-setup',
  'Explore',
  'Plan',
] as const;

/** Claude Code: `.claude/{agents,commands,skills}`, MCP servers from `.mcp.json`, sigil `/`. */
export const claudeProvider: Provider = {
  id: 'claude',
  stability: 'stable',
  gated: true,
  lensCapable: true,
  markers: [
    { prefix: '.claude/', strength: 'strong' },
    { prefix: '.claude-plugin/', strength: 'weak' },
  ],
  subsumes: [],
  kinds: ['agent', 'command', 'skill', 'mcp'],
  resolution: { mentions: ['agent', 'skill', 'markdown'], invokes: ['command', 'skill'] },
  reserved: {
    command: CLAUDE_RESERVED_COMMANDS,
    skill: CLAUDE_RESERVED_COMMANDS,
    agent: CLAUDE_RESERVED_AGENTS,
  },
  mcpConfigs: [{ pattern: /(?:^|\/)\.mcp\.json$/, format: 'mcp-servers-json' }],
  sigil: '/',
  skillDir: '.claude/skills',
  classify: (path) => firstMatch(path, TABLE),
};
