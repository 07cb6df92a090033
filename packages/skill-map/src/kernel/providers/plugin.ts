import { firstMatch, type Provider } from './provider.js';

const TABLE = [
  [/^skills\/[^/]+\/SKILL\.md$/, 'skill'],
  [/^commands\/.+\.md$/, 'command'],
  [/^agents\/.+\.md$/, 'agent'],
] as const;

/** Manifest dirs that make their parent a plugin root (Claude Code, Cursor and Codex share the layout). */
export const PLUGIN_MANIFEST_DIRS = ['.claude-plugin/', '.cursor-plugin/', '.codex-plugin/'] as const;

/**
 * Plugin layout (non-gated): under a plugin root (the parent of `.claude-plugin/` etc.), `skills/<n>/SKILL.md` is a
 * skill, `commands/**.md` a command and `agents/**.md` an agent. Runs right after the active hosts.
 */
export const pluginProvider: Provider = {
  id: 'plugin',
  stability: 'experimental',
  gated: false,
  lensCapable: false,
  markers: [],
  subsumes: [],
  kinds: ['skill', 'command', 'agent'],
  resolution: {},
  reserved: {},
  mcpConfigs: [],
  sigil: null,
  skillDir: null,
  classify(path, ctx) {
    for (const root of ctx.pluginRoots) {
      if (root !== '' && !path.startsWith(root + '/')) continue;
      const kind = firstMatch(root === '' ? path : path.slice(root.length + 1), TABLE);
      if (kind !== null) return kind;
    }
    return null;
  },
};
