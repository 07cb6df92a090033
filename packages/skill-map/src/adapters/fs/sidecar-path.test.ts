import { describe, expect, it } from 'vitest';
import { fromSidecarPath, isSidecarPath, toSidecarPath } from './sidecar-path.js';

describe('sidecar paths', () => {
  it('maps node files to sidecars: .md replaced, anything else appended', () => {
    expect(toSidecarPath('.claude/agents/reviewer.md')).toBe('.claude/agents/reviewer.sm');
    expect(toSidecarPath('.codex/agents/a.toml')).toBe('.codex/agents/a.toml.sm');
    expect(toSidecarPath('notes')).toBe('notes.sm');
  });

  it('maps sidecars back to their candidate node files, most likely first', () => {
    expect(fromSidecarPath('.claude/agents/reviewer.sm')).toEqual([
      '.claude/agents/reviewer.md',
      '.claude/agents/reviewer',
    ]);
    expect(fromSidecarPath('.codex/agents/a.toml.sm')).toEqual([
      '.codex/agents/a.toml',
      '.codex/agents/a.toml.md',
    ]);
    expect(fromSidecarPath('README.md')).toEqual([]);
  });

  it('round-trips', () => {
    for (const p of ['a/b.md', 'x.toml', 'plain']) expect(fromSidecarPath(toSidecarPath(p))).toContain(p);
  });

  it('recognises sidecar paths', () => {
    expect([
      isSidecarPath('a/b.sm'),
      isSidecarPath('a/.sm'),
      isSidecarPath('b.smx'),
      isSidecarPath('.sm'),
    ]).toEqual([true, false, false, false]);
  });
});
