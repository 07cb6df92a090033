// Engines of skill-map shared by the CLI, the REST routes and the watcher.
export {
  runScan,
  type ScanMode,
  type ScanOptions,
  type ScanOutcome,
  type ScanTimings,
} from './scan-engine.js';
export { createScanWarmState, type CachedFile, type ScanWarmState } from './warm-state.js';
export { closeWarmStore } from './warm-store.js';
export type { ScanFileEvent } from './file-pass.js';
export type { KernelPort } from './kernel-port.js';
export { scanConfigFrom, type ScanConfigView } from './scan-settings.js';
export { severityCounts } from './scan-outcome.js';
