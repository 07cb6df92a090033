import { firstMatch, territory, type Provider } from './provider.js';

const TABLE = [
  [territory('\\.cursor/rules/.+\\.mdc?'), 'rule'],
  [territory('\\.cursor/commands/.+\\.md'), 'command'],
  [territory('\\.cursor/skills/[^/]+/SKILL\\.md'), 'skill'],
] as const;

/** Cursor (not in the reference): `.cursor/rules/*.mdc` rules, `.cursor/commands/*.md`, MCP from `.cursor/mcp.json`. */
export const cursorProvider: Provider = {
  id: 'cursor',
  stability: 'experimental',
  gated: true,
  lensCapable: true,
  markers: [
    { prefix: '.cursor/', strength: 'strong' },
    { prefix: '.cursor-plugin/', strength: 'weak' },
  ],
  subsumes: [],
  kinds: ['rule', 'command', 'skill', 'mcp'],
  resolution: { invokes: ['command', 'skill'] },
  reserved: {},
  mcpConfigs: [{ pattern: /(?:^|\/)\.cursor\/mcp\.json$/, format: 'mcp-servers-json' }],
  sigil: '/',
  skillDir: '.cursor/skills',
  classify: (path) => firstMatch(path, TABLE),
};
