import { describe, expect, it } from 'vitest';
import type { Issue, Link, Node } from '../api/types';
import { neighbourQuery, structuredOf, viewOf, withNeighbours } from './tool-view';

const node = (path: string, name?: string): Node =>
  ({
    path,
    kind: 'skill',
    provider: 'claude',
    ...(name === undefined ? {} : { frontmatter: { name } }),
  }) as Node;
const link = (source: string, target: string, resolved: string | null = target): Link =>
  ({ source, target, resolvedTarget: resolved, kind: 'references', confidence: 1 }) as Link;
const issue = (nodeIds: string[]): Issue => ({ analyzerId: 'a', severity: 'warn', nodeIds, message: 'm' });

describe('the MCP Apps view of a tool result', () => {
  it('projects a closed subgraph (query_graph, get_branch) as the page does', () => {
    const v = viewOf({
      nodes: [node('a/SKILL.md'), node('b.md', 'bee')],
      links: [link('a/SKILL.md', 'b.md')],
      issues: [],
    });
    expect(v?.focus).toBeNull();
    expect(v?.map.nodes.map((n) => n.name)).toEqual(['a', 'bee']);
    expect(v?.map.links).toEqual([
      expect.objectContaining({ source: 'a/SKILL.md', target: 'b.md', state: 'ok' }),
    ]);
  });

  it("reads get_node's bundle as a focus with the far ends of its links still to fetch", () => {
    const v = viewOf({
      item: node('x.md'),
      links: {
        incoming: [link('in.md', 'x.md')],
        outgoing: [link('x.md', 'out.md'), link('x.md', 'gone.md', null)],
      },
      issues: [issue(['x.md'])],
    });
    expect(v?.focus).toBe('x.md');
    expect(v?.missing).toEqual(['in.md', 'out.md']);
    expect(neighbourQuery(v?.missing ?? [])).toEqual({ path: 'in.md,out.md', limit: 2 });
    expect(neighbourQuery(['we*ird.md'])).toBeNull();
    const full = withNeighbours(v!, {
      nodes: [node('in.md'), node('out.md')],
      links: [link('in.md', 'out.md')],
      issues: [issue(['x.md']), issue(['out.md'])],
    });
    expect(full.map.nodes.map((n) => n.path)).toEqual(['x.md', 'in.md', 'out.md']);
    expect(full.map.links).toHaveLength(4);
    // The issue both answers carry counts once.
    expect(full.map.nodes[0]?.issues).toEqual([0, 1, 0]);
  });

  it('ignores results it cannot draw', () => {
    expect(structuredOf({ content: [] })).toBeNull();
    expect(viewOf({ items: [] })).toBeNull();
  });

  it("points a broken-target issue's linkIndices at the subgraph's own links", () => {
    const broken = {
      analyzerId: 'reference-broken',
      severity: 'warn',
      nodeIds: ['b.md'],
      message: 'gone',
      linkIndices: [41],
      data: { target: 'gone.md' },
    } as Issue;
    const v = viewOf({
      nodes: [node('a.md'), node('b.md')],
      links: [link('a.md', 'b.md'), link('b.md', 'gone.md', null), link('a.md', 'gone.md', null)],
      issues: [broken, { ...issue(['a.md']), linkIndices: [7] }],
    });
    expect(v?.map.issues.map((i) => i.linkIndices)).toEqual([[1], []]);
  });
});
