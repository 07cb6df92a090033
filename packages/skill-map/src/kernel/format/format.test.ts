import type { Issue, Link, Node } from '@skill-map/spec';
import { describe, expect, it } from 'vitest';
import { KernelError } from '../errors.js';
import { parseExportQuery } from '../query/export-query.js';
import { formatExport, toExportDocument } from './export-formats.js';
import { formatGraph } from './format-graph.js';

const H = 'a'.repeat(64);
const node = (path: string, kind: string): Node => ({
  path,
  kind,
  provider: 'p',
  bodyHash: H,
  frontmatterHash: H,
  bytes: { frontmatter: 0, body: 0, total: 0 },
  linksOutCount: 1,
  linksInCount: 0,
  externalRefsCount: 0,
});
const GRAPH = {
  nodes: [node('a.md', 'skill'), node('b "q".md', 'agent')],
  links: [
    {
      source: 'a.md',
      target: '@b',
      kind: 'mentions',
      confidence: 1,
      sources: ['x/y'],
      resolvedTarget: 'b "q".md',
    },
    {
      source: 'a.md',
      target: 'gone.md',
      kind: 'references',
      confidence: 0.25,
      sources: ['x/y'],
      resolvedTarget: null,
    },
  ] as Link[],
  issues: [
    { analyzerId: 'reference-broken', severity: 'error', nodeIds: ['a.md'], message: 'Broken | link' },
  ] as Issue[],
};

describe('formatGraph', () => {
  it('ascii groups by kind with outgoing links and issue counts', () => {
    expect(formatGraph(GRAPH, 'ascii')).toBe(
      [
        'agent (1)',
        '└─ b "q".md',
        'skill (1)',
        '└─ a.md  [1 issue]',
        '   ├─ mentions → b "q".md',
        '   └─ references → gone.md ?',
        '',
      ].join('\n'),
    );
    expect(formatGraph({ nodes: [], links: [], issues: [] }, 'ascii')).toBe('(empty graph)\n');
  });

  it('mermaid escapes labels and only draws edges between known nodes', () => {
    expect(formatGraph(GRAPH, 'mermaid')).toBe(
      [
        'flowchart LR',
        '  n0["a.md (skill)"]',
        '  n1["b &quot;q&quot;.md (agent)"]',
        '  n0 -->|mentions| n1',
        '',
      ].join('\n'),
    );
  });

  it('dot escapes quotes and draws dangling targets dashed', () => {
    expect(formatGraph(GRAPH, 'dot')).toBe(
      [
        'digraph skillmap {',
        '  rankdir=LR;',
        '  node [shape=box];',
        '  "a.md" [label="a.md\\nskill"];',
        '  "b \\"q\\".md" [label="b \\"q\\".md\\nagent"];',
        '  "a.md" -> "b \\"q\\".md" [label="mentions"];',
        '  "a.md" -> "gone.md" [label="references", style=dashed];',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('json round-trips and unknown formats throw a typed error', () => {
    expect(JSON.parse(formatGraph(GRAPH, 'json'))).toEqual(GRAPH);
    expect(() => formatGraph(GRAPH, 'svg')).toThrow(KernelError);
    try {
      formatGraph(GRAPH, 'svg');
    } catch (e) {
      expect((e as KernelError).code).toBe('unknown-format');
    }
  });
});

describe('formatExport', () => {
  const q = parseExportQuery('kind=skill,agent');
  if (!q.ok) throw new Error('query');
  const doc = toExportDocument('kind=skill,agent', q.value, {
    nodes: [...GRAPH.nodes],
    links: [...GRAPH.links],
    issues: [...GRAPH.issues],
  });

  it('json carries query, filters, counts and the closed graph', () => {
    expect(JSON.parse(formatExport(doc, 'json'))).toMatchObject({
      query: 'kind=skill,agent',
      filters: { kind: ['skill', 'agent'], has: null, path: null },
      counts: { nodes: 2, links: 2, issues: 1 },
    });
  });

  it('md renders tables with escaped cells', () => {
    const md = formatExport(doc, 'md');
    expect(md).toContain('Query: `kind=skill,agent`');
    expect(md).toContain('| a.md | skill | p | 1 | 0 |');
    expect(md).toContain('| error | reference-broken | a.md | Broken \\| link |');
    expect(formatExport(doc, 'mermaid')).toContain('flowchart LR');
  });
});
