// The administration of the database file behind `sm db`: zone row counts and resets, backups, validated atomic
// restores, SQL dumps and the migration ledger. Every write is whole or nothing: a reset is one transaction, a backup
// and a restore are written to a temporary file and renamed into place.
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { AdapterError } from '../errors.js';
import { damageOf } from './damage.js';
import { Database } from './driver.js';
import { inspectSchema } from './migrate.js';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from './migrations/index.js';

type Db = InstanceType<typeof Database>;

/** The table zones of spec §9.2. */
export type DbZone = 'scan' | 'state' | 'config';

/** One table and its row count. */
export interface TableRows {
  readonly table: string;
  readonly rows: number;
}

/** What a database file is, as far as a restore or a status needs to know. */
export interface DbFileFacts {
  readonly path: string;
  readonly bytes: number;
  readonly schemaVersion: number;
}

/** Applied and pending migrations of a database file. */
export interface MigrationStatus {
  readonly schemaVersion: number;
  readonly latestVersion: number;
  readonly applied: readonly { version: number; name: string; appliedAt: number | null }[];
  readonly pending: readonly { version: number; name: string }[];
}

function open(path: string, readonly: boolean): Db {
  try {
    const db = new Database(path, { readonly, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (err) {
    throw new AdapterError('DB_OPEN_FAILED', `could not open ${path}: ${(err as Error).message}`, {
      cause: err,
      data: { path },
    });
  }
}

function withDb<T>(path: string, readonly: boolean, fn: (db: Db) => T): T {
  const db = open(path, readonly);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

const quoteId = (name: string): string => `"${name.replace(/"/g, '""')}"`;

function userTables(db: Db): string[] {
  const rows = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .all() as { name: string }[];
  return rows.map((r) => r.name);
}

/** The zone of a table by its prefix (`plugin_<id>_*` tables belong to the state zone). */
export function zoneOf(table: string): DbZone | null {
  if (table.startsWith('scan_') || table === 'node_enrichments') return 'scan';
  if (table.startsWith('state_') || table.startsWith('plugin_')) return 'state';
  if (table.startsWith('config_')) return 'config';
  return null;
}

/** Row counts of every table of the given zones, by table name. */
export function zoneRows(path: string, zones: readonly DbZone[]): TableRows[] {
  return withDb(path, true, (db) =>
    userTables(db)
      .filter((t) => zones.includes(zoneOf(t) as DbZone))
      .map((table) => ({
        table,
        rows: (db.prepare(`SELECT count(*) AS n FROM ${quoteId(table)}`).get() as { n: number }).n,
      })),
  );
}

/** Deletes every row of the given zones' tables in ONE transaction; returns what was deleted per table. */
export function resetZones(path: string, zones: readonly DbZone[]): TableRows[] {
  const counts = zoneRows(path, zones);
  withDb(path, false, (db) => {
    db.pragma('foreign_keys = OFF');
    db.transaction(() => {
      for (const { table } of counts) db.exec(`DELETE FROM ${quoteId(table)}`);
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  });
  return counts;
}

/** Size and schema version of a database file; throws when it is not one this build can read. */
export function validateDbFile(path: string): DbFileFacts {
  if (!existsSync(path) || !statSync(path).isFile())
    throw new AdapterError('DB_NOT_FOUND', `no database file at ${path}`, { data: { path } });
  const bytes = statSync(path).size;
  const problem = bytes === 0 ? 'the file is empty' : damageOf(path, 5000, true);
  if (problem !== null)
    throw new AdapterError('DB_DAMAGED', `${path} is not a whole database: ${problem}`, { data: { path } });
  const s = withDb(path, true, (db) => inspectSchema(db));
  if (s.version === 0 || s.fingerprintMismatch)
    throw new AdapterError(
      'DB_SCHEMA_DRIFT',
      `${path} is not a database of this build of skill-map (schema ${s.version}, fingerprint mismatch: ${String(s.fingerprintMismatch)})`,
      { data: { path, dbVersion: s.version } },
    );
  if (s.version > LATEST_SCHEMA_VERSION)
    throw new AdapterError(
      'DB_SCHEMA_NEWER',
      `${path} was written by a newer skill-map (schema ${s.version}, this build knows ${LATEST_SCHEMA_VERSION})`,
      { data: { path, dbVersion: s.version } },
    );
  return { path, bytes, schemaVersion: s.version };
}

/** Copies a live database (its WAL included) into one self-contained file at `out`, written whole or not at all. */
export function backupDatabase(path: string, out: string): DbFileFacts {
  const tmp = `${out}.partial-${process.pid}`;
  rmSync(tmp, { force: true });
  try {
    withDb(path, true, (db) => db.prepare('VACUUM INTO ?').run(tmp));
    renameSync(tmp, out);
  } finally {
    rmSync(tmp, { force: true });
  }
  return {
    path: out,
    bytes: statSync(out).size,
    schemaVersion: withDb(out, true, (db) => inspectSchema(db).version),
  };
}

/**
 * Replaces the database at `path` with a validated copy of `source`. The copy is made and checked beside the live file
 * first; the live file (checkpointed) is kept as `<path>.pre-restore-<time>`; then the copy is renamed into place.
 */
export function restoreDatabase(
  source: string,
  path: string,
  now: Date = new Date(),
): { keptAs: string | null } {
  validateDbFile(source);
  const tmp = `${path}.restore-${process.pid}`;
  rmSync(tmp, { force: true });
  try {
    withDb(source, true, (db) => db.prepare('VACUUM INTO ?').run(tmp));
    validateDbFile(tmp);
    let keptAs: string | null = null;
    if (existsSync(path)) {
      withDb(path, false, (db) => db.pragma('wal_checkpoint(TRUNCATE)'));
      keptAs = `${path}.pre-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
      renameSync(path, keptAs);
    }
    for (const suffix of ['-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    renameSync(tmp, path);
    return { keptAs };
  } finally {
    rmSync(tmp, { force: true });
  }
}

function sqlValue(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (Buffer.isBuffer(v)) return `X'${v.toString('hex')}'`;
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return `'${text.replace(/'/g, "''")}'`;
}

/** An SQL dump of the given tables (all when empty): schema, rows, then their indexes, in one transaction. */
export function* dumpSql(path: string, tables: readonly string[] = []): Generator<string> {
  const db = open(path, true);
  try {
    const known = userTables(db);
    const unknown = tables.filter((t) => !known.includes(t));
    if (unknown.length > 0)
      throw new AdapterError('DB_QUERY_FAILED', `no table ${unknown.join(', ')} in ${path}`, {
        data: { path, tables: unknown, known },
      });
    const chosen = tables.length === 0 ? known : known.filter((t) => tables.includes(t));
    yield 'PRAGMA foreign_keys=OFF;';
    yield 'BEGIN TRANSACTION;';
    const ddl = db.prepare(`SELECT sql FROM sqlite_master WHERE name = ? AND type = 'table'`);
    for (const table of chosen) {
      yield `${(ddl.get(table) as { sql: string }).sql};`;
      for (const row of db
        .prepare(`SELECT * FROM ${quoteId(table)}`)
        .raw()
        .iterate() as Iterable<unknown[]>)
        yield `INSERT INTO ${quoteId(table)} VALUES(${row.map(sqlValue).join(',')});`;
    }
    const indexes = db
      .prepare(
        `SELECT tbl_name AS t, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name`,
      )
      .all() as { t: string; sql: string }[];
    for (const i of indexes) if (chosen.includes(i.t)) yield `${i.sql};`;
    yield 'COMMIT;';
  } finally {
    db.close();
  }
}

/** The migration ledger of a database file against the migrations this build ships. */
export function migrationStatus(path: string): MigrationStatus {
  return withDb(path, true, (db) => {
    const version = db.pragma('user_version', { simple: true }) as number;
    const hasLedger =
      db
        .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'config_schema_versions'`)
        .get() !== undefined;
    const ledger = hasLedger
      ? (db
          .prepare(
            `SELECT version, name, applied_at AS appliedAt FROM config_schema_versions ORDER BY version`,
          )
          .all() as {
          version: number;
          name: string;
          appliedAt: number | null;
        }[])
      : [];
    return {
      schemaVersion: version,
      latestVersion: LATEST_SCHEMA_VERSION,
      applied: ledger,
      pending: MIGRATIONS.filter((m) => m.version > version).map((m) => ({
        version: m.version,
        name: m.name,
      })),
    };
  });
}
