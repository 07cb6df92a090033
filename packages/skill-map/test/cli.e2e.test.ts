// The BUILT `sm` bin as a child process: real corpora read in place (from SM_CORPORA, skipped without it), bad
// input, a newer-schema database.
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import Database from 'better-sqlite3';
import type { Issue, Link, Node, ScanResult } from '@skill-map/spec';
import { createSpecValidator } from '@skill-map/spec/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { corporaDir } from '../src/adapters/testing/corpora.js';
import { createTempTree, permissionsAreBypassed } from '../src/adapters/testing/temp-tree.js';
import type { TempTree } from '../src/adapters/testing/temp-tree.js';
import { isCandidatePath, scanSources } from '../src/kernel/index.js';
import { denyReadFlags, isBuilt, listing, runSm } from './support/sm-bin.js';

const CORPORA = corporaDir();
const withCorpora = describe.skipIf(!isBuilt() || CORPORA === undefined);
const validator = createSpecValidator();

/** The figures `packages/skill-map/src/kernel/corpus.test.ts` asserts for the kernel alone. */
const EXPECTED = {
  'anthropics-skills': {
    filesWalked: 415,
    nodes: 112,
    links: 231,
    issues: 4,
    // A healthy project: no error (every former error was a false one, see test/labelled/), so the scan exits 0.
    severities: { error: 0, warn: 1, info: 3 },
    pdf: ['skills/pdf/SKILL.md'],
  },
  'obra-superpowers': {
    filesWalked: 180,
    nodes: 94,
    links: 367,
    issues: 118,
    severities: { error: 0, warn: 9, info: 109 },
    pdf: [] as string[],
  },
} as const;

/** The kernel alone over the corpus, read the way the kernel's corpus test reads it. */
function kernelFigures(root: string): { nodes: number; links: number; issues: number } {
  const walked: string[] = [];
  const visit = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory() && e.name !== '.git' && e.name !== 'node_modules') visit(join(dir, e.name));
      else if (e.isFile()) walked.push(relative(root, join(dir, e.name)).split(sep).join('/'));
    }
  };
  visit(root);
  const sources = walked.filter(isCandidatePath).map((path) => {
    const buf = readFileSync(join(root, path));
    return {
      path,
      text: buf.toString('utf8'),
      bytes: buf.length,
      modifiedAtMs: null,
      contentHash: createHash('sha256').update(buf).digest('hex'),
    };
  });
  const { result } = scanSources(
    sources,
    {},
    { hash: (t: string) => createHash('sha256').update(t, 'utf8').digest('hex'), walkedPaths: walked.sort() },
  );
  return { nodes: result.nodes.length, links: result.links.length, issues: result.issues.length };
}

function schemaErrors(doc: { nodes: Node[]; links: Link[]; issues: Issue[] }): string[] {
  const check = (schema: 'node' | 'link' | 'issue', values: unknown[]) =>
    values.flatMap((v) => {
      const r = validator.validate(schema, v);
      return r.ok ? [] : r.errors;
    });
  return [...check('node', doc.nodes), ...check('link', doc.links), ...check('issue', doc.issues)];
}

withCorpora('corpus: sm on the real corpora, read in place (built bin)', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'sm-e2e-corpora-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: scan with --root and --db elsewhere, then export a closed pdf subgraph; the corpus is untouched`, () => {
      const root = join(CORPORA ?? '', name);
      const before = listing(root);
      const db = join(tmp, `${name}.db`);
      const scan = runSm(['scan', '--root', root, '--db', db, '--json'], { cwd: tmp });
      expect(scan.stderr).not.toMatch(/sm: /);
      expect(scan.code).toBe(expected.severities.error > 0 ? 1 : 0);
      const out = { result: JSON.parse(scan.stdout) as ScanResult };
      const severities = { error: 0, warn: 0, info: 0 };
      for (const issue of out.result.issues) severities[issue.severity] += 1;
      expect(out.result.stats).toMatchObject({
        filesWalked: expected.filesWalked,
        nodesCount: expected.nodes,
        linksCount: expected.links,
        issuesCount: expected.issues,
      });
      expect(severities).toEqual(expected.severities);
      expect({
        nodes: out.result.nodes.length,
        links: out.result.links.length,
        issues: out.result.issues.length,
      }).toEqual(kernelFigures(root));
      expect(validator.validate('scanResult', out.result)).toEqual({ ok: true });

      // From inside the corpus (cwd), the database kept elsewhere.
      const exp = runSm(['export', 'kind=skill path=**/pdf/**', '--format', 'json', '--db', db], {
        cwd: root,
      });
      expect(exp.code).toBe(0);
      const doc = JSON.parse(exp.stdout) as {
        query: string;
        filters: unknown;
        counts: unknown;
        nodes: Node[];
        links: Link[];
        issues: Issue[];
      };
      expect(Object.keys(doc)).toEqual(['query', 'filters', 'counts', 'nodes', 'links', 'issues']);
      expect(doc.query).toBe('kind=skill path=**/pdf/**');
      expect(doc.filters).toEqual({ kind: ['skill'], has: null, path: ['**/pdf/**'] });
      expect(doc.nodes.map((n) => n.path)).toEqual(expected.pdf);
      const kept = new Set(doc.nodes.map((n) => n.path));
      expect(doc.links.every((l) => kept.has(l.source) && kept.has(l.target))).toBe(true);
      expect(doc.issues.every((i) => i.nodeIds.some((id) => kept.has(id)))).toBe(true);
      expect(doc.counts).toEqual({
        nodes: doc.nodes.length,
        links: doc.links.length,
        issues: doc.issues.length,
      });
      expect(schemaErrors(doc)).toEqual([]);

      const check = runSm(['check', '--stored', '--json', '--root', root, '--db', db], { cwd: tmp });
      expect(check.code).toBe(expected.severities.error > 0 ? 1 : 0);
      expect(JSON.parse(check.stdout)).toMatchObject({ total: expected.issues, counts: expected.severities });
      expect(listing(root)).toEqual(before);
    });
  }
});

describe.skipIf(!isBuilt())('sm scan on bad input (built bin)', () => {
  let tree: TempTree;
  afterEach(() => tree.remove());

  it('unreadable, invalid YAML, binary, 2 MiB and symlink-loop files become skipped stats and issues; exit follows severity', () => {
    tree = createTempTree('sm-e2e-bad-');
    tree.write({
      '.claude/skills/ok/SKILL.md':
        '---\nname: ok\ndescription: Fine\n---\nSee [the guide](../../../docs/guide.md).\n',
      'docs/guide.md': '# Guide\n',
      'docs/bad-yaml.md': '---\nname: [unclosed\ndescription: "x\n---\nBody.\n',
      'docs/binary.md': Buffer.concat([Buffer.from('# looks like markdown\n'), Buffer.alloc(64, 0)]),
      'docs/huge.md': `# Huge\n${'lorem ipsum '.repeat(180_000)}\n`,
      'docs/unreadable.md': '# Secret\n',
    });
    symlinkSync('loop-b.md', tree.abs('docs/loop-a.md'));
    symlinkSync('loop-a.md', tree.abs('docs/loop-b.md'));
    const asRoot = permissionsAreBypassed();
    if (!asRoot) chmodSync(tree.abs('docs/unreadable.md'), 0o000);
    const nodeArgs = asRoot ? denyReadFlags('unreadable.md') : [];

    const run = runSm(['scan', '--json'], { cwd: tree.root, nodeArgs });
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as ScanResult;
    const facts = JSON.parse(runSm(['scan', '--run-facts'], { cwd: tree.root, nodeArgs }).stdout) as {
      skipped: { count: number; byReason: Record<string, number> };
    };
    expect(facts.skipped.byReason).toEqual({ binary: 1, oversized: 1, 'symlink-loop': 2, unreadable: 1 });
    // ScanResult.stats counts skipped candidate FILES; the two loop links never resolved to a file.
    expect(result.stats.filesSkipped).toBe(3);
    expect(result.issues.map((i) => i.analyzerId).sort()).toEqual([
      'file-oversized',
      'frontmatter-parse-error',
    ]);
    expect(run.stderr).toMatch(/skipped docs\/unreadable\.md: unreadable \(EACCES\)/);

    tree.write({ 'docs/guide.md': '# Guide\nSee [gone](gone.md).\n' });
    const text = runSm(['scan'], { cwd: tree.root, nodeArgs });
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('skipped   5 (1 binary, 1 oversized, 2 symlink-loop, 1 unreadable)');
  });
});

describe.skipIf(!isBuilt())('a database from a newer schema (built bin)', () => {
  let tree: TempTree;
  afterEach(() => tree.remove());

  it('is refused for sm scan (exit 2, what to do) while sm list still answers with an advisory', () => {
    tree = createTempTree('sm-e2e-newer-');
    tree.write({ 'docs/a.md': '# A\nSee [b](b.md).\n', 'docs/b.md': '# B\n' });
    expect(runSm(['scan', '-q'], { cwd: tree.root }).code).toBe(0);
    const dbPath = tree.abs('.skill-map/skill-map.db');
    const db = new Database(dbPath);
    const version = db.pragma('user_version', { simple: true }) as number;
    db.pragma(`user_version = ${version + 1}`);
    db.close();

    const scan = runSm(['scan'], { cwd: tree.root });
    expect(scan.code).toBe(2);
    expect(scan.stdout).toBe('');
    expect(scan.stderr).toContain(
      `this database was written by a newer skill-map (schema ${version + 1}, this build knows ${version})`,
    );
    expect(scan.stderr).toContain('upgrade skill-map, or delete');

    const list = runSm(['list', '--json'], { cwd: tree.root });
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as { items: Node[] }).items.map((n) => n.path)).toEqual([
      'docs/a.md',
      'docs/b.md',
    ]);
    expect(list.stderr).toContain('warning: this database was written by a newer skill-map');
    expect(list.stderr).toContain('showing what this build can read');
  });
});
