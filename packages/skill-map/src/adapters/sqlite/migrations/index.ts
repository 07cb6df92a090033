import { createHash } from 'node:crypto';
import { MIGRATION_001_INITIAL } from './001-initial.js';
import { MIGRATION_002_COMPACT_SCAN_ZONE } from './002-compact-scan-zone.js';
import { MIGRATION_003_RESOLUTION_INDEX } from './003-resolution-index.js';
import { MIGRATION_004_PATCH_READS } from './004-patch-reads.js';
import { MIGRATION_005_PATCH_LOOKUPS } from './005-patch-lookups.js';
import { MIGRATION_006_ACTIVITY_SEEN } from './006-activity-seen.js';

/** One numbered, up-only schema migration. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** The migration ledger; created before any migration runs, so it is part of every fingerprint. */
export const LEDGER_DDL = `CREATE TABLE IF NOT EXISTS config_schema_versions (
  version INTEGER PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  applied_at INTEGER NOT NULL
);`;

/** Every migration this build knows, in order. Append only; never edit a shipped one. */
export const MIGRATIONS: readonly Migration[] = Object.freeze([
  { version: 1, name: '001-initial', sql: MIGRATION_001_INITIAL },
  { version: 2, name: '002-compact-scan-zone', sql: MIGRATION_002_COMPACT_SCAN_ZONE },
  { version: 3, name: '003-resolution-index', sql: MIGRATION_003_RESOLUTION_INDEX },
  { version: 4, name: '004-patch-reads', sql: MIGRATION_004_PATCH_READS },
  { version: 5, name: '005-patch-lookups', sql: MIGRATION_005_PATCH_LOOKUPS },
  { version: 6, name: '006-activity-seen', sql: MIGRATION_006_ACTIVITY_SEEN },
]);

/** The highest schema version this build can write. */
export const LATEST_SCHEMA_VERSION = MIGRATIONS.reduce((max, m) => Math.max(max, m.version), 0);

/**
 * sha256 over the ledger DDL and the DDL of migrations 1..`version` (the cumulative fingerprint). Two builds
 * that agree on a version number but ship different DDL for it get different fingerprints.
 */
export function schemaFingerprint(
  version: number = LATEST_SCHEMA_VERSION,
  migrations: readonly Migration[] = MIGRATIONS,
): string {
  // The bundled migrations never change in a process: every open checks against them, so hash each version once.
  if (migrations === MIGRATIONS) {
    let known = BUNDLED_FINGERPRINTS.get(version);
    if (known === undefined) BUNDLED_FINGERPRINTS.set(version, (known = fingerprintOf(version, migrations)));
    return known;
  }
  return fingerprintOf(version, migrations);
}

const BUNDLED_FINGERPRINTS = new Map<number, string>();

function fingerprintOf(version: number, migrations: readonly Migration[]): string {
  const hash = createHash('sha256').update(LEDGER_DDL);
  for (const m of migrations) {
    if (m.version > version) break;
    hash.update(`\0${m.version}\0${m.sql}`);
  }
  return hash.digest('hex');
}
