import type { Provider } from './provider.js';

const MARKDOWN = /\.(?:md|mdc|markdown)$/i;

/** `core/markdown`: every markdown file nobody else claimed (README, AGENTS.md, CLAUDE.md, docs, hooks…). Always last. */
export const markdownProvider: Provider = {
  id: 'core/markdown',
  stability: 'locked',
  gated: false,
  lensCapable: false,
  markers: [],
  subsumes: [],
  kinds: ['markdown'],
  resolution: {},
  reserved: {},
  mcpConfigs: [],
  sigil: null,
  skillDir: null,
  classify: (path) => (MARKDOWN.test(path) ? 'markdown' : null),
};
