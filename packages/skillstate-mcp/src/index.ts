// Public API of @skillstate/mcp.
export { McpServer } from './server.js';
export type { InputSource, McpServerOptions } from './server.js';
export { launch } from './launch.js';
export type { LaunchArgs } from './launch.js';
export { McpAdapter } from './adapter.js';
export type { McpConfigOptions, McpConfigTarget } from './adapter.js';
export { negotiateProtocolVersion, PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';
export type { ProtocolVersion } from './protocol.js';
export type { JsonRpcId, JsonRpcRequest } from './jsonrpc.js';
export type { McpToolResult } from './errors.js';
export { McpServerError } from './errors.js';
export type { McpServerErrorCode } from './errors.js';
export type { ToolAnnotations } from './tools/define-tool.js';
export { resolveHostStateForCwd } from '@skillstate/core';
