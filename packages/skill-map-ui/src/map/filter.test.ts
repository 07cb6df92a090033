import type { Issue, MapNode } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER } from '../state/store';
import { visibleNodes } from './filter';
import { searchNodes } from './search';

const n = (path: string, kind: string, provider = 'claude', name = path.split('/').pop()!): MapNode => ({
  path,
  kind,
  provider,
  name,
  virtual: false,
  sidecar: false,
  issues: [0, 0, 0],
});
const NODES = [
  n('.claude/skills/lint/SKILL.md', 'skill', 'claude', 'lint'),
  n('.claude/skills/lint/reference.md', 'markdown'),
  n('.claude/agents/reviewer.md', 'agent', 'claude', 'reviewer'),
  n('.claude/commands/deploy.md', 'command', 'claude', 'deploy'),
  n('docs/guide.md', 'markdown', 'core/markdown'),
  n('docs/archive/old.md', 'markdown', 'core/markdown'),
  n('AGENTS.md', 'markdown', 'codex'),
];
const ISSUES = [{ nodeIds: ['docs/guide.md'] } as unknown as Issue];
const map = { nodes: NODES, issues: ISSUES };
const none = { includes: [], excludes: [] };
const sorted = (s: Set<string> | null) => (s === null ? null : [...s].sort());

describe('map filters (sm export grammar) and scope (/api/branch overrides)', () => {
  it('shows everything with no filter and no scope', () => {
    expect(visibleNodes(map, EMPTY_FILTER, none)).toBeNull();
  });

  it('kind whitelist, exact and case-sensitive', () => {
    expect(sorted(visibleNodes(map, { ...EMPTY_FILTER, kinds: ['skill', 'agent'] }, none))).toEqual([
      '.claude/agents/reviewer.md',
      '.claude/skills/lint/SKILL.md',
    ]);
    expect(visibleNodes(map, { ...EMPTY_FILTER, kinds: ['Skill'] }, none)?.size).toBe(0);
  });

  it('path globs OR together, anchored, * stops at /', () => {
    const v = visibleNodes(map, { ...EMPTY_FILTER, paths: ['docs/*', '*.md'] }, none);
    expect(sorted(v)).toEqual(['AGENTS.md', 'docs/guide.md']);
    expect(visibleNodes(map, { ...EMPTY_FILTER, paths: ['docs/**'] }, none)?.size).toBe(2);
  });

  it('has=issues keeps nodes named by an issue; filters AND together; hosts whitelist', () => {
    expect(sorted(visibleNodes(map, { ...EMPTY_FILTER, hasIssues: true }, none))).toEqual(['docs/guide.md']);
    expect(visibleNodes(map, { ...EMPTY_FILTER, hasIssues: true, kinds: ['skill'] }, none)?.size).toBe(0);
    expect(sorted(visibleNodes(map, { ...EMPTY_FILTER, providers: ['codex'] }, none))).toEqual(['AGENTS.md']);
  });

  it('scope: an include alone excludes the root; the nearest override decides', () => {
    expect(sorted(visibleNodes(map, EMPTY_FILTER, { includes: ['docs'], excludes: [] }))).toEqual([
      'docs/archive/old.md',
      'docs/guide.md',
    ]);
    expect(
      sorted(visibleNodes(map, EMPTY_FILTER, { includes: ['docs'], excludes: ['docs/archive'] })),
    ).toEqual(['docs/guide.md']);
    // An include inside an exclude keeps the root included.
    const v = visibleNodes(map, EMPTY_FILTER, { includes: ['docs/archive'], excludes: ['docs'] });
    expect(v?.has('docs/archive/old.md')).toBe(true);
    expect(v?.has('docs/guide.md')).toBe(false);
    expect(v?.has('AGENTS.md')).toBe(true);
  });

  it('scope: prefixes match whole segments only', () => {
    const v = visibleNodes(map, EMPTY_FILTER, { includes: [], excludes: ['.claude/skills/li'] });
    expect(v?.has('.claude/skills/lint/SKILL.md')).toBe(true);
  });

  it('a conflicting scope (both included and excluded) filters nothing by scope', () => {
    expect(visibleNodes(map, EMPTY_FILTER, { includes: ['docs'], excludes: ['docs'] })?.size).toBe(
      NODES.length,
    );
  });
});

describe('map search', () => {
  it('ranks exact name, prefix, substring, then path', () => {
    const hits = searchNodes(NODES, 're').map((h) => h.path);
    // Both are name prefixes: the shorter name first.
    expect(hits.slice(0, 2)).toEqual(['.claude/agents/reviewer.md', '.claude/skills/lint/reference.md']);
    expect(searchNodes(NODES, 'reviewer.md')[0]?.path).toBe('.claude/agents/reviewer.md');
    expect(searchNodes(NODES, 'lint')[0]?.path).toBe('.claude/skills/lint/SKILL.md');
    expect(searchNodes(NODES, 'archive').map((h) => h.path)).toEqual(['docs/archive/old.md']);
    expect(searchNodes(NODES, '  ')).toEqual([]);
  });
});
