import { describe, expect, it } from 'vitest';
import { detectLens, findPluginRoots } from './lens.js';

describe('detectLens', () => {
  it('defaults to agent-skills without vendor markers (.agents/ is a fallback marker only)', () => {
    const lens = detectLens(['README.md', '.agents/skills/a/SKILL.md'], {});
    expect(lens).toMatchObject({
      provider: 'agent-skills',
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
    ['.cursor/rules/r.mdc', 'cursor'],
  ])('detects %s → %s', (path, provider) => {
    expect(detectLens([path, 'README.md'], {})).toMatchObject({
      provider,
      status: 'detected',
      candidates: [provider],
    });
  });

  it('lets opencode subsume claude', () => {
    expect(detectLens(['.claude/skills/a/SKILL.md', '.opencode/agent/x.md'], {})).toMatchObject({
      provider: 'opencode',
      status: 'detected',
    });
  });

  it('flags several strong markers as ambiguous and returns the precedence pick', () => {
    const lens = detectLens(['.claude/agents/a.md', '.codex/config.toml', '.cursor/mcp.json'], {});
    expect(lens).toMatchObject({
      provider: 'claude',
      status: 'ambiguous',
      candidates: ['claude', 'codex', 'cursor'],
    });
    expect(lens.warnings[0]).toContain('pick one with activeProvider');
  });

  it('uses plugin manifests as weak markers, strong ones win, ties go by precedence', () => {
    expect(detectLens(['.claude-plugin/plugin.json'], {})).toMatchObject({
      provider: 'claude',
      status: 'detected',
    });
    expect(detectLens(['.cursor-plugin/plugin.json', '.codex/config.toml'], {})).toMatchObject({
      provider: 'codex',
      status: 'detected',
    });
    const tie = detectLens(
      ['.codex-plugin/plugin.json', '.cursor-plugin/plugin.json', '.claude-plugin/marketplace.json'],
      {},
    );
    expect(tie).toMatchObject({
      provider: 'claude',
      status: 'detected',
      candidates: ['claude', 'codex', 'cursor'],
    });
    expect(tie.warnings[0]).toContain("using 'claude' by precedence");
  });

  it('honours a configured lens and reports marker drift against the stored snapshot', () => {
    const paths = ['.claude/agents/a.md', '.codex/config.toml'];
    expect(detectLens(paths, { activeProvider: 'codex' })).toMatchObject({
      provider: 'codex',
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
    expect(lens).toMatchObject({ provider: 'claude', status: 'detected' });
    expect(lens.warnings).toEqual([
      "configured activeProvider 'vim' is not a known lens; detecting from markers instead",
    ]);
  });

  it('looks for markers at the top of each scan root only', () => {
    expect(detectLens(['docs/.claude/agents/a.md'], {}).provider).toBe('agent-skills');
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
