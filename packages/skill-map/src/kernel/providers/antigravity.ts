import { firstMatch, territory, type Provider } from './provider.js';

const TABLE = [
  [territory('\\.agent/workflows/[^/]+\\.md'), 'workflow'],
  [territory('\\.agents?/skills/[^/]+/SKILL\\.md'), 'skill'],
] as const;

/** Antigravity (Google): `.agent/workflows/*.md` workflows and `.agents/skills`; its MCP config lives in $HOME. */
export const antigravityProvider: Provider = {
  id: 'antigravity',
  stability: 'beta',
  gated: true,
  lensCapable: true,
  markers: [{ prefix: '.agent/workflows/', strength: 'strong' }],
  subsumes: [],
  kinds: ['skill', 'workflow'],
  resolution: { invokes: ['skill', 'workflow'] },
  reserved: {},
  mcpConfigs: [],
  sigil: '/',
  skillDir: '.agents/skills',
  classify: (path) => firstMatch(path, TABLE),
};
