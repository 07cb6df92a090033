// Engines of skill-map shared by the CLI, the REST routes and the watcher.
export {
  runScan,
  type ScanMode,
  type ScanOptions,
  type ScanOutcome,
  type ScanTimings,
} from './scan/scan-engine.js';
export { createScanWarmState, type CachedFile, type ScanWarmState } from './scan/warm-state.js';
export { closeWarmStore } from './scan/warm-store.js';
export type { ScanFileEvent } from './scan/file-pass.js';
export type { KernelPort } from './scan/kernel-port.js';
export { scanConfigFrom, type ScanConfigView } from './scan/scan-settings.js';
export { severityCounts } from './scan/scan-outcome.js';
export {
  doctorReport,
  listPlugins,
  referenceDoctorReport,
  pluginById,
  setPluginEnabled,
  setPluginTrust,
  type PluginScope,
} from './plugins/manage.js';
export { slotCatalog, type CatalogEntry, type SlotCatalog } from './plugins/slots.js';
export { loadPlugins, type LoadedPlugins, type PluginLoadOptions } from './plugins/load.js';
export { hookWarnings, hooksOf } from './hooks/fire.js';
export type { PluginExtensionState, PluginState, PluginStatus } from './plugins/types.js';
export {
  mcpEnabledIn,
  readMcpServerEnabled,
  setMcpServerEnabled,
  type SettingsView,
} from './settings/mcp-setting.js';
export { pluginMigrationPlan } from './plugins/storage.js';
