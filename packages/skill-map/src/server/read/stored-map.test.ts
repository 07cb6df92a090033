// The scan zone's persistence as `sm serve` uses it, one suite run against every store: a real scan of a temp project
// persisted through the store's scan port (SQLite: the engine's diff writes and per-file cache; PostgreSQL: a whole
// replace), then read back through the store's map reader. The `postgres: …` suite is skipped without PostgreSQL.
// SQLite-only behaviour (a database file deleted and rebuilt, the row diffs) has suites of its own.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { toSpecScanResult } from '@skill-map/spec';
import type { ScanResult } from '@skill-map/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesOn, eachTest, STORES } from '../../adapters/testing/per-store.js';
import type { StoreName } from '../../adapters/testing/per-store.js';
import { createTempTree } from '../../adapters/testing/temp-tree.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { resolveMapScope } from '../../kernel/index.js';
import type { ScanPort } from '../ports.js';
import { createEngineScanPort } from '../scan/engine-scan-port.js';
import { createPgScanPort } from '../scan/pg-scan-port.js';
import { PROJECT_FILES } from '../testing/project-server.js';
import { getBranch, getNodeBundle, queryGraph } from './map-queries.js';
import { createPgMapReader } from './pg-map-reader.js';
import { createSqliteMapReader } from './sqlite-map-reader.js';
import type { ClosableMapReader } from './sqlite-map-reader.js';

interface Subject {
  tree: TempTree;
  reader: ClosableMapReader;
  /** Scans the project and persists it; answers the result as the scan produced it (spec form). */
  scan(): Promise<ScanResult>;
  close(): void;
}

const databaseOf = databasesOn({ beforeAll, afterAll }, 'stored_map');

function openSubject(store: StoreName, files: Record<string, string>): Subject | null {
  const database = databaseOf(store);
  if (database === null) return null;
  const tree = createTempTree('sm-stored-map-');
  tree.write(files);
  let last: ScanResult | null = null;
  const onResult = (r: ScanResult): void => {
    last = r;
  };
  let port: ScanPort;
  let reader: ClosableMapReader;
  if (database.kind === 'postgres') {
    const projectId = `p-${tree.root.split('/').pop() ?? 'x'}`;
    port = createPgScanPort({ projectRoot: tree.root, url: database.url, projectId, label: 'p', onResult });
    reader = createPgMapReader({ url: database.url, projectId, scopeRoot: tree.root });
  } else {
    const dbPath = join(tree.root, '.skill-map', 'skill-map.db');
    port = createEngineScanPort({ projectRoot: tree.root, dbPath, onResult });
    reader = createSqliteMapReader({ dbPath, scopeRoot: tree.root });
  }
  return {
    tree,
    reader,
    async scan() {
      last = null;
      await port.scanAndPersist({ mode: 'full' });
      if (last === null) throw new Error('the scan port reported no result');
      return last;
    },
    close() {
      reader.close();
      port.close?.();
      tree.remove();
    },
  };
}

const sortedNodes = (r: ScanResult): ScanResult['nodes'] =>
  [...r.nodes].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

for (const store of STORES) {
  describe(`${store}: a persisted scan read back through the map reader`, () => {
    let s: Subject;
    eachTest(
      () => Promise.resolve(openSubject(store, PROJECT_FILES)),
      (opened) => (s = opened),
      (opened) => opened.close(),
    );

    it('answers empty shapes before the first scan', () => {
      expect(s.reader.loadScanResult().nodes).toEqual([]);
      expect(s.reader.listIssues({}, { limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
      expect(s.reader.findNode('README.md')).toBeNull();
      expect(s.reader.maxRenderNodes()).toBe(256);
    });

    it('reads back exactly what the scan produced: nodes by path, links and issues in order, the counts', async () => {
      const scanned = await s.scan();
      const stored = toSpecScanResult(s.reader.loadScanResult());
      expect(stored.nodes).toEqual(sortedNodes(scanned));
      expect(stored.links).toEqual(scanned.links);
      expect(stored.issues).toEqual(scanned.issues);
      expect(s.reader.scanMeta().counts).toEqual({
        nodes: scanned.nodes.length,
        links: scanned.links.length,
        issues: scanned.issues.length,
      });
      expect(s.reader.nodePaths()).toEqual(sortedNodes(scanned).map((n) => n.path));
      expect(s.reader.nodeKinds()).toEqual([...new Set(scanned.nodes.map((n) => n.kind))].sort());
    });

    it('serves query_graph, branch and node bundles', async () => {
      await s.scan();
      const q = queryGraph(s.reader, { kind: 'skill' });
      expect(q.nodes.map((n) => n.path)).toEqual([
        '.claude/skills/lint/SKILL.md',
        '.claude/skills/test/SKILL.md',
      ]);
      const scope = resolveMapScope({ paths: ['.claude'] });
      if (!scope.ok) throw new Error('scope');
      expect(s.reader.branch(scope.value, 2).branch).toMatchObject({
        total: 4,
        rendered: 2,
        truncated: true,
        cap: 2,
      });
      expect(getBranch(s.reader, { includes: ['docs'], excludes: [] }).nodes.map((n) => n.path)).toEqual([
        'docs/guide.md',
      ]);
      const bundle = await getNodeBundle(s.reader, '.claude/skills/lint/SKILL.md', true);
      expect(bundle.item.body).toContain('Run the linter.');
      expect(bundle.links.incoming.map((l) => l.source)).toContain('.claude/agents/reviewer.md');
      const deploy = s.reader.findNode('.claude/commands/deploy.md');
      expect(deploy?.issues.map((i) => i.analyzerId)).toContain('reference-broken');
    });

    it('replaces the previous scan whole: a deleted file leaves no node, link or issue behind', async () => {
      const first = await s.scan();
      expect(first.issues.some((i) => i.nodeIds.includes('.claude/commands/deploy.md'))).toBe(true);
      rmSync(s.tree.abs('.claude/commands/deploy.md'));
      s.tree.write({ 'docs/guide.md': '# Guide\nThe new guide.\n' });
      const second = await s.scan();
      const stored = toSpecScanResult(s.reader.loadScanResult());
      expect(stored.nodes).toEqual(sortedNodes(second));
      expect(stored.links).toEqual(second.links);
      // An `orphan` naming the deleted file is an event of the scan that saw it go, reported and never stored
      // (SQLite keeps the previous scan to tell; PostgreSQL's whole replace does not look).
      expect(stored.issues).toEqual(second.issues.filter((i) => i.analyzerId !== 'orphan'));
      expect(s.reader.findNode('.claude/commands/deploy.md')).toBeNull();
      expect(s.reader.nodePaths()).not.toContain('.claude/commands/deploy.md');
      expect(s.reader.listLinks({}, { limit: 100, offset: 0 }).items.map((l) => l.source)).not.toContain(
        '.claude/commands/deploy.md',
      );
      const guide = s.reader.findNode('docs/guide.md');
      expect(guide?.item.bodyHash).not.toBe(first.nodes.find((n) => n.path === 'docs/guide.md')?.bodyHash);
      expect(guide?.links.outgoing).toEqual([]);
    });
  });

  describe(`${store}: a persisted scan of 1,100 broken references`, () => {
    let s: Subject;
    const files: Record<string, string> = {};
    for (let i = 0; i < 1_100; i++) files[`docs/p${i}.md`] = `# ${i}\n[gone](missing-${i}.md)\n`;
    eachTest(
      () => Promise.resolve(openSubject(store, files)),
      (opened) => (s = opened),
      (opened) => opened.close(),
    );

    it('pages the whole issue list past the store page size, and filters it', async () => {
      await s.scan();
      const all = s.reader.listIssues({}, { limit: Number.MAX_SAFE_INTEGER, offset: 0 });
      expect(all.total).toBeGreaterThanOrEqual(1_100);
      expect(all.items).toHaveLength(all.total);
      const page = s.reader.listIssues({ analyzerIds: ['reference-broken'] }, { limit: 5, offset: 1_095 });
      expect(page.items).toHaveLength(5);
      expect(page.total).toBe(1_100);
      const one = s.reader.listIssues({ nodes: ['docs/p7.md'] }, { limit: 10, offset: 0 });
      expect(one.items.map((i) => i.nodeIds)).toEqual([['docs/p7.md']]);
    });
  });
}
