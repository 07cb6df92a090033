import type { Database as Db } from 'better-sqlite3';
import { AdapterError } from '../errors.js';
import { LATEST_SCHEMA_VERSION, LEDGER_DDL, MIGRATIONS, schemaFingerprint } from './migrations/index.js';
import type { Migration } from './migrations/index.js';

/** What the database says about its own schema. */
export interface SchemaInspection {
  /** `PRAGMA user_version`: the highest migration applied (0 = fresh file). */
  readonly version: number;
  /** True when the DDL behind `version` is not the DDL this build ships for it (or the file is foreign). */
  readonly fingerprintMismatch: boolean;
}

function tableExists(db: Db, name: string): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;
}

function ledgerFingerprint(db: Db, version: number): string | undefined {
  const row = db.prepare(`SELECT fingerprint FROM config_schema_versions WHERE version = ?`).get(version) as
    { fingerprint: string } | undefined;
  return row?.fingerprint;
}

function metaFingerprint(db: Db): string | null {
  if (!tableExists(db, 'scan_meta')) return null;
  try {
    const row = db.prepare(`SELECT schema_fingerprint AS f FROM scan_meta WHERE id = 1`).get() as
      { f: string | null } | undefined;
    return row?.f ?? null;
  } catch {
    // A scan_meta without the column is a foreign or pre-fingerprint layout.
    return 'missing-column';
  }
}

/** Reads the schema version and checks its fingerprint against this build's (two axes of spec §9.3). */
export function inspectSchema(db: Db): SchemaInspection {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === 0) {
    const foreign =
      db
        .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' LIMIT 1`)
        .get() !== undefined;
    return { version, fingerprintMismatch: foreign };
  }
  if (version > LATEST_SCHEMA_VERSION) return { version, fingerprintMismatch: false };
  if (!tableExists(db, 'config_schema_versions')) return { version, fingerprintMismatch: true };
  if (ledgerFingerprint(db, version) !== schemaFingerprint(version))
    return { version, fingerprintMismatch: true };
  const meta = metaFingerprint(db);
  const mismatch = version === LATEST_SCHEMA_VERSION && meta !== null && meta !== schemaFingerprint();
  return { version, fingerprintMismatch: mismatch };
}

/** The file an existing database is copied to before it is migrated from `from` to `to`. */
export function backupPath(path: string, from: number, to: number): string {
  return `${path}.pre-v${to}-from-v${from}.bak`;
}

/**
 * Applies every bundled migration above the file's `user_version` in ONE transaction, recording each in
 * `config_schema_versions` with its cumulative fingerprint. An existing database is backed up first
 * (`VACUUM INTO`), so a failed upgrade never loses state.
 */
export function migrate(db: Db, path: string, migrations: readonly Migration[] = MIGRATIONS): number {
  const from = db.pragma('user_version', { simple: true }) as number;
  const to = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  if (from >= to) return 0;
  // Security: the backup path is derived from the DB path we were given, never from DB content.
  if (from > 0) db.prepare(`VACUUM INTO ?`).run(backupPath(path, from, to));
  const pending = migrations.filter((m) => m.version > from);
  const apply = db.transaction(() => {
    db.exec(LEDGER_DDL);
    const record = db.prepare(
      `INSERT INTO config_schema_versions (version, name, fingerprint, applied_at) VALUES (?, ?, ?, ?)`,
    );
    for (const m of pending) {
      db.exec(m.sql);
      record.run(m.version, m.name, schemaFingerprint(m.version, migrations), Date.now());
      db.pragma(`user_version = ${m.version}`);
    }
  });
  try {
    apply();
  } catch (err) {
    throw new AdapterError(
      'DB_MIGRATION_FAILED',
      `could not migrate ${path} from schema ${from} to ${to}: ${(err as Error).message}`,
      {
        cause: err,
        data: { path, from, to },
      },
    );
  }
  return pending.length;
}
