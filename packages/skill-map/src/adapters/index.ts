// Node-only adapters of skill-map: filesystem walk, SQLite store, layered config, operations log.
// Composition roots (CLI main, `sm serve`) construct these; the kernel never imports them.
export {
  AdapterError,
  isAdapterError,
  REBUILD_COMMAND,
  withRebuildAdvice,
  type AdapterErrorCode,
} from './errors.js';
export { emptyScanResult } from './domain.js';

export { walkProject, SKILLMAPIGNORE_FILE } from './fs/walk.js';
export { isIgnoredByScan, refreshWalk } from './fs/refresh-walk.js';
export { NODE_FS, type DirEntry, type FileStat, type FsPort } from './fs/fs-port.js';
export { DEFAULT_IGNORED_DIRS, DEFAULT_IGNORED_FILE_SUFFIXES } from './fs/ignore-rules.js';
export { fromSidecarPath, isSidecarPath, toSidecarPath, SIDECAR_EXTENSION } from './fs/sidecar-path.js';
export { writeFileAtomicSync } from './fs/atomic-write.js';
export { readBaselineText, writeBaselineText } from './fs/baseline-file.js';
export { fileIdentity } from './fs/file-identity.js';
export {
  DEFAULT_MAX_FILE_SIZE_BYTES,
  DEFAULT_MAX_SCAN,
  type SkipReason,
  type SkippedEntry,
  type TruncationInfo,
  type WalkOptions,
  type WalkProgressEvent,
  type WalkResult,
  type WalkedFile,
} from './fs/walk-types.js';

export {
  DEFAULT_DB_RELATIVE_PATH,
  defaultDbPath,
  openDatabase,
  tryOpenForRead,
  type DbHandle,
  type DbPosture,
  type DriftAdvisory,
  type OpenDatabaseOptions,
} from './sqlite/open-database.js';
export { createScanStore, openScanStore, tryOpenScanStoreForRead, type ScanStore } from './sqlite/store.js';
export { assertNotDamaged, damagedError, damageOf } from './sqlite/damage.js';
export type { IssueQuery, NodeBundle, Page } from './sqlite/scan-reader.js';
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, clampPage } from './sqlite/scan-reader.js';
export type { LinkQuery, NodeQuery, NodeSummary } from './sqlite/node-queries.js';
export { globToRegExp } from './sqlite/node-queries.js';
export type { DiffCounts, PersistOptions, PersistReport } from './sqlite/scan-writer.js';
export type { PersistIndex } from './sqlite/persist-index.js';
export type { ScanMeta, ScanMetaExtras } from './sqlite/scan-meta.js';
export type { FileCacheChanges, FileCacheEntry } from './sqlite/file-cache.js';
export type { SuppressionKey } from './sqlite/annotations.js';
export type { RenameMove } from './sqlite/renames.js';
export {
  LATEST_SCHEMA_VERSION,
  MIGRATIONS,
  schemaFingerprint,
  type Migration,
} from './sqlite/migrations/index.js';

export {
  loadConfig,
  overridesFromEnv,
  readSettingsFile,
  LOCAL_SETTINGS_FILE,
  PROJECT_SETTINGS_FILE,
  type ConfigEntry,
  type ConfigLayer,
  type LoadConfigOptions,
  type LoadedConfig,
} from './config/layered-config.js';
export {
  parseConfigValue,
  setConfigValue,
  unsetConfigValue,
  type ConfigWriteOptions,
  type ConfigWriteResult,
  type WritableLayer,
} from './config/config-write.js';
export { DEFAULT_CONFIG, PROJECT_LOCAL_ONLY_KEYS, isProjectLocalOnly } from './config/defaults.js';
export { lookupKey, validateLeaf } from './config/config-schema.js';

export {
  createOpsLog,
  formatOpsLine,
  OPS_LOG_DIR,
  OPS_LOG_FILE,
  type OpsChannel,
  type OpsLog,
  type OpsLogEntry,
  type OpsLogOptions,
} from './ops-log.js';
export {
  backupDatabase,
  dumpSql,
  migrationStatus,
  resetZones,
  restoreDatabase,
  validateDbFile,
  zoneRows,
  type DbFileFacts,
  type DbZone,
  type MigrationStatus,
  type TableRows,
} from './sqlite/db-admin.js';
export { readExecutions, type ExecutionFilter, type ExecutionRow } from './sqlite/history.js';
export {
  autoRenameSource,
  findOrphans,
  reconcileOrphan,
  undoRename,
  type OrphanPath,
} from './sqlite/orphans.js';
export { probeStore, type StoreProbe } from './sqlite/doctor-probes.js';
export { applyPluginMigrations, type PluginMigration } from './sqlite/plugin-migrations.js';
