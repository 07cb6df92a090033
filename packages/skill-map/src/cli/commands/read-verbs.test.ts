import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Issue, Link, Node } from '@skill-map/spec';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runCli } from '../testing/run-cli.js';
import { bumpUserVersion, schemaErrors, tempProject } from '../testing/projects.js';

let tree: TempTree;
beforeEach(() => {
  tree = tempProject();
});
afterEach(() => tree.remove());

const sm = (...argv: string[]) => runCli(argv, { cwd: tree.root });
const scanned = async () => expect((await sm('scan', '-q')).code).toBe(1);
const db = () => tree.abs('.skill-map/skill-map.db');

describe('read verbs without a database: not found (exit 5)', () => {
  for (const argv of [['list'], ['show', 'CLAUDE.md'], ['export', 'kind=skill'], ['graph']]) {
    it(`sm ${argv.join(' ')}`, async () => {
      const run = await sm(...argv);
      expect(run.code).toBe(5);
      expect(run.stderr).toContain('no database at .skill-map/skill-map.db — run `sm scan` first');
    });
  }

  it('names the --db path and the matching remedy', async () => {
    const run = await sm('list', '--db', 'elsewhere/x.db');
    expect(run.code).toBe(5);
    expect(run.stderr).toContain(
      'no database at elsewhere/x.db — check --db / SKILL_MAP_DB, or run `sm scan` with the same --db first',
    );
  });
});

describe('sm list', () => {
  it('lists nodes by path; filters with the export grammar; --limit caps', async () => {
    await scanned();
    const all = await sm('list');
    expect(all.code).toBe(0);
    expect(all.stdout.split('\n')[0]).toMatch(/^PATH +KIND +PROVIDER +OUT +IN$/);
    expect(all.stdout).toContain('6 node(s)');
    const skills = await sm('list', 'kind=skill,agent', '--json');
    const out = skills.json<{ query: string; total: number; items: Node[] }>();
    expect(out.query).toBe('kind=skill,agent');
    expect(out.items.map((n) => n.path)).toEqual([
      '.claude/agents/reviewer.md',
      '.claude/skills/deploy/SKILL.md',
    ]);
    expect(schemaErrors('node', out.items)).toEqual([]);
    expect((await sm('list', '--limit', '2')).stdout).toContain('2 of 6 node(s)');
    expect(
      (await sm('list', 'has=issues', '--json')).json<{ items: Node[] }>().items.map((n) => n.path),
    ).toEqual(['docs/notes.md']);
  });

  it('a newer-schema database still lists, with the advisory on stderr', async () => {
    await scanned();
    bumpUserVersion(db(), 999);
    const run = await sm('list', '--json');
    expect(run.code).toBe(0);
    expect(run.json<{ total: number }>().total).toBe(6);
    expect(run.stderr).toContain('warning: this database was written by a newer skill-map (schema 999');
  });
});

describe('sm show', () => {
  it('shows a node with its outgoing and incoming links and its issues', async () => {
    await scanned();
    const run = await sm('show', 'docs/notes.md');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^docs\/notes\.md\n {2}kind {6}markdown \(provider core\/markdown\)/);
    expect(run.stdout).toMatch(
      /Outgoing \(1\):\n {2}references +missing\.md +\(unresolved\) +confidence 0\.25, line 2/,
    );
    expect(run.stdout).toMatch(/Incoming \(2\):/);
    expect(run.stdout).toMatch(/Issues \(1\):\n {2}error +reference-broken/);
  });

  it('--json: the node bundle validates against the schemas', async () => {
    await scanned();
    const out = (await sm('show', '.claude/skills/deploy/SKILL.md', '--json')).json<{
      item: Node;
      links: { incoming: Link[]; outgoing: Link[] };
      issues: Issue[];
    }>();
    expect(out.item.kind).toBe('skill');
    expect(out.links.outgoing.map((l) => l.target).sort()).toEqual([
      '/release',
      '@reviewer',
      'docs/notes.md',
    ]);
    expect(out.links.incoming.map((l) => l.source)).toEqual(['.claude/agents/reviewer.md']);
    expect(schemaErrors('node', [out.item])).toEqual([]);
    expect(schemaErrors('link', [...out.links.incoming, ...out.links.outgoing])).toEqual([]);
  });

  it('accepts ./relative paths from a subdirectory (with --root)', async () => {
    await scanned();
    const run = await runCli(['show', './notes.md', '--root', '..', '--json'], { cwd: tree.abs('docs') });
    expect(run.code).toBe(0);
    expect(run.json<{ item: Node }>().item.path).toBe('docs/notes.md');
  });

  it('an unknown node is not found (exit 5); a missing path argument is a usage error', async () => {
    await scanned();
    const run = await sm('show', 'docs/nope.md');
    expect(run.code).toBe(5);
    expect(run.stderr).toBe(
      "sm: no node at 'docs/nope.md' — `sm list` shows every node path (run `sm scan` if the file is new)\n",
    );
    expect((await sm('show')).code).toBe(2);
  });
});

describe('sm graph', () => {
  it('renders ascii by default, and json, mermaid and dot on request', async () => {
    await scanned();
    const ascii = await sm('graph');
    expect(ascii.stdout).toContain('skill (1)\n└─ .claude/skills/deploy/SKILL.md');
    expect(ascii.stdout).toContain('references → docs/missing.md ?');
    const json = (await sm('graph', '--json')).json<{ nodes: Node[]; links: Link[] }>();
    expect(json.nodes).toHaveLength(6);
    expect(schemaErrors('link', json.links)).toEqual([]);
    expect((await sm('graph', '--format', 'mermaid')).stdout).toMatch(/^flowchart LR\n/);
    expect((await sm('graph', '--format', 'dot')).stdout).toMatch(/^digraph/);
  });

  it('a query keeps links by their resolved target; bad formats exit 2', async () => {
    await scanned();
    const json = (await sm('graph', 'path=.claude/**', '--format', 'json')).json<{ links: Link[] }>();
    expect(json.links.map((l) => l.target)).toContain('@reviewer');
    expect((await sm('graph', '--format', 'svg')).code).toBe(2);
    expect((await sm('graph', '--json', '--format', 'dot')).code).toBe(2);
  });
});
