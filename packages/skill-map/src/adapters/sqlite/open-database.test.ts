import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAdapterError } from '../errors.js';
import { createTempTree } from '../testing/temp-tree.js';
import type { TempTree } from '../testing/temp-tree.js';
import { makeLink, makeNode, makeScan } from '../testing/scan-fixtures.js';
import { backupPath, migrate } from './migrate.js';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, schemaFingerprint } from './migrations/index.js';
import { defaultDbPath, openDatabase, tryOpenForRead } from './open-database.js';
import { openScanStore, tryOpenScanStoreForRead } from './store.js';

let tree: TempTree;
let dbPath: string;
beforeEach(() => {
  tree = createTempTree('sm-db-');
  dbPath = defaultDbPath(tree.root);
});
afterEach(() => tree.remove());

function seed(): void {
  const store = openScanStore({ path: dbPath, posture: 'write', create: true });
  store.persistScan(makeScan([makeNode('a.md'), makeNode('b.md')], [makeLink('a.md', 'b.md')]));
  store.close();
}

function raw(fn: (db: Database.Database) => void): void {
  mkdirSync(dirname(dbPath), { recursive: true });
  const db = new Database(dbPath);
  fn(db);
  db.close();
}

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

describe('openDatabase: creation and migrations', () => {
  it('creates <root>/.skill-map/skill-map.db with WAL, foreign keys, busy timeout and NORMAL sync', () => {
    const h = openDatabase({ path: dbPath, posture: 'write', create: true });
    expect(dbPath).toBe(join(tree.root, '.skill-map', 'skill-map.db'));
    // A created file takes its first (bulk) write in rollback-journal mode and switches to WAL after it.
    expect(h.db.pragma('journal_mode', { simple: true })).toBe('delete');
    h.enableWal();
    expect(h.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(h.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(h.db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(h.db.pragma('synchronous', { simple: true })).toBe(1);
    expect(h.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION);
    const tables = h.db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
      .pluck()
      .all();
    expect(tables).toEqual(
      expect.arrayContaining([
        'scan_nodes',
        'scan_links',
        'scan_issues',
        'scan_issue_nodes',
        'scan_meta',
        'scan_file_cache',
        'state_jobs',
        'state_job_contents',
        'state_executions',
        'state_summaries',
        'state_findings',
        'state_enrichments',
        'state_plugin_kvs',
        'state_node_favorites',
        'config_preferences',
        'config_schema_versions',
      ]),
    );
    expect(readFileSync(join(tree.root, '.skill-map', '.gitignore'), 'utf8')).toContain('skill-map.db*');
    const ledger = h.db.prepare(`SELECT version, name, fingerprint FROM config_schema_versions`).all();
    expect(ledger).toEqual(
      MIGRATIONS.map((m) => ({
        version: m.version,
        name: m.name,
        fingerprint: schemaFingerprint(m.version),
      })),
    );
    h.close();
  });

  it('applies migrations once: reopening leaves the ledger alone', () => {
    openDatabase({ path: dbPath, posture: 'write', create: true }).close();
    const h = openDatabase({ path: dbPath, posture: 'write' });
    expect(h.db.prepare(`SELECT COUNT(*) FROM config_schema_versions`).pluck().get()).toBe(MIGRATIONS.length);
    h.close();
  });

  it('stamps the schema fingerprint (sha256 over the bundled DDL) in scan_meta', () => {
    seed();
    expect(schemaFingerprint()).toMatch(/^[0-9a-f]{64}$/);
    expect(schemaFingerprint(0)).not.toBe(schemaFingerprint(1));
    const h = openDatabase({ path: dbPath, posture: 'read' });
    expect(h.db.prepare(`SELECT schema_fingerprint FROM scan_meta`).pluck().get()).toBe(schemaFingerprint());
    h.close();
  });

  it('enforces one live job per (extension, node, content hash) through the unique partial index', () => {
    const h = openDatabase({ path: dbPath, posture: 'write', create: true });
    const insert = h.db.prepare(
      `INSERT INTO state_jobs (id, extension_id, extension_version, extension_kind, node_id, content_hash, nonce, status, created_at)
       VALUES (?, 'core/x', '1', 'action', 'a.md', 'h', 'n', ?, 0)`,
    );
    insert.run('d-1', 'completed');
    insert.run('d-2', 'queued');
    expect(() => insert.run('d-3', 'running')).toThrow(/UNIQUE/);
    h.close();
  });
});

describe('migrate: upgrades', () => {
  const L = LATEST_SCHEMA_VERSION;
  const next = [
    ...MIGRATIONS,
    { version: L + 1, name: 'next-test', sql: 'CREATE TABLE scan_extra (x INTEGER);' },
  ];

  it('backs up an existing database, then applies the pending migrations and records them', () => {
    seed();
    const h = openDatabase({ path: dbPath, posture: 'write' });
    expect(migrate(h.db, dbPath, next)).toBe(1);
    expect(h.db.pragma('user_version', { simple: true })).toBe(L + 1);
    expect(
      h.db.prepare(`SELECT version, fingerprint FROM config_schema_versions ORDER BY version`).all(),
    ).toEqual(next.map((m) => ({ version: m.version, fingerprint: schemaFingerprint(m.version, next) })));
    h.close();
    const backup = new Database(backupPath(dbPath, L, L + 1), { readonly: true });
    expect(backup.prepare(`SELECT COUNT(*) FROM scan_nodes`).pluck().get()).toBe(2);
    backup.close();
  });

  it('rolls a failed migration back entirely', () => {
    seed();
    const h = openDatabase({ path: dbPath, posture: 'write' });
    const bad = [
      ...MIGRATIONS,
      { version: L + 1, name: 'next-bad', sql: 'CREATE TABLE ok (x); CREATE TABLE broken (;' },
    ];
    expect(() => migrate(h.db, dbPath, bad)).toThrow(
      expect.objectContaining({ code: 'DB_MIGRATION_FAILED' }),
    );
    expect(h.db.pragma('user_version', { simple: true })).toBe(L);
    expect(h.db.prepare(`SELECT name FROM sqlite_master WHERE name = 'ok'`).get()).toBeUndefined();
    h.close();
  });
});

describe('openDatabase: missing database', () => {
  it('is empty for reads and an error for writes that need it', () => {
    expect(tryOpenForRead(dbPath)).toBeNull();
    expect(tryOpenScanStoreForRead(dbPath)).toBeNull();
    const err = caught(() => openDatabase({ path: dbPath, posture: 'write' }));
    expect(isAdapterError(err, 'DB_NOT_FOUND')).toBe(true);
    expect((err as Error).message).toContain('run `sm scan`');
    expect(existsSync(dbPath)).toBe(false);
  });
});

describe('openDatabase: drift postures', () => {
  it('refuses to WRITE a database written by a newer schema, with what happened and what to do', () => {
    seed();
    const newer = LATEST_SCHEMA_VERSION + 1;
    raw((db) => db.pragma(`user_version = ${newer}`));
    const err = caught(() => openScanStore({ path: dbPath, posture: 'write' }));
    expect(isAdapterError(err, 'DB_SCHEMA_NEWER')).toBe(true);
    expect((err as Error).message).toBe(
      `this database was written by a newer skill-map (schema ${newer}, this build knows ${LATEST_SCHEMA_VERSION}); upgrade skill-map, ` +
        `or delete ${dbPath} and run \`sm scan\` to rebuild it (jobs, findings and other state are lost)`,
    );
    // Even a drift-owning open does not destroy a newer database.
    expect(() => openScanStore({ path: dbPath, posture: 'write', onDrift: 'rebuild' })).toThrow(
      /newer skill-map/,
    );
  });

  it('degrades a READ of a newer-schema database: data it can read plus an advisory', () => {
    seed();
    raw((db) => db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`));
    const store = tryOpenScanStoreForRead(dbPath);
    expect(store?.advisory?.kind).toBe('newer-schema');
    expect(store?.advisory?.message).toMatch(
      new RegExp(`newer skill-map \\(schema ${LATEST_SCHEMA_VERSION + 1}.*showing what this build can read`),
    );
    expect(store?.loadScan().nodes.map((n) => n.path)).toEqual(['a.md', 'b.md']);
    store?.close();
  });

  it('turns a read that hits a missing column into the drift advisory, not raw SQL', () => {
    seed();
    raw((db) => {
      db.exec('ALTER TABLE scan_links DROP COLUMN raw; ALTER TABLE scan_links DROP COLUMN extra_json');
      db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    });
    const store = tryOpenScanStoreForRead(dbPath);
    const err = caught(() => store?.loadScan());
    expect(isAdapterError(err, 'DB_SCHEMA_DRIFT')).toBe(true);
    expect((err as Error).message).toMatch(/^this database was written by a newer skill-map/);
    store?.close();
  });

  it('refuses a WRITE on fingerprint drift, advises on READ, and rebuilds only when the opener owns drift', () => {
    seed();
    raw((db) => db.prepare(`UPDATE config_schema_versions SET fingerprint = 'other'`).run());
    const err = caught(() => openScanStore({ path: dbPath, posture: 'write' }));
    expect(isAdapterError(err, 'DB_SCHEMA_DRIFT')).toBe(true);
    expect((err as Error).message).toMatch(/schema fingerprint mismatch.*run `sm scan` to rebuild/);
    const reader = tryOpenScanStoreForRead(dbPath);
    expect(reader?.advisory?.kind).toBe('fingerprint-mismatch');
    expect(reader?.loadScan().nodes).toHaveLength(2);
    reader?.close();
    const rebuilt = openScanStore({ path: dbPath, posture: 'write', onDrift: 'rebuild' });
    expect(rebuilt.loadScan().nodes).toEqual([]);
    rebuilt.close();
  });

  it('treats a scan_meta fingerprint from another build as drift too', () => {
    seed();
    raw((db) => db.prepare(`UPDATE scan_meta SET schema_fingerprint = 'x'`).run());
    expect(() => openScanStore({ path: dbPath, posture: 'write' })).toThrow(
      expect.objectContaining({ code: 'DB_SCHEMA_DRIFT' }),
    );
  });

  it('refuses to migrate a foreign SQLite file', () => {
    raw((db) => db.exec('CREATE TABLE unrelated (x)'));
    expect(() => openScanStore({ path: dbPath, posture: 'write' })).toThrow(
      expect.objectContaining({ code: 'DB_SCHEMA_DRIFT' }),
    );
  });

  it('reports a file that is not SQLite as DB_DAMAGED; the rebuild open moves it aside and starts afresh', () => {
    const text = 'this is not sqlite at all, just text padding '.repeat(40);
    tree.write({ '.skill-map/skill-map.db': text });
    expect(() => openScanStore({ path: dbPath, posture: 'write' })).toThrow(
      expect.objectContaining({ code: 'DB_DAMAGED' }),
    );
    expect(() => openScanStore({ path: dbPath, posture: 'read' })).toThrow(
      expect.objectContaining({ code: 'DB_DAMAGED' }),
    );
    const store = openScanStore({ path: dbPath, posture: 'write', onDamage: 'move-aside' });
    try {
      expect(store.movedAside).toMatch(/skill-map\.db\.damaged-\d{4}-\d\d-\d\dT[\d-]+Z$/);
      expect(readFileSync(store.movedAside!, 'utf8')).toBe(text);
      expect(store.loadScan().nodes).toEqual([]);
    } finally {
      store.close();
    }
  });
});
