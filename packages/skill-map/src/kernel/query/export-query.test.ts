import type { Issue, Link, Node } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import {
  applyExportQuery,
  exportQueryFromFields,
  formatExportQuery,
  parseExportQuery,
  type ExportQuery,
} from './export-query.js';
import { compileGlob } from './glob.js';

const H = 'a'.repeat(64);
function node(path: string, kind: string): Node {
  return {
    path,
    kind,
    provider: 'claude',
    bodyHash: H,
    frontmatterHash: H,
    bytes: { frontmatter: 0, body: 0, total: 0 },
    linksOutCount: 0,
    linksInCount: 0,
    externalRefsCount: 0,
  };
}
function link(source: string, target: string, resolvedTarget: string | null = target): Link {
  return { source, target, kind: 'references', confidence: 1, sources: ['x/y'], resolvedTarget };
}

const GRAPH = {
  nodes: [
    node('.claude/agents/a.md', 'agent'),
    node('.claude/skills/s/SKILL.md', 'skill'),
    node('docs/x.md', 'markdown'),
    node('docs/deep/y.md', 'markdown'),
  ],
  links: [
    link('.claude/agents/a.md', 'docs/x.md'),
    link('.claude/agents/a.md', '/s', '.claude/skills/s/SKILL.md'),
    link('docs/x.md', 'docs/deep/y.md'),
  ],
  issues: [
    { analyzerId: 'reference-broken', severity: 'error', nodeIds: ['docs/deep/y.md'], message: 'm' },
    {
      analyzerId: 'name-collision',
      severity: 'warn',
      nodeIds: ['.claude/agents/a.md', 'docs/x.md'],
      message: 'm',
    },
  ] as Issue[],
};

function parsed(q: string): ExportQuery {
  const r = parseExportQuery(q);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('parseExportQuery', () => {
  it('parses keys case-insensitively, values comma-separated, trimmed, empties dropped', () => {
    expect(parsed('')).toEqual({ kinds: null, hasIssues: false, paths: null });
    expect(parsed('  KIND=agent,,skill  Has=issues path=docs/**,*.md ')).toEqual({
      kinds: ['agent', 'skill'],
      hasIssues: true,
      paths: ['docs/**', '*.md'],
    });
    expect(formatExportQuery(parsed('path=a kind=skill'))).toBe('kind=skill path=a');
  });

  it.each([
    ['kind', 'malformed-token'],
    ['=agent', 'malformed-token'],
    ['kind=', 'malformed-token'],
    ['kind=a kind=b', 'duplicate-key'],
    ['Kind=a kind=b', 'duplicate-key'],
    ['kind=,', 'no-values'],
    ['type=skill', 'unknown-key'],
    ['has=links', 'unsupported-has'],
    ['has=issues,orphans', 'unsupported-has'],
    ['kind=skil', 'unknown-kind'],
    ['kind=skill,Agent', 'unknown-kind'],
  ])('%j → %s', (query, code) => {
    const r = parseExportQuery(query);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });
});

describe('unknown kinds', () => {
  it('names the kind and the nearest known one', () => {
    const r = parseExportQuery('kind=skil');
    expect(r.ok ? null : r.error).toMatchObject({ code: 'unknown-kind', token: 'kind=skil' });
    expect(r.ok ? '' : r.error.message).toMatch(
      /^'skil' is not a known kind; did you mean 'skill'\? \(known kinds: agent, /,
    );
  });
});

describe('exportQueryFromFields', () => {
  it('takes each field as a comma list of values, never as grammar', () => {
    const ok = exportQueryFromFields({ kind: 'skill, agent', has: 'issues', path: 'my notes/**' });
    expect(ok).toEqual({
      ok: true,
      value: { kinds: ['skill', 'agent'], hasIssues: true, paths: ['my notes/**'] },
    });
    expect(exportQueryFromFields({})).toEqual({
      ok: true,
      value: { kinds: null, hasIssues: false, paths: null },
    });
  });

  it.each([
    [{ kind: 'skill has=issues' }, 'unknown-kind', 'kind'],
    [{ kind: ' , ' }, 'no-values', 'kind'],
    [{ has: 'issues path=x' }, 'unsupported-has', 'has'],
    [{ path: '' }, 'no-values', 'path'],
  ])('%j → %s on %s', (fields, code, field) => {
    const r = exportQueryFromFields(fields);
    expect(r.ok ? null : r.error).toMatchObject({ code, field });
    expect(r.ok ? '' : r.error.message.startsWith(`${field}: `)).toBe(true);
  });
});

describe('compileGlob', () => {
  it('anchors, ** crosses /, * does not, everything else literal', () => {
    expect(compileGlob('docs/**').test('docs/a/b.md')).toBe(true);
    expect(compileGlob('docs/*').test('docs/a/b.md')).toBe(false);
    expect(compileGlob('docs/*').test('docs/a.md')).toBe(true);
    expect(compileGlob('*.md').test('docs/a.md')).toBe(false);
    expect(compileGlob('a?.md').test('ab.md')).toBe(false);
    expect(compileGlob('a?.md').test('a?.md')).toBe(true);
    expect(compileGlob('[ab].md').test('a.md')).toBe(false);
    expect(compileGlob('docs').test('docs/x')).toBe(false);
  });
});

describe('applyExportQuery', () => {
  const paths = (q: string): string[] => applyExportQuery(GRAPH, parsed(q)).nodes.map((n) => n.path);

  it('filters by kind (exact, case-sensitive), has=issues and path globs, ANDed', () => {
    expect(paths('')).toHaveLength(4);
    expect(paths('kind=agent,skill')).toEqual(['.claude/agents/a.md', '.claude/skills/s/SKILL.md']);
    const upper = applyExportQuery(GRAPH, { kinds: ['Agent'], hasIssues: false, paths: null });
    expect(upper.nodes).toEqual([]);
    expect(paths('has=issues')).toEqual(['.claude/agents/a.md', 'docs/x.md', 'docs/deep/y.md']);
    expect(paths('path=docs/*,.claude/**')).toEqual([
      '.claude/agents/a.md',
      '.claude/skills/s/SKILL.md',
      'docs/x.md',
    ]);
    expect(paths('kind=markdown has=issues path=docs/deep/*')).toEqual(['docs/deep/y.md']);
  });

  it('closes links on the raw target (trigger links drop) and keeps issues touching any kept node', () => {
    const r = applyExportQuery(GRAPH, parsed('kind=agent,skill,markdown'));
    expect(r.links.map((l) => l.target)).toEqual(['docs/x.md', 'docs/deep/y.md']);
    const docs = applyExportQuery(GRAPH, parsed('path=docs/x.md'));
    expect(docs.links).toEqual([]);
    expect(docs.issues.map((i) => i.analyzerId)).toEqual(['name-collision']);
  });
});
