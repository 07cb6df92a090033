// @skillstate/core: the pure runtime plus the Node persistence helpers around it.
export * from './pure.js';
export { atomicWriteFile, atomicWriteFileSync, fsyncDirectorySync } from './node/atomic-write.js';
export {
  CONFIG_FILE_MAX_BYTES,
  LOCK_FILE_MAX_BYTES,
  STATE_FILE_MAX_BYTES,
  readBoundedFileSync,
  readBoundedTextSync,
} from './node/bounded-read.js';
export { STATE_DIR_NAME, STATE_FILE_NAME, resolveHostStateForCwd, resolveStatePath } from './node/paths.js';
export type { HostStateLocation } from './node/paths.js';
export {
  DEFAULT_LOCK_TIMEOUT_MS,
  DEFAULT_LOCK_TTL_MS,
  LOCK_RETRY_DELAY_MS,
  acquireLock,
  withStateLock,
} from './node/lock.js';
export type { LockHandle, LockOptions } from './node/lock.js';
export {
  checkedStateText,
  formatEnvelope,
  loadStateOrDefaults,
  readStateFile,
  stateUnreadableError,
  writeStateFileSync,
} from './node/state-file.js';
export type { StateFileRead } from './node/state-file.js';
export { DIFF_BASELINE_NAME, readDiffBaseline, writeDiffBaseline } from './node/baseline.js';
export {
  CHECKPOINTS_DIR_NAME,
  listCheckpoints,
  readCheckpoint,
  writeCheckpoint,
} from './node/checkpoints.js';
export type { CheckpointInfo, CheckpointRecord } from './node/checkpoints.js';
export {
  SESSION_META_NAME,
  readSessionMeta,
  sessionMetaPath,
  writeSessionMeta,
} from './node/session-meta.js';
export { installShutdown } from './node/shutdown.js';
export type { ShutdownSave } from './node/shutdown.js';
export { PROJECT_SPEC_NAME, readSpecFile, resolveSpec } from './node/spec-file.js';
export type { ResolveSpecOptions, ResolvedSpec, SpecSource } from './node/spec-file.js';
export { FileStore, MemoryStore, preserveUnreadableFile, snapshotStateFile } from './node/store.js';
export type { StateStore } from './node/store.js';
