import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureProjectId } from '../../adapters/postgres/project-id.js';
import { databasesOn, STORES } from '../../adapters/testing/per-store.js';
import type { StoreName } from '../../adapters/testing/per-store.js';
import { insertFindingInto } from '../../engines/findings/testing/findings-project.js';
import type { FindingSeed } from '../../engines/findings/testing/findings-project.js';
import { runCli } from '../testing/run-cli.js';
import { execSql, tempProject } from '../testing/projects.js';
import type { TempTree } from '../../adapters/testing/temp-tree.js';

const DEPLOY = '.claude/skills/deploy/SKILL.md';
const DEPLOY_SM = '.claude/skills/deploy/SKILL.sm';
const REVIEWER = '.claude/agents/reviewer.md';

let tree: TempTree;
let dbPath: string;
/** The PostgreSQL database of the current test (named to every run by SKILL_MAP_DB); null on SQLite. */
let url: string | null = null;
const sm = (...argv: string[]): ReturnType<typeof runCli> =>
  runCli(argv, { cwd: tree.root, env: url === null ? {} : { SKILL_MAP_DB: url } });
const insertFinding = (seed: FindingSeed): number =>
  url === null
    ? insertFindingInto({ kind: 'sqlite', path: dbPath }, seed)
    : insertFindingInto({ kind: 'postgres', url }, seed, ensureProjectId(tree.root).id);
const databaseOf = databasesOn({ beforeAll, afterAll }, 'cli_findings');

function opsOps(): string[] {
  const file = join(tree.root, '.skill-map', 'operations.log');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"findings.'))
    .map((l) => `${(JSON.parse(l) as { op: string }).op} ${(JSON.parse(l) as { channel: string }).channel}`);
}

for (const store of STORES) describe(store, () => suite(store));

/** The suite on one store (its hooks inside the store's describe). */
function suite(store: StoreName): void {
  // The schema drift and the missing file are a SQLite file's states.
  const sqliteOnly = store === 'SQLite' ? it : it.skip;
  beforeEach(async (ctx) => {
    const database = databaseOf(store);
    if (database === null) return ctx.skip();
    url = database.kind === 'postgres' ? database.url : null;
    tree = tempProject();
    dbPath = join(tree.root, '.skill-map', 'skill-map.db');
    expect((await sm('scan')).code).toBe(1); // the project has one broken link (an error issue)
  });
  afterEach(() => tree?.remove());

  describe('sm findings (real CLI main)', () => {
    it('lists the default view with hidden counts; --json carries the same; flags show more', async () => {
      const open = insertFinding({ node: DEPLOY, message: 'step 2 is vague' });
      insertFinding({ node: DEPLOY, resolution: 'fixed' });
      const dismissed = insertFinding({ node: REVIEWER, resolution: 'dismissed' });
      const human = await sm('findings');
      expect(human.code).toBe(0);
      expect(human.stdout).toContain(DEPLOY);
      expect(human.stdout).toContain(`#${open}`);
      expect(human.stdout).toContain('step 2 is vague');
      expect(human.stdout).toContain('hidden: 1 dismissed (--dismissed), 1 fixed (--fixed)');
      const json = (await sm('findings', '--json')).json<{
        findings: Array<{ id: number }>;
        dismissedExcluded: number;
      }>();
      expect(json.findings.map((f) => f.id)).toEqual([open]);
      expect(json).toMatchObject({ dismissedExcluded: 1, fixedExcluded: 1 });
      const node = (await sm('findings', 'list', REVIEWER, '--dismissed', '--json')).json<{
        findings: Array<{ id: number }>;
      }>();
      expect(node.findings.map((f) => f.id)).toEqual([dismissed]);
      expect((await sm('findings', REVIEWER, '--extension', 'lint-finder', '--json')).json()).toMatchObject({
        findings: [],
        dismissedExcluded: 1,
      });
    });

    it('resolve / dismiss / reopen exit 0 whatever the outcome; an unknown id is exit 5', async () => {
      const id = insertFinding({ node: DEPLOY });
      const r = await sm('findings', 'resolve', String(id), '--note', 'done', '--json');
      expect(r.code).toBe(0);
      expect(r.json()).toMatchObject({ outcome: 'resolved', id });
      expect((await sm('findings', 'resolve', String(id))).stdout).toContain(
        `finding ${id} is already fixed`,
      );
      expect((await sm('findings', 'dismiss', String(id))).stdout).toContain(`dismissed finding ${id}`);
      expect((await sm('findings', 'reopen', String(id))).stdout).toContain(`reopened finding ${id}`);
      expect((await sm('findings', 'reopen', String(id))).code).toBe(0);
      const missing = await sm('findings', 'resolve', '4242');
      expect(missing.code).toBe(5);
      expect(missing.stderr).toContain('no finding 4242');
      expect(opsOps()).toEqual(['findings.resolve cli', 'findings.dismiss cli', 'findings.reopen cli']);
    });

    it('dismiss --class needs --yes off a TTY (exit 2, nothing written); with --yes it writes the sidecar', async () => {
      const id = insertFinding({ node: DEPLOY });
      const refused = await sm('findings', 'dismiss', String(id), '--class');
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('allowEditSmFiles');
      expect(refused.stderr).toContain('--yes');
      expect(existsSync(tree.abs(DEPLOY_SM))).toBe(false);
      expect(opsOps()).toEqual([]);
      const ok = await sm('findings', 'dismiss', String(id), '--class', '--yes', '--json');
      expect(ok.json()).toMatchObject({ outcome: 'suppressed', id });
      expect(readFileSync(tree.abs(DEPLOY_SM), 'utf8')).toContain('extension: core/lint-finder');
      expect((await sm('findings', '--json')).json()).toMatchObject({ findings: [], dismissedExcluded: 1 });
      const un = await sm(
        'findings',
        'undismiss',
        DEPLOY,
        'core/lint-finder',
        '--type',
        'vague-step',
        '-y',
        '--json',
      );
      expect(un.json()).toMatchObject({ outcome: 'unsuppressed' });
      const again = await sm('findings', 'undismiss', DEPLOY, 'core/lint-finder', '--type', 'vague-step');
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('no suppression');
      expect((await sm('findings', 'undismiss', 'nope.md', 'core/lint-finder')).code).toBe(5);
    });

    it('delete and prune', async () => {
      const a = insertFinding({ node: DEPLOY });
      insertFinding({ node: DEPLOY, bodyHash: 'an-older-body' });
      expect((await sm('findings', 'prune', '--json')).json()).toMatchObject({
        outcome: 'pruned',
        deleted: 1,
      });
      expect((await sm('findings', 'delete', String(a))).stdout).toContain(`deleted finding ${a}`);
      expect((await sm('findings', 'delete', String(a))).code).toBe(5);
    });

    it('bad usage is exit 2 with the usage hint', async () => {
      for (const argv of [
        ['findings', 'resolve'],
        ['findings', 'resolve', 'x1'],
        ['findings', 'resolve', '1', '--class'],
        ['findings', 'undismiss', DEPLOY],
        ['findings', 'prune', 'extra'],
      ]) {
        const r = await sm(...argv);
        expect(r.code, argv.join(' ')).toBe(2);
        expect(r.stderr).toContain('usage: sm findings');
      }
    });

    sqliteOnly(
      'refuses every write on a drifted database (write posture) and changes nothing; the list still reads',
      async () => {
        const id = insertFinding({ node: DEPLOY });
        execSql(dbPath, `UPDATE scan_meta SET schema_fingerprint = 'other-build' WHERE id = 1`);
        for (const argv of [
          ['findings', 'resolve', String(id)],
          ['findings', 'dismiss', String(id), '--class', '--yes'],
          ['findings', 'delete', String(id)],
          ['findings', 'prune'],
        ]) {
          const r = await sm(...argv);
          expect(r.code, argv.join(' ')).toBe(2);
          expect(r.stderr).toContain('sm scan --yes');
        }
        expect(existsSync(tree.abs(DEPLOY_SM))).toBe(false);
        expect(opsOps()).toEqual([]);
        const list = await sm('findings', '--json');
        expect(list.json()).toMatchObject({ findings: [{ id, resolution: null }] });
      },
    );

    sqliteOnly('no database: list is not found (exit 5), a write is operational (exit 2)', async () => {
      const fresh = tempProject();
      try {
        expect((await runCli(['findings'], { cwd: fresh.root })).code).toBe(5);
        expect((await runCli(['findings', 'resolve', '1'], { cwd: fresh.root })).code).toBe(2);
      } finally {
        fresh.remove();
      }
    });
  });
}
