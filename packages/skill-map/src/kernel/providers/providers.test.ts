import { describe, expect, it } from 'vitest';
import {
  BUILTIN_PROVIDERS,
  classifyPath,
  isReservedName,
  providerChain,
  resolutionKinds,
} from './registry.js';

function classify(lens: string, path: string, pluginRoots: string[] = []): string | null {
  const c = classifyPath(path, providerChain(lens), { pluginRoots });
  return c === null ? null : `${c.provider}:${c.kind}`;
}

describe('provider territories', () => {
  it.each([
    ['claude', '.claude/agents/reviewer.md', 'claude:agent'],
    ['claude', '.claude/agents/team/nested.md', 'claude:agent'],
    ['claude', '.claude/commands/deploy.md', 'claude:command'],
    ['claude', '.claude/skills/pdf/SKILL.md', 'claude:skill'],
    ['claude', '.claude/skills/pdf/reference.md', 'core/markdown:markdown'],
    ['claude', '.claude/hooks/pre.md', 'core/markdown:markdown'],
    ['claude', 'packages/app/.claude/agents/x.md', 'claude:agent'],
    ['codex', '.codex/agents/reviewer.toml', 'codex:agent'],
    ['codex', '.agents/skills/lint/SKILL.md', 'codex:skill'],
    ['opencode', '.opencode/agent/a.md', 'opencode:agent'],
    ['opencode', '.opencode/agents/a.md', 'opencode:agent'],
    ['opencode', '.opencode/command/c.md', 'opencode:command'],
    ['opencode', '.opencode/commands/c.md', 'opencode:command'],
    ['opencode', '.claude/skills/s/SKILL.md', 'opencode:skill'],
    ['opencode', '.agents/skills/s/SKILL.md', 'opencode:skill'],
    ['antigravity', '.agent/workflows/ship.md', 'antigravity:workflow'],
    ['antigravity', '.agents/skills/s/SKILL.md', 'antigravity:skill'],
    ['cursor', '.cursor/rules/style.mdc', 'cursor:rule'],
    ['cursor', '.cursor/rules/sub/style.md', 'cursor:rule'],
    ['cursor', '.cursor/commands/review.md', 'cursor:command'],
    ['cursor', '.cursor/skills/s/SKILL.md', 'cursor:skill'],
    ['agent-skills', '.agents/skills/s/SKILL.md', 'agent-skills:skill'],
    ['agent-skills', 'anywhere/deep/my-skill/SKILL.md', 'agent-skills:skill'],
    ['agent-skills', 'AGENTS.md', 'core/markdown:markdown'],
    ['agent-skills', 'notes.markdown', 'core/markdown:markdown'],
    ['agent-skills', 'config.toml', null],
  ])('%s lens: %s → %s', (lens, path, expected) => expect(classify(lens, path)).toBe(expected));

  it('gates vendor territories on the lens: another lens leaves them to the fallbacks', () => {
    expect(classify('codex', '.claude/agents/a.md')).toBe('core/markdown:markdown');
    expect(classify('codex', '.claude/skills/s/SKILL.md')).toBe('agent-skills:skill');
    expect(classify('claude', '.codex/agents/a.toml')).toBeNull();
    expect(classify('claude', '.cursor/rules/r.mdc')).toBe('core/markdown:markdown');
  });

  it('claims the plugin layout under plugin roots (after the lens, before agent-skills)', () => {
    expect(classify('claude', 'skills/pdf/SKILL.md', [''])).toBe('plugin:skill');
    expect(classify('claude', 'commands/ship.md', [''])).toBe('plugin:command');
    expect(classify('claude', 'agents/reviewer.md', [''])).toBe('plugin:agent');
    expect(classify('claude', 'skills/pdf/agents/x.md', [''])).toBe('core/markdown:markdown');
    expect(classify('claude', 'plugins/p/skills/s/SKILL.md', ['plugins/p'])).toBe('plugin:skill');
    expect(classify('claude', 'skills/pdf/SKILL.md', [])).toBe('agent-skills:skill');
    expect(classify('claude', '.claude/skills/s/SKILL.md', [''])).toBe('claude:skill');
  });
});

describe('provider metadata', () => {
  it('declares ids, lens capability and resolution maps per spec', () => {
    expect(BUILTIN_PROVIDERS.map((p) => `${p.id}${p.gated ? '*' : ''}`)).toEqual([
      'claude*',
      'opencode*',
      'codex*',
      'antigravity*',
      'cursor*',
      'agent-skills',
      'plugin',
      'core/markdown',
    ]);
    expect(resolutionKinds('claude', 'mentions')).toEqual(['agent', 'skill', 'markdown']);
    expect(resolutionKinds('claude', 'invokes')).toEqual(['command', 'skill']);
    expect(resolutionKinds('codex', 'invokes')).toEqual(['skill']);
    expect(resolutionKinds('opencode', 'invokes')).toEqual(['command']);
    expect(resolutionKinds('antigravity', 'invokes')).toEqual(['skill', 'workflow']);
    expect(resolutionKinds('cursor', 'invokes')).toEqual(['command', 'skill']);
    expect(resolutionKinds('agent-skills', 'invokes')).toEqual(['skill']);
    expect(resolutionKinds('agent-skills', 'mentions')).toEqual([]);
  });

  it('reserves runtime built-ins per lens and kind (normalised)', () => {
    expect(isReservedName('claude', 'command', 'help')).toBe(true);
    expect(isReservedName('claude', 'skill', 'init')).toBe(true);
    expect(isReservedName('claude', 'agent', 'general purpose')).toBe(true);
    expect(isReservedName('claude', 'agent', 'explore')).toBe(true);
    expect(isReservedName('claude', 'agent', 'help')).toBe(false);
    expect(isReservedName('codex', 'skill', 'help')).toBe(false);
    expect(isReservedName('opencode', 'agent', 'build')).toBe(true);
  });
});
