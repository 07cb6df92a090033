import { describe, expect, it } from 'vitest';
import { nodeHref, normalizePath, resolveLink } from './resolve-link';
import type { LinkContext } from './resolve-link';

const NODES = new Set([
  'AGENTS.md',
  '.claude/skills/lint/SKILL.md',
  '.claude/skills/notes/SKILL.md',
  'docs/a b.md',
]);
const ctx = (from: string, scan: Record<string, string> = {}): LinkContext => ({
  from,
  hasNode: (p) => NODES.has(p),
  resolvedBy: (t) => scan[t] ?? null,
});

describe('resolveLink', () => {
  it('resolves relative and root-absolute paths against the node folder and the project root', () => {
    const lint = ctx('.claude/skills/lint/SKILL.md');
    expect(resolveLink('../notes/SKILL.md', lint)).toEqual({
      type: 'node',
      path: '.claude/skills/notes/SKILL.md',
    });
    expect(resolveLink('./../notes/SKILL.md#usage', lint)).toEqual({
      type: 'node',
      path: '.claude/skills/notes/SKILL.md',
    });
    expect(resolveLink('/AGENTS.md?x=1', lint)).toEqual({ type: 'node', path: 'AGENTS.md' });
    expect(resolveLink('../../../AGENTS.md', lint)).toEqual({ type: 'node', path: 'AGENTS.md' });
    expect(resolveLink('a%20b.md', ctx('docs/x.md'))).toEqual({ type: 'node', path: 'docs/a b.md' });
    expect(resolveLink('missing.md', lint)).toEqual({
      type: 'missing',
      path: '.claude/skills/lint/missing.md',
    });
  });

  it("falls back to the scan's own resolution of the authored target", () => {
    const c = ctx('docs/x.md', { 'docs/lint': '.claude/skills/lint/SKILL.md' });
    expect(resolveLink('lint', c)).toEqual({ type: 'node', path: '.claude/skills/lint/SKILL.md' });
  });

  it('refuses every scheme but http(s) and mailto, protocol-relative links and paths above the root', () => {
    const c = ctx('AGENTS.md');
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>',
      'file:///etc/passwd',
      '//example.invalid/x',
      '../outside.md',
    ])
      expect(resolveLink(href, c)).toEqual({ type: 'refused' });
    expect(resolveLink('https://example.org/a', c)).toEqual({
      type: 'external',
      href: 'https://example.org/a',
    });
    expect(resolveLink('mailto:a@b.c', c)).toEqual({ type: 'external', href: 'mailto:a@b.c' });
    expect(resolveLink('#section', c)).toEqual({ type: 'anchor' });
    expect(resolveLink('', c)).toEqual({ type: 'anchor' });
  });

  it('formats node routes as route.ts parses them, and normalises paths', () => {
    expect(nodeHref('a/b c.md')).toBe('#/?node=a%2Fb+c.md');
    expect(new URLSearchParams(nodeHref('a/b c.md').slice(3)).get('node')).toBe('a/b c.md');
    expect(normalizePath('a/./b/../c//d')).toBe('a/c/d');
    expect(normalizePath('a/../..')).toBeNull();
  });
});
