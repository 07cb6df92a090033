import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Issue, Link, Node } from '@skill-map/spec';
import { tryOpenScanStoreForRead } from '../../adapters/index.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { applyExportQuery, parseExportQuery } from '../../kernel/index.js';
import { runCli } from '../testing/run-cli.js';
import { schemaErrors, tempProject } from '../testing/projects.js';

interface ExportDoc {
  query: string;
  filters: Record<string, string[] | null>;
  counts: { nodes: number; links: number; issues: number };
  nodes: Node[];
  links: Link[];
  issues: Issue[];
}

let tree: TempTree;
beforeEach(async () => {
  tree = tempProject();
  expect((await sm('scan', '-q')).code).toBe(1);
});
afterEach(() => tree.remove());

function sm(...argv: string[]) {
  return runCli(argv, { cwd: tree.root });
}

/** The same query answered by the kernel over the whole persisted scan (the reference semantics). */
function kernelAnswer(query: string): { nodes: string[]; links: string[]; issues: string[] } {
  const parsed = parseExportQuery(query);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const store = tryOpenScanStoreForRead(tree.abs('.skill-map/skill-map.db'));
  const closed = applyExportQuery(store!.loadScan(), parsed.value);
  store!.close();
  return {
    nodes: closed.nodes.map((n) => n.path),
    links: closed.links.map((l) => `${l.source}>${l.target}`),
    issues: closed.issues.map((i) => i.message),
  };
}

describe('sm export --format json', () => {
  it('prints a closed subgraph {query, filters, counts, nodes, links, issues} valid against the schemas', async () => {
    const run = await sm('export', 'kind=markdown path=docs/**', '--format', 'json');
    expect(run.code).toBe(0);
    const doc = run.json<ExportDoc>();
    expect(Object.keys(doc)).toEqual(['query', 'filters', 'counts', 'nodes', 'links', 'issues']);
    expect(doc.query).toBe('kind=markdown path=docs/**');
    expect(doc.filters).toEqual({ kind: ['markdown'], has: null, path: ['docs/**'] });
    expect(doc.nodes.map((n) => n.path)).toEqual(['docs/guide.md', 'docs/notes.md']);
    expect(doc.links.map((l) => `${l.source}>${l.target}`)).toEqual(['docs/guide.md>docs/notes.md']);
    expect(doc.counts).toEqual({ nodes: 2, links: 1, issues: 1 });
    const paths = new Set(doc.nodes.map((n) => n.path));
    expect(doc.links.every((l) => paths.has(l.source) && paths.has(l.target))).toBe(true);
    expect(doc.issues.every((i) => i.nodeIds.some((id) => paths.has(id)))).toBe(true);
    expect([
      ...schemaErrors('node', doc.nodes),
      ...schemaErrors('link', doc.links),
      ...schemaErrors('issue', doc.issues),
    ]).toEqual([]);
  });

  for (const query of [
    '',
    'kind=skill',
    'has=issues',
    'path=.claude/**,*.md',
    'KIND=agent,skill path=**/SKILL.md,**/reviewer.md',
    'path=nothing/**',
  ]) {
    it(`answers "${query}" exactly as the kernel's applyExportQuery over the whole scan`, async () => {
      const doc = (await sm('export', query, '--json')).json<ExportDoc>();
      expect({
        nodes: doc.nodes.map((n) => n.path),
        links: doc.links.map((l) => `${l.source}>${l.target}`),
        issues: doc.issues.map((i) => i.message),
      }).toEqual(kernelAnswer(query));
    });
  }
});

describe('sm export: the grammar errors exit 2 naming the bad token', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['token without =', 'kind=skill oops', /invalid query at 'oops': 'oops' is not a key=value token/],
    ['empty key side', '=skill', /invalid query at '=skill'/],
    ['empty value side', 'kind=', /invalid query at 'kind='/],
    [
      'duplicate key',
      'kind=skill KIND=agent',
      /invalid query at 'KIND=agent': key 'kind' appears more than once/,
    ],
    ['no values', 'path=,,', /invalid query at 'path=,,': key 'path' has no values/],
    ['unknown key', 'name=x', /invalid query at 'name=x': unknown key 'name' \(expected kind, has, path\)/],
    [
      'unsupported has value',
      'has=links',
      /invalid query at 'has=links': has=links is not supported \(only has=issues\)/,
    ],
  ];
  for (const [label, query, message] of cases) {
    it(label, async () => {
      const run = await sm('export', query, '--format', 'json');
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(message);
      expect(run.stderr).toContain('e.g. "kind=skill path=**/pdf/**"');
    });
  }

  it('sm list shares the grammar and its errors', async () => {
    const run = await sm('list', 'has=links');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("invalid query at 'has=links'");
  });
});

describe('sm export: other formats', () => {
  it('md, mermaid and dot', async () => {
    const md = await sm('export', 'kind=skill', '--format', 'md');
    expect(md.stdout).toContain('# skill-map export\n\nQuery: `kind=skill`\n\n1 nodes, 0 links, 0 issues.');
    expect((await sm('export', 'kind=skill', '--format', 'mermaid')).stdout).toMatch(
      /^flowchart LR\n {2}n0\[/,
    );
    expect((await sm('export', 'path=docs/**', '--format', 'dot')).stdout).toMatch(
      /^digraph[\s\S]*docs\/guide\.md[\s\S]*->/,
    );
  });

  it('unknown formats and --json with a non-JSON format are usage errors', async () => {
    const bad = await sm('export', '--format', 'yaml');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown format 'yaml' — use one of json, md, mermaid, dot");
    expect((await sm('export', '--json', '--format', 'md')).code).toBe(2);
  });
});
