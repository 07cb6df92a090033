export { confineSidecar } from './confine.js';
export type { ConfinedSidecar, SidecarRefusal } from './confine.js';
export {
  dumpSidecar,
  parseSidecarText,
  readSidecarFile,
  SIDECAR_MAX_BYTES,
  writeSidecarText,
} from './sidecar-file.js';
export type { SidecarFileState } from './sidecar-file.js';
export { lockFileFor, STALE_LOCK_MS, withPathLock } from './path-lock.js';
