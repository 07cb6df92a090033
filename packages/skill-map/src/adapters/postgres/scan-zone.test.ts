// The scan zone and the organisation reads on a real PostgreSQL (a throwaway cluster; skipped without one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeIssue, makeLargeScan, makeLink, makeNode, makeScan } from '../testing/scan-fixtures.js';
import { hasPostgres, postgresForSuite } from '../testing/postgres.js';
import { createPgJobStore } from './job-store.js';
import { createOrgReader } from './org.js';
import { openPgSession } from './pg-session.js';
import { createPgScanZone, searchName } from './scan-zone.js';
import { openSyncPg } from './sync-pg.js';

const cluster = postgresForSuite({ beforeAll, afterAll });
let dbCount = 0;

/** Two small projects sharing a skill name and an MCP server; one error and one warning each. */
function projectScan(prefix: string) {
  const deploy = makeNode(`.claude/skills/deploy/SKILL.md`, `${prefix} deploy`, {
    frontmatter: { name: 'deploy', description: 'ships' },
  });
  const agent = makeNode(`.claude/agents/${prefix}-reviewer.md`, `${prefix} agent`, { kind: 'agent' });
  const mcp = makeNode('mcp://github', '', { kind: 'mcp-server', virtual: true, frontmatter: {} });
  return makeScan(
    [deploy, agent, mcp],
    [
      makeLink(agent.path, 'mcp://github', { kind: 'invokes' }),
      makeLink(agent.path, deploy.path),
      makeLink(deploy.path, 'gone.md', { resolvedTarget: null }),
    ],
    [
      makeIssue(deploy.path, 'gone.md'),
      makeIssue(agent.path, 'x', { severity: 'warn', analyzerId: 'other' }),
    ],
  );
}

describe.skipIf(!hasPostgres())('postgres: the scan zone and the organisation reads', () => {
  it('stores a scan and reads it back exactly, replacing the previous one whole', (ctx) => {
    const server = cluster.current();
    if (server === null) return ctx.skip();
    const url = server.createDatabase(`scan_${++dbCount}`);
    const session = openPgSession(url, 'p1');
    try {
      const zone = createPgScanZone(session);
      expect(zone.loadScan()).toBeNull();
      const big = makeLargeScan(3000);
      const first = zone.persistScan(big, 'big');
      expect(first).toEqual({ nodes: 3000, links: 6300, issues: 300, generation: zone.scanKey() });
      expect(zone.loadScan()).toEqual(big);
      const small = projectScan('a');
      expect(zone.persistScan(small, 'small').generation).toBe(String(Number(first.generation) + 1));
      expect(zone.loadScan()).toEqual(small);
      expect(zone.counts()).toEqual({ nodes: 3, links: 3, issues: 2 });
    } finally {
      session.close();
    }
  });

  it('keeps the previous scan for a reader on another connection until the new one is committed', (ctx) => {
    const server = cluster.current();
    if (server === null) return ctx.skip();
    const url = server.createDatabase(`scan_${++dbCount}`);
    const writer = openPgSession(url, 'p1');
    const reader = openPgSession(url, 'p1');
    try {
      const first = projectScan('a');
      createPgScanZone(writer).persistScan(first, 'p');
      const second = makeLargeScan(50);
      writer.transaction(() => {
        createPgScanZone(writer).persistScan(second, 'p'); // a savepoint inside the open transaction
        expect(createPgScanZone(reader).loadScan()).toEqual(first);
      });
      expect(createPgScanZone(reader).loadScan()).toEqual(second);
    } finally {
      writer.close();
      reader.close();
    }
  });

  it('answers across projects, and deleting one project leaves the other whole', (ctx) => {
    const server = cluster.current();
    if (server === null) return ctx.skip();
    const url = server.createDatabase(`scan_${++dbCount}`);
    const a = openPgSession(url, 'id-a');
    const b = openPgSession(url, 'id-b');
    const pg = openSyncPg(url);
    try {
      createPgScanZone(a).persistScan(projectScan('a'), 'repo-a');
      createPgScanZone(b).persistScan(projectScan('b'), 'repo-b');
      const job = {
        id: 'd-1',
        extensionId: 'core/ai-a',
        extensionVersion: '1',
        extensionKind: 'action' as const,
        nodeId: '.claude/skills/deploy/SKILL.md',
        contentHash: 'h',
        promptTemplateHash: 'p',
        nonce: 'n',
        priority: 0,
        ttlSeconds: null,
        findingIds: null,
        autoFix: false,
        submittedBy: 'cli',
        createdAt: 1,
      };
      createPgJobStore(a).insert(job, 'c');
      createPgJobStore(b).insert(job, 'c'); // the same job id in another project is another job
      const org = createOrgReader(pg);
      expect(org.projects().map((p) => [p.label, p.nodes, p.issues, p.jobs])).toEqual([
        ['repo-a', 3, { error: 1, warn: 1, info: 0 }, { queued: 1, running: 0 }],
        ['repo-b', 3, { error: 1, warn: 1, info: 0 }, { queued: 1, running: 0 }],
      ]);
      expect(org.findByName('DEPLOY').map((h) => [h.label, h.path, h.kind])).toEqual([
        ['repo-a', '.claude/skills/deploy/SKILL.md', 'skill'],
        ['repo-b', '.claude/skills/deploy/SKILL.md', 'skill'],
      ]);
      expect(org.usesOf('mcp://github').map((u) => [u.label, u.source, u.sourceKind])).toEqual([
        ['repo-a', '.claude/agents/a-reviewer.md', 'agent'],
        ['repo-b', '.claude/agents/b-reviewer.md', 'agent'],
      ]);
      expect(org.issues('error').map((i) => [i.label, i.issue.analyzerId])).toEqual([
        ['repo-a', 'reference-broken'],
        ['repo-b', 'reference-broken'],
      ]);
      expect(org.issues('warn')).toHaveLength(4);
      const before = createPgScanZone(b).loadScan();
      expect(org.deleteProject('id-a')).toBeGreaterThan(0);
      expect(org.projects().map((p) => p.label)).toEqual(['repo-b']);
      expect(createPgScanZone(a).loadScan()).toBeNull();
      expect(createPgJobStore(a).list({})).toEqual([]);
      expect(createPgScanZone(b).loadScan()).toEqual(before);
      expect(
        createPgJobStore(b)
          .list({})
          .map((j) => j.id),
      ).toEqual(['d-1']);
      expect(org.deleteProject('id-a')).toBe(0);
    } finally {
      a.close();
      b.close();
      pg.close();
    }
  });

  it('names a node by its frontmatter, a skill by its folder, a server by its name', () => {
    expect(searchName(makeNode('x/SKILL.md', '', { frontmatter: { name: ' ship ' } }))).toBe('ship');
    expect(searchName(makeNode('.claude/skills/ship/SKILL.md', '', { frontmatter: {} }))).toBe('ship');
    expect(searchName(makeNode('mcp://github', '', { frontmatter: {} }))).toBe('github');
    expect(searchName(makeNode('.claude/agents/rev.md', '', { frontmatter: {} }))).toBe('rev');
  });
});
