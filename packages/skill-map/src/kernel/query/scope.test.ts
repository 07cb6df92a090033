import type { Link, Node } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { projectBranch, resolveMapScope, type MapScope, type MapScopeInput } from './scope.js';

const H = 'a'.repeat(64);
const node = (path: string): Node => ({
  path,
  kind: 'markdown',
  provider: 'core/markdown',
  bodyHash: H,
  frontmatterHash: H,
  bytes: { frontmatter: 0, body: 0, total: 0 },
  linksOutCount: 0,
  linksInCount: 0,
  externalRefsCount: 0,
});
const link = (source: string, target: string, resolvedTarget: string | null): Link => ({
  source,
  target,
  kind: 'invokes',
  confidence: 1,
  sources: ['x/y'],
  resolvedTarget,
});

const GRAPH = {
  nodes: [
    'README.md',
    'app/a.md',
    'app/sub/b.md',
    'app/sub/deep/c.md',
    'lib/d.md',
    'lib/e.md',
    'vendor/v.md',
  ].map(node),
  links: [
    link('app/a.md', '/b', 'app/sub/b.md'),
    link('app/a.md', 'lib/d.md', 'lib/d.md'),
    link('lib/d.md', '@x', null),
  ],
  issues: [{ analyzerId: 'x', severity: 'info' as const, nodeIds: ['lib/e.md'], message: 'm' }],
};

function scope(input: MapScopeInput): MapScope {
  const r = resolveMapScope(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const paths = (input: MapScopeInput, limit?: number): string[] =>
  projectBranch(GRAPH, scope(input), limit === undefined ? {} : { limit }).nodes.map((n) => n.path);

describe('resolveMapScope', () => {
  it('filters empties, keeps the first of duplicates and infers excludeRoot', () => {
    expect(scope({})).toEqual({ includes: [], excludes: [], rootExcluded: false });
    expect(scope({ paths: ['app', '', 'app/', './lib', 'app'] })).toEqual({
      includes: ['app', 'lib'],
      excludes: [],
      rootExcluded: true,
    });
    expect(scope({ exclude: ['vendor'] }).rootExcluded).toBe(false);
    expect(scope({ paths: ['app/sub'], exclude: ['app'] }).rootExcluded).toBe(false);
    expect(scope({ paths: ['app/sub', 'lib'], exclude: ['app'] }).rootExcluded).toBe(true);
    expect(scope({ paths: ['app'], excludeRoot: '0' }).rootExcluded).toBe(false);
    expect(scope({ excludeRoot: true }).rootExcluded).toBe(true);
  });

  it('rejects conflicts and bad excludeRoot values as values', () => {
    expect(resolveMapScope({ paths: ['app'], exclude: ['app/'] })).toEqual({
      ok: false,
      error: { code: 'scope-conflict', message: "'app' is both included and excluded", path: 'app' },
    });
    expect(resolveMapScope({ excludeRoot: 'yes' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-exclude-root' },
    });
  });
});

describe('projectBranch', () => {
  it('applies nearest-ancestor overrides', () => {
    expect(paths({})).toHaveLength(7);
    expect(paths({ paths: ['app'] })).toEqual(['app/a.md', 'app/sub/b.md', 'app/sub/deep/c.md']);
    expect(paths({ exclude: ['app/sub', 'vendor'] })).toEqual([
      'README.md',
      'app/a.md',
      'lib/d.md',
      'lib/e.md',
    ]);
    expect(paths({ paths: ['app/sub/deep'], exclude: ['app/sub'] })).toEqual([
      'README.md',
      'app/a.md',
      'app/sub/deep/c.md',
      'lib/d.md',
      'lib/e.md',
      'vendor/v.md',
    ]);
    expect(paths({ excludeRoot: '1' })).toEqual([]);
  });

  it('orders by seniority when the root is excluded and there are several includes', () => {
    expect(paths({ paths: ['lib', 'app'] })).toEqual([
      'lib/d.md',
      'lib/e.md',
      'app/a.md',
      'app/sub/b.md',
      'app/sub/deep/c.md',
    ]);
    expect(paths({ paths: ['lib', 'app'] }, 3)).toEqual(['lib/d.md', 'lib/e.md', 'app/a.md']);
    expect(paths({ paths: ['lib', 'app'], excludeRoot: '0' })).toEqual([
      'README.md',
      'app/a.md',
      'app/sub/b.md',
      'app/sub/deep/c.md',
      'lib/d.md',
      'lib/e.md',
      'vendor/v.md',
    ]);
  });

  it('caps, reports truncation, and closes links on resolvedTarget ?? target', () => {
    const r = projectBranch(GRAPH, scope({ paths: ['app', 'lib'] }), { limit: 1000, maxRenderNodes: 4 });
    expect(r.branch).toEqual({
      paths: ['app', 'lib'],
      excluded: [],
      rootExcluded: true,
      total: 5,
      rendered: 4,
      truncated: true,
      cap: 4,
    });
    expect(r.links.map((l) => l.target)).toEqual(['/b', 'lib/d.md']);
    expect(r.issues).toEqual([]);
    const small = projectBranch(GRAPH, scope({}), { limit: 0 });
    expect(small.branch).toMatchObject({ cap: 1, rendered: 1, total: 7, truncated: true });
    expect(projectBranch(GRAPH, scope({ paths: ['lib'] })).issues).toHaveLength(1);
    expect(projectBranch(GRAPH, scope({ paths: ['lib'] }))).toMatchObject({
      schemaVersion: 1,
      kind: 'branch',
    });
  });
});
