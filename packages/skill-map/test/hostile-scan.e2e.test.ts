// Point 5 of the hardening issue: one hostile file (a YAML alias bomb, a 50 MB markdown file, a file whose analysis
// throws) costs only its own bounded budget and becomes ONE issue on that file; the real `sm scan` finishes.
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempTree } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import {
  aliasBomb,
  aliasedStringFile,
  aliasedStringSidecar,
  hugeMarkdown,
  THROW_MARKER,
  throwInAnalysisFlags,
  throwOnStoreFlags,
} from './support/hostile-files.js';
import { isBuilt, runSm } from './support/sm-bin.js';
import { runSmWatched } from './support/sm-watched.js';

let tree: TempTree | undefined;
afterEach(() => {
  tree?.remove();
  tree = undefined;
});

const BOMB = '.claude/skills/bomb/SKILL.md';
const HUGE = 'docs/huge.md';
const BOOM = '.claude/agents/boom.md';

function project(): TempTree {
  tree = createTempTree('sm-e2e-hostile-');
  tree.write({
    '.claude/skills/deploy/SKILL.md':
      '---\nname: deploy\ndescription: Deploys\n---\nRead [the guide](../../../docs/guide.md).\n',
    '.claude/agents/reviewer.md': '---\nname: reviewer\n---\nUse /deploy.\n',
    'docs/guide.md': '# Guide\n',
    [BOMB]: aliasBomb(9),
    [HUGE]: hugeMarkdown(50),
    [BOOM]: `${THROW_MARKER}\n# Boom\nSee [the guide](../../docs/guide.md).\n`,
  });
  return tree;
}

interface IssueRow {
  analyzer_id: string;
  severity: string;
  node_ids_json: string;
  message: string;
}

function issuesByFile(root: string): Map<string, IssueRow[]> {
  const db = new Database(`${root}/.skill-map/skill-map.db`, { readonly: true });
  try {
    const rows = db
      .prepare('SELECT analyzer_id, severity, node_ids_json, message FROM scan_issues')
      .all() as IssueRow[];
    const out = new Map<string, IssueRow[]>();
    for (const row of rows)
      for (const id of JSON.parse(row.node_ids_json) as string[]) out.set(id, [...(out.get(id) ?? []), row]);
    return out;
  } finally {
    db.close();
  }
}

function nodePaths(root: string): string[] {
  const db = new Database(`${root}/.skill-map/skill-map.db`, { readonly: true });
  try {
    return (db.prepare('SELECT path FROM scan_nodes ORDER BY path').all() as { path: string }[]).map(
      (r) => r.path,
    );
  } finally {
    db.close();
  }
}

describe.skipIf(!isBuilt())('sm scan with hostile files', () => {
  it('an alias bomb, a 50 MB markdown file and a file that throws in analysis each become one issue; the scan finishes', () => {
    const t = project();
    const run = runSm(['scan'], { cwd: t.root, nodeArgs: throwInAnalysisFlags() });
    expect(run.stderr).not.toContain('internal error');
    // Every hostile file is a warning or info: the normal severity rules give exit 0.
    expect(run.code).toBe(0);
    const issues = issuesByFile(t.root);
    expect(issues.get(BOMB)?.map((i) => i.analyzer_id)).toEqual(['file-over-budget']);
    expect(issues.get(BOMB)?.[0]?.message).toContain('more than 10,000 values');
    expect(issues.get(HUGE)?.map((i) => i.analyzer_id)).toEqual(['file-oversized']);
    expect(issues.get(BOOM)?.map((i) => i.analyzer_id)).toEqual(['analysis-failed']);
    expect(issues.get(BOOM)?.[0]?.message).toContain('injected analysis failure');
    // The rest of the project is mapped as usual; the bomb keeps its node, without the frontmatter.
    expect(nodePaths(t.root)).toEqual([
      '.claude/agents/reviewer.md',
      BOMB,
      '.claude/skills/deploy/SKILL.md',
      'docs/guide.md',
    ]);
    expect(statSync(`${t.root}/.skill-map/skill-map.db`).size).toBeLessThan(2 * 1024 * 1024);
  });

  it('an 8-level bomb does not bloat the database, and a rescan after editing it stays bounded', () => {
    const t = project();
    t.write({ [BOMB]: aliasBomb(8) });
    expect(runSm(['scan'], { cwd: t.root }).code).toBe(0);
    t.write({ [BOMB]: `${aliasBomb(9)}\nedited\n` });
    expect(runSm(['scan'], { cwd: t.root }).code).toBe(0);
    expect(
      issuesByFile(t.root)
        .get(BOMB)
        ?.map((i) => i.analyzer_id),
    ).toEqual(['file-over-budget']);
    expect(statSync(`${t.root}/.skill-map/skill-map.db`).size).toBeLessThan(2 * 1024 * 1024);
  });
});

// Issue 23, point 2: the YAML budget counted values, not bytes. One long anchored string aliased a few thousand times
// stays under the value budget yet expands to hundreds of megabytes: a 60 KB file scanned for 38 s at 1.9 GB into a
// 600 MB database, and a 64 KB file or a 57 KB `.sm` aborted every scan with "Invalid string length" naming no file.
describe.skipIf(!isBuilt())('sm scan with aliases of one long string', () => {
  const GUIDE = 'docs/guide.md';
  function small(files: Record<string, string>): TempTree {
    tree = createTempTree('sm-e2e-aliased-');
    tree.write({ [GUIDE]: '# Guide\nSee [big](big.md).\n', ...files });
    return tree;
  }
  const dbBytes = (root: string): number => statSync(`${root}/.skill-map/skill-map.db`).size;

  for (const [kb, shape] of [
    [60, 'flat'],
    [64, 'nested'],
  ] as const) {
    it(`a ${kb} KB frontmatter aliasing one long string is one file-over-budget issue naming it; the database stays small`, async () => {
      const t = small({ 'docs/big.md': aliasedStringFile(kb, shape) });
      const run = await runSmWatched(['scan'], { cwd: t.root });
      expect(run.overgrown, 'sm scan grew past the memory ceiling expanding the aliases').toBe(false);
      expect(run.stderr).not.toContain('Invalid string length');
      expect(run.code).toBe(0);
      const issues = issuesByFile(t.root).get('docs/big.md');
      expect(issues?.map((i) => i.analyzer_id)).toEqual(['file-over-budget']);
      expect(issues?.[0]?.message).toContain('bytes of text (YAML aliases expanded)');
      expect(nodePaths(t.root)).toEqual(['docs/big.md', GUIDE]);
      expect(dbBytes(t.root)).toBeLessThan(2 * 1024 * 1024);
      // A no-change rescan stays as cheap.
      const again = await runSmWatched(['scan'], { cwd: t.root });
      expect([again.overgrown, again.code]).toEqual([false, 0]);
      expect(dbBytes(t.root)).toBeLessThan(2 * 1024 * 1024);
    });
  }

  it('a 57 KB .sm sidecar aliasing one long string is one invalid-sidecar issue naming it; the scan goes on', async () => {
    const t = small({ 'docs/big.md': '# Big\n', 'docs/big.sm': aliasedStringSidecar(57) });
    const run = await runSmWatched(['scan'], { cwd: t.root });
    expect(run.overgrown, 'sm scan grew past the memory ceiling expanding the aliases').toBe(false);
    expect(run.stderr).not.toContain('Invalid string length');
    expect(run.code).toBe(1); // invalid-sidecar is an error: the scan completed and reports it
    const issues = [...issuesByFile(t.root).entries()].flatMap(([id, rows]) =>
      rows.map((r) => [id, r.analyzer_id, r.message] as const),
    );
    // On the node the sidecar annotates, naming the sidecar.
    expect(issues.map(([id, analyzer]) => [id, analyzer])).toEqual([['docs/big.md', 'invalid-sidecar']]);
    expect(issues[0]?.[2]).toContain("Sidecar 'docs/big.sm' is invalid");
    expect(issues[0]?.[2]).toContain('bytes of text once YAML aliases are expanded');
    expect(nodePaths(t.root)).toEqual(['docs/big.md', GUIDE]);
    expect(dbBytes(t.root)).toBeLessThan(2 * 1024 * 1024);
  });

  it('a record that cannot be stored ("Invalid string length") is one analysis-failed issue on its file; the scan goes on', () => {
    const t = small({
      'docs/unstorable.md': '# Unstorable\nSee [the guide](guide.md).\n',
      'docs/big.md': '# Big\n',
    });
    const run = runSm(['scan'], { cwd: t.root, nodeArgs: throwOnStoreFlags('docs/unstorable.md') });
    expect(run.stderr).not.toContain('scan of');
    expect(run.code).toBe(0);
    const issues = issuesByFile(t.root).get('docs/unstorable.md');
    expect(issues?.map((i) => i.analyzer_id)).toEqual(['analysis-failed']);
    expect(issues?.[0]?.message).toContain('Invalid string length');
    expect(nodePaths(t.root)).toEqual(['docs/big.md', GUIDE]);
  });
});
