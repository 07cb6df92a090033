import { firstMatch, territory, type Provider } from './provider.js';

const TABLE = [
  [territory('\\.codex/agents/[^/]+\\.toml'), 'agent'],
  [territory('\\.agents/skills/[^/]+/SKILL\\.md'), 'skill'],
] as const;

/** Codex: `.codex/agents/*.toml` agents (body = `developer_instructions`), `.agents/skills`, sigil `$`. */
export const codexProvider: Provider = {
  id: 'codex',
  stability: 'beta',
  gated: true,
  lensCapable: true,
  markers: [
    { prefix: '.codex/', strength: 'strong' },
    { prefix: '.codex-plugin/', strength: 'weak' },
  ],
  subsumes: [],
  kinds: ['agent', 'skill', 'mcp'],
  resolution: { invokes: ['skill'] },
  reserved: {},
  mcpConfigs: [{ pattern: /(?:^|\/)\.codex\/config\.toml$/, format: 'codex-toml' }],
  sigil: '$',
  skillDir: '.agents/skills',
  classify: (path) => firstMatch(path, TABLE),
};
