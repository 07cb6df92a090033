export { dumpSidecar, parseSidecarText, readSidecarFile, writeSidecarText } from './sidecar-file.js';
export type { SidecarFileState } from './sidecar-file.js';
export { lockFileFor, STALE_LOCK_MS, withPathLock } from './path-lock.js';
