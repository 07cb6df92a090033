import { territory, type Provider } from './provider.js';

const SKILL = territory('SKILL\\.md');

/**
 * The open Agent Skills layout: a folder holding `SKILL.md` is a skill, wherever it sits. Default lens when no vendor
 * marker exists; otherwise it still claims every `SKILL.md` the active hosts and plugin layouts left unclaimed.
 */
export const agentSkillsProvider: Provider = {
  id: 'agent-skills',
  stability: 'stable',
  gated: false,
  lensCapable: true,
  markers: [{ prefix: '.agents/', strength: 'weak' }],
  subsumes: [],
  kinds: ['skill'],
  resolution: { invokes: ['skill'] },
  reserved: {},
  mcpConfigs: [],
  sigil: null,
  skillDir: '.agents/skills',
  classify: (path) => (SKILL.test(path) ? 'skill' : null),
};
