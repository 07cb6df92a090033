// @skillstate/cli: the `skillstate` command line and its pure host adapters.
export { main } from './main.js';
export type { MainIo } from './main.js';
export { CliError, EXIT } from './errors.js';
export type { CliErrorCode } from './errors.js';
export { HOST_NAMES, detectHosts, parseHostList } from './hosts.js';
export type { HostName } from './hosts.js';
export { defaultServerCommand, resolveMcpBin } from './server-command.js';
export type { ServerCommand } from './server-command.js';
export { splitCommand } from './split-command.js';
export {
  adapterForFormat,
  claudeAdapter,
  claudeEntry,
  codexAdapter,
  cursorAdapter,
  cursorEntry,
  opencodeAdapter,
  opencodeEntry,
} from './adapters/host-configs.js';
export type { ConfigFormat, HostConfigAdapter } from './adapters/host-configs.js';
export { codexEntry, removeCodexEntry, renderCodexTable, upsertCodexEntry } from './adapters/codex-toml.js';
export { removeJsonEntry, upsertJsonEntry } from './adapters/json-config.js';
export type { AddResult, RemoveResult } from './adapters/json-config.js';
export { SKILL_RELATIVE_PATH, SKILL_TEXT } from './skill-text.js';
export type { InstallManifest, FileRecord } from './manifest.js';
