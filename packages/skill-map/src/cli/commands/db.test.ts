// `sm db reset | backup | restore | dump | migrate` in process, on real SQLite files; --json validated against
// cli-db.schema.json.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempTree } from '../../adapters/testing/temp-tree.js';
import { runCli } from '../testing/run-cli.js';
import { CLEAN_PROJECT, execSql, schemaErrors, tempProject } from '../testing/projects.js';

let tree: TempTree;
afterEach(() => tree.remove());

const sm = (argv: string[]) => runCli(argv, { cwd: tree.root });
const db = () => tree.abs('.skill-map/skill-map.db');
const count = (path: string, table: string): number => {
  const d = new Database(path, { readonly: true });
  try {
    return (d.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    d.close();
  }
};
const JOB_CONTENT = `INSERT INTO state_job_contents (content_hash, content, created_at) VALUES ('h', 'x', 1)`;

async function scanned(): Promise<void> {
  tree = tempProject(CLEAN_PROJECT);
  expect((await sm(['scan'])).code).toBe(0);
  execSql(db(), JOB_CONTENT);
}

describe('sm db reset', () => {
  it('-n counts the scan rows and changes nothing; plain reset drops the scan zone, keeps the state zone', async () => {
    await scanned();
    const nodes = count(db(), 'scan_nodes');
    const dry = await sm(['db', 'reset', '-n', '--json']);
    expect(dry.code).toBe(0);
    const doc = dry.json<{ dryRun: boolean; tables: { table: string; rows: number }[] }>();
    expect(schemaErrors('dbReset', [doc])).toEqual([]);
    expect(doc.dryRun).toBe(true);
    expect(doc.tables).toContainEqual({ table: 'scan_nodes', rows: nodes });
    expect(count(db(), 'scan_nodes')).toBe(nodes);
    const live = await sm(['db', 'reset']);
    expect(live.code).toBe(0);
    expect(live.stdout).toContain(`deleted`);
    expect(live.stderr).toMatch(/done in \d+ms/);
    expect(count(db(), 'scan_nodes')).toBe(0);
    expect(count(db(), 'state_job_contents')).toBe(1);
    expect((await sm(['scan'])).code).toBe(0);
    expect(count(db(), 'scan_nodes')).toBe(nodes);
  });

  it('--state refuses without --yes off a terminal (exit 2, nothing deleted); with --yes drops state too', async () => {
    await scanned();
    const refused = await sm(['db', 'reset', '--state']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('needs confirmation');
    expect(count(db(), 'state_job_contents')).toBe(1);
    const run = await sm(['db', 'reset', '--state', '--yes', '--json']);
    expect(run.code).toBe(0);
    expect(schemaErrors('dbReset', [run.json()])).toEqual([]);
    expect(count(db(), 'state_job_contents')).toBe(0);
    expect(count(db(), 'config_schema_versions')).toBeGreaterThan(0);
  });

  it('--hard -n reports the file and keeps it; --hard --force deletes it', async () => {
    await scanned();
    const dry = await sm(['db', 'reset', '--hard', '-n', '--json']);
    expect(dry.json()).toMatchObject({ mode: 'hard', dryRun: true, file: { path: db() } });
    expect(existsSync(db())).toBe(true);
    expect((await sm(['db', 'reset', '--hard', '--force'])).code).toBe(0);
    expect(existsSync(db())).toBe(false);
  });

  it('no database: exit 5, and -n creates nothing', async () => {
    tree = tempProject(CLEAN_PROJECT);
    const run = await sm(['db', 'reset', '-n']);
    expect(run.code).toBe(5);
    expect(existsSync(tree.abs('.skill-map'))).toBe(false);
  });
});

describe('sm db backup and restore', () => {
  it('backs up, restores the backup over a reset database, and keeps the replaced file', async () => {
    await scanned();
    const out = tree.abs('copy.db');
    const backup = await sm(['db', 'backup', '--out', 'copy.db', '--json']);
    expect(backup.code).toBe(0);
    expect(schemaErrors('dbBackup', [backup.json()])).toEqual([]);
    expect(count(out, 'state_job_contents')).toBe(1);
    expect((await sm(['db', 'backup', '--out', 'copy.db'])).code).toBe(2);
    expect((await sm(['db', 'reset', '--state', '--yes'])).code).toBe(0);

    const before = readdirSync(tree.abs('.skill-map')).sort();
    const dry = await sm(['db', 'restore', 'copy.db', '-n', '--json']);
    expect(dry.code).toBe(0);
    expect(schemaErrors('dbRestore', [dry.json()])).toEqual([]);
    expect(readdirSync(tree.abs('.skill-map')).sort()).toEqual(before);
    expect((await sm(['db', 'restore', 'copy.db'])).code).toBe(2);

    const run = await sm(['db', 'restore', 'copy.db', '--yes', '--json']);
    expect(run.code).toBe(0);
    const doc = run.json<{ keptAs: string }>();
    expect(schemaErrors('dbRestore', [doc])).toEqual([]);
    expect(count(db(), 'state_job_contents')).toBe(1);
    expect(count(doc.keptAs, 'state_job_contents')).toBe(0);
    expect((await sm(['list'])).code).toBe(0);
  });

  it('refuses a source that is not a database of this build, and leaves the live one untouched', async () => {
    await scanned();
    const live = readFileSync(db());
    writeFileSync(
      tree.abs('text.db'),
      'not a database at all, just some text that is long enough to have a header',
    );
    const foreign = tree.abs('foreign.db');
    execSql(foreign, 'CREATE TABLE t (x INTEGER)');
    for (const [file, message] of [
      ['text.db', 'is not a whole database'],
      ['foreign.db', 'is not a database of this build'],
    ] as const) {
      const run = await sm(['db', 'restore', file, '--yes']);
      expect(run.code, run.stderr).not.toBe(0);
      expect(run.stderr).toContain(message);
    }
    expect((await sm(['db', 'restore', 'missing.db', '--yes'])).code).toBe(5);
    expect(readFileSync(db()).equals(live)).toBe(true);
    expect(readdirSync(tree.abs('.skill-map')).filter((f) => f.includes('restore'))).toEqual([]);
  });
});

describe('sm db dump and migrate', () => {
  it('dumps SQL that rebuilds the tables it names', async () => {
    await scanned();
    const run = await sm(['db', 'dump', '--tables', 'state_job_contents']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('CREATE TABLE state_job_contents');
    expect(run.stdout).not.toContain('CREATE TABLE scan_nodes');
    const copy = new Database(':memory:');
    copy.exec(run.stdout);
    expect(copy.prepare('SELECT content FROM state_job_contents').get()).toEqual({ content: 'x' });
    copy.close();
    expect((await sm(['db', 'dump', '--tables', 'nope'])).code).toBe(2);
  });

  it('migrate --status lists the applied migrations and none pending', async () => {
    await scanned();
    const run = await sm(['db', 'migrate', '--status', '--json']);
    expect(run.code).toBe(0);
    const doc = run.json<{
      pending: unknown[];
      applied: unknown[];
      schemaVersion: number;
      latestVersion: number;
    }>();
    expect(schemaErrors('dbMigrate', [doc])).toEqual([]);
    expect(doc.pending).toEqual([]);
    expect(doc.schemaVersion).toBe(doc.latestVersion);
    expect(doc.applied.length).toBe(doc.latestVersion);
    expect((await sm(['db', 'migrate'])).stdout).toContain('up to date');
  });
});
