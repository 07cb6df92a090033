import { describe, expect, it } from 'vitest';
import { detectLens, findPluginRoots } from './lens.js';

describe('detectLens', () => {
  it('defaults to agent-skills without vendor markers (.agents/ is a fallback marker only)', () => {
    const lens = detectLens(['README.md', '.agents/skills/a/SKILL.md'], {});
    expect(lens).toMatchObject({
      provider: 'agent-skills',
      providers: ['agent-skills'],
      status: 'default',
      candidates: [],
      markers: ['.agents/'],
    });
  });

  it.each([
    ['.claude/agents/a.md', 'claude'],
    ['.codex/config.toml', 'codex'],
    ['.opencode/agent/a.md', 'opencode'],
    ['opencode.json', 'opencode'],
    ['.agent/workflows/w.md', 'antigravity'],
    ['.agents/workflows/w.md', 'antigravity'],
    ['.cursor/rules/r.mdc', 'cursor'],
  ])('detects %s → %s', (path, provider) => {
    expect(detectLens([path, 'README.md'], {})).toMatchObject({
      provider,
      providers: [provider],
      status: 'detected',
      candidates: [provider],
    });
  });

  it('activates opencode and claude together (opencode no longer subsumes claude); claude is primary', () => {
    expect(detectLens(['.claude/skills/a/SKILL.md', '.opencode/agent/x.md'], {})).toMatchObject({
      provider: 'claude',
      providers: ['claude', 'opencode'],
      status: 'detected',
      candidates: ['claude', 'opencode'],
    });
  });

  it('activates every host with a strong marker, in precedence order, without a warning (multi-host)', () => {
    const lens = detectLens(['.cursor/mcp.json', '.codex/config.toml', '.claude/agents/a.md'], {});
    expect(lens).toMatchObject({
      provider: 'claude',
      providers: ['claude', 'codex', 'cursor'],
      status: 'detected',
      candidates: ['claude', 'codex', 'cursor'],
      warnings: [],
    });
    const all = detectLens(
      [
        '.agent/workflows/w.md',
        '.agents/skills/s/SKILL.md',
        '.claude/commands/c.md',
        '.codex/agents/a.toml',
        '.cursor/rules/r.mdc',
        '.opencode/agent/p.md',
        'opencode.json',
        '.claude-plugin/plugin.json',
      ],
      {},
    );
    expect(all.providers).toEqual(['claude', 'opencode', 'codex', 'antigravity', 'cursor']);
    expect(all.status).toBe('detected');
    expect(all.markers).toEqual([
      '.agent/workflows/',
      '.agents/',
      '.claude-plugin/',
      '.claude/',
      '.codex/',
      '.cursor/',
      '.opencode/',
      'opencode.json',
    ]);
  });

  it('never produces the legacy ambiguous status', () => {
    const sets = [
      ['.claude/a.md', '.codex/config.toml'],
      ['.cursor/mcp.json', 'opencode.jsonc', '.agent/workflows/w.md'],
      ['.codex-plugin/plugin.json', '.cursor-plugin/plugin.json'],
    ];
    for (const paths of sets) expect(detectLens(paths, {}).status).not.toBe('ambiguous');
  });

  it('uses plugin manifests as weak markers, strong ones win, ties go by precedence', () => {
    expect(detectLens(['.claude-plugin/plugin.json'], {})).toMatchObject({
      provider: 'claude',
      providers: ['claude'],
      status: 'detected',
    });
    expect(detectLens(['.cursor-plugin/plugin.json', '.codex/config.toml'], {})).toMatchObject({
      provider: 'codex',
      providers: ['codex'],
      status: 'detected',
    });
    const tie = detectLens(
      ['.codex-plugin/plugin.json', '.cursor-plugin/plugin.json', '.claude-plugin/marketplace.json'],
      {},
    );
    expect(tie).toMatchObject({
      provider: 'claude',
      providers: ['claude'],
      status: 'detected',
      candidates: ['claude', 'codex', 'cursor'],
    });
    expect(tie.warnings[0]).toContain("using 'claude' by precedence");
  });

  it('honours a configured lens and reports marker drift against the stored snapshot', () => {
    const paths = ['.claude/agents/a.md', '.codex/config.toml'];
    expect(detectLens(paths, { activeProvider: 'codex' })).toMatchObject({
      provider: 'codex',
      providers: ['codex'],
      status: 'configured',
      markersDrift: false,
    });
    expect(detectLens(paths, { activeProvider: 'codex', activeProviderMarkers: ['.codex/'] })).toMatchObject({
      markersDrift: true,
    });
    expect(
      detectLens(paths, { activeProvider: 'codex', activeProviderMarkers: ['.codex/', '.claude/'] }),
    ).toMatchObject({ markersDrift: false });
  });

  it('ignores an unknown configured lens with a warning', () => {
    const lens = detectLens(['.claude/agents/a.md'], { activeProvider: 'vim' });
    expect(lens).toMatchObject({ provider: 'claude', providers: ['claude'], status: 'detected' });
    expect(lens.warnings).toEqual([
      "configured activeProvider 'vim' is not a known lens; detecting from markers instead",
    ]);
    expect(detectLens(['.claude/agents/a.md'], { activeProvider: 'core/markdown' }).warnings).toEqual([
      "configured activeProvider 'core/markdown' is not a known lens; detecting from markers instead",
    ]);
  });

  it('accepts a configured list: the active set in precedence order, even for hosts without markers', () => {
    const paths = ['.claude/agents/a.md', '.codex/config.toml', '.cursor/mcp.json'];
    expect(detectLens(paths, { activeProvider: ['cursor', 'claude', 'cursor'] })).toMatchObject({
      provider: 'claude',
      providers: ['claude', 'cursor'],
      status: 'configured',
      candidates: ['claude', 'codex', 'cursor'],
      warnings: [],
    });
    expect(detectLens(['README.md'], { activeProvider: ['antigravity', 'codex'] })).toMatchObject({
      provider: 'codex',
      providers: ['codex', 'antigravity'],
      status: 'configured',
    });
  });

  it('drops unknown ids of a configured list with a warning each, and detects when none is known', () => {
    const paths = ['.claude/agents/a.md', '.codex/config.toml'];
    const some = detectLens(paths, { activeProvider: ['vim', 'codex', 'plugin'] });
    expect(some).toMatchObject({ provider: 'codex', providers: ['codex'], status: 'configured' });
    expect(some.warnings).toEqual([
      "configured activeProvider 'vim' is not a known lens; ignoring it",
      "configured activeProvider 'plugin' is not a known lens; ignoring it",
    ]);
    const none = detectLens(paths, { activeProvider: ['vim'] });
    expect(none).toMatchObject({ provider: 'claude', providers: ['claude', 'codex'], status: 'detected' });
    expect(none.warnings).toEqual([
      "configured activeProvider 'vim' is not a known lens; ignoring it",
      'configured activeProvider lists no known lens; detecting from markers instead',
    ]);
    expect(detectLens(paths, { activeProvider: [] })).toMatchObject({
      providers: ['claude', 'codex'],
      status: 'detected',
      warnings: ['configured activeProvider lists no known lens; detecting from markers instead'],
    });
    expect(detectLens(paths, { activeProvider: null })).toMatchObject({ status: 'detected', warnings: [] });
  });

  it('looks for markers at the top of each scan root only', () => {
    expect(detectLens(['docs/.claude/agents/a.md'], {}).provider).toBe('agent-skills');
    expect(
      detectLens(['apps/web/.claude/agents/a.md', 'apps/api/.codex/config.toml', '.cursor/mcp.json'], {
        roots: ['apps/web', 'apps/api'],
      }),
    ).toMatchObject({ providers: ['claude', 'codex'], markers: ['apps/api/.codex/', 'apps/web/.claude/'] });
    expect(detectLens(['apps/web/.claude/agents/a.md'], { roots: ['apps/web'] })).toMatchObject({
      provider: 'claude',
      markers: ['apps/web/.claude/'],
    });
  });
});

describe('findPluginRoots', () => {
  it('returns manifest parents, longest first', () => {
    expect(
      findPluginRoots([
        '.claude-plugin/plugin.json',
        'plugins/x/.cursor-plugin/plugin.json',
        'a/.claude-plugin/other.json',
      ]),
    ).toEqual(['plugins/x', '']);
  });
});
