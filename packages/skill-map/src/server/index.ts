// Public API of `sm serve` / `sm mcp` for the CLI and embedders. Node-only (sockets, SQLite, watcher).
export { runServe, type RunningServer } from './run-serve.js';
export {
  resolveMcpEnabled,
  resolveServeOptions,
  formatBaseUrl,
  type ResolvedServeOptions,
  type ServeOptions,
} from './serve-options.js';
export { createServer, type CreateServerOptions, type SkillMapServer } from './create-server.js';
export { runMcpStdio, type McpStdioDeps, type McpStdioOptions, type RunningMcpStdio } from './mcp/stdio.js';
export { ServerError, isServerError, type ServerErrorCode } from './errors.js';
export {
  createStderrLogger,
  KERNEL_FORMATTER,
  type ConfigPort,
  type GraphFormatter,
  type ScanPort,
  type ScanProgress,
  type ScanSummary,
  type ServerDeps,
  type ServerLogger,
} from './ports.js';
export {
  createSqliteMapReader,
  type ClosableMapReader,
  type SqliteMapReaderOptions,
} from './read/sqlite-map-reader.js';
export { createMemoryMapReader } from './read/memory-map-reader.js';
export type {
  BranchResult,
  IssueFilter,
  LinkFilter,
  MapReader,
  NodeBundle,
  Page,
  PageOf,
  ReaderStatus,
  ScanMeta,
} from './read/map-reader.js';
export { createEngineScanPort, type EngineScanPortOptions } from './scan/engine-scan-port.js';
export { readServeInfo, serveInfoPath, type ServeInfo } from './serve-info.js';
export { formatBanner, mcpRecipes } from './banner.js';
export { API_BODY_LIMIT_BYTES } from './http/read-json-body.js';
export { MCP_BODY_LIMIT_BYTES, type McpEndpointOptions } from './mcp/mcp-endpoint.js';
export { MCP_CAPABILITIES, MCP_SERVER_NAME } from './mcp/create-mcp-server.js';
export { createBroadcaster, type Broadcaster, type BroadcastEvent } from './ws/broadcaster.js';
export { createScanRunner, type ScanCompleted, type ScanRunner } from './scan/scan-runner.js';
export { startFileWatcher, type FileWatcher, type FileWatcherOptions } from './watcher/file-watcher.js';
