import { describe, expect, it } from 'vitest';
import { claudeProvider } from './claude.js';
import {
  BUILTIN_PROVIDERS,
  classifyPath,
  inPrecedenceOrder,
  isReservedForAny,
  isReservedName,
  providerChain,
  reservingProvider,
  resolutionKinds,
  resolutionMap,
} from './registry.js';

function classify(lens: string | string[], path: string, pluginRoots: string[] = []): string | null {
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
    ['antigravity', '.agents/workflows/ship.md', 'antigravity:workflow'],
    ['antigravity', '.agents/workflows/sub/ship.md', 'core/markdown:markdown'],
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

describe('several active providers', () => {
  const ALL = ['claude', 'opencode', 'codex', 'antigravity', 'cursor'];

  it('orders an active set by precedence and builds one chain (gated hosts, then plugin, agent-skills, markdown)', () => {
    expect(inPrecedenceOrder(['cursor', 'codex', 'claude', 'codex'])).toEqual(['claude', 'codex', 'cursor']);
    expect(inPrecedenceOrder(['agent-skills', 'antigravity', 'x'])).toEqual([
      'antigravity',
      'agent-skills',
      'x',
    ]);
    expect(providerChain(['cursor', 'agent-skills', 'claude']).map((p) => p.id)).toEqual([
      'claude',
      'cursor',
      'plugin',
      'agent-skills',
      'core/markdown',
    ]);
    expect(providerChain('claude').map((p) => p.id)).toEqual(providerChain(['claude']).map((p) => p.id));
  });

  it.each([
    [ALL, '.claude/skills/s/SKILL.md', 'claude:skill'],
    [['opencode', 'claude'], '.claude/skills/s/SKILL.md', 'claude:skill'],
    [ALL, '.agents/skills/s/SKILL.md', 'opencode:skill'],
    [['codex', 'antigravity'], '.agents/skills/s/SKILL.md', 'codex:skill'],
    [['antigravity', 'cursor'], '.agents/skills/s/SKILL.md', 'antigravity:skill'],
    [['cursor'], '.agents/skills/s/SKILL.md', 'agent-skills:skill'],
    [ALL, '.claude/agents/a.md', 'claude:agent'],
    [ALL, '.opencode/agent/a.md', 'opencode:agent'],
    [ALL, '.codex/agents/a.toml', 'codex:agent'],
    [ALL, '.agent/workflows/w.md', 'antigravity:workflow'],
    [ALL, '.agent/skills/s/SKILL.md', 'antigravity:skill'],
    [ALL, '.cursor/rules/r.mdc', 'cursor:rule'],
    [ALL, '.cursor/commands/c.md', 'cursor:command'],
    [ALL, '.opencode/skills/s/SKILL.md', 'opencode:skill'],
    [ALL, 'AGENTS.md', 'core/markdown:markdown'],
    [['claude', 'cursor'], '.opencode/agent/a.md', 'core/markdown:markdown'],
  ])('%j: %s → %s', (lens, path, expected) => expect(classify(lens, path)).toBe(expected));

  it('merges resolution maps in precedence order, de-duplicated', () => {
    expect(resolutionKinds(['codex', 'claude'], 'invokes')).toEqual(['command', 'skill']);
    expect(resolutionKinds(['antigravity', 'codex'], 'invokes')).toEqual(['skill', 'workflow']);
    expect(resolutionKinds(['opencode', 'antigravity'], 'invokes')).toEqual(['command', 'skill', 'workflow']);
    expect(resolutionKinds(['cursor', 'codex'], 'mentions')).toEqual([]);
    expect(resolutionMap(ALL)).toEqual({
      mentions: ['agent', 'skill', 'markdown'],
      invokes: ['command', 'skill', 'workflow'],
    });
    expect(resolutionMap(['claude'])).toEqual(claudeProvider.resolution);
  });

  it('unions reserved names, each list still applying to its own kinds', () => {
    expect(isReservedName(['codex', 'opencode'], 'command', 'undo')).toBe(true);
    expect(isReservedName(['codex', 'opencode'], 'skill', 'undo')).toBe(false);
    expect(isReservedName(['cursor', 'claude'], 'skill', 'review')).toBe(true);
    expect(isReservedName(['cursor', 'codex'], 'command', 'review')).toBe(false);
    expect(isReservedName(['opencode', 'claude'], 'agent', 'build')).toBe(true);
    expect(isReservedName(['opencode', 'claude'], 'agent', 'general purpose')).toBe(true);
    // Antigravity invokes skills and workflows alike as `/<name>`: both shadow its built-ins.
    expect(isReservedName('antigravity', 'workflow', 'tasks')).toBe(true);
    expect(isReservedName('antigravity', 'skill', 'goal')).toBe(true);
    expect(isReservedName('antigravity', 'workflow', 'deploy')).toBe(false);
    expect(isReservedForAny(['codex', 'opencode'], ['skill', 'command'], 'sessions')).toBe(true);
    expect(reservingProvider(['claude', 'opencode'], 'command', 'init')).toBe('claude');
    expect(reservingProvider(['opencode'], 'command', 'init')).toBe('opencode');
    expect(reservingProvider(['codex', 'cursor'], 'command', 'init')).toBeNull();
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
