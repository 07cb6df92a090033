// JSON-RPC 2.0 message shapes and the serialisers for what the server writes.

/** A request id. `null` is answered like any other id. */
export type JsonRpcId = string | number | null;

/** A JSON-RPC request or notification as the server receives it (a notification has no `id` key). */
export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id?: JsonRpcId;
  method: string;
  params?: unknown;
}

/** The error member of an error response. */
export interface JsonRpcErrorBody {
  code: number;
  message: string;
  data?: unknown;
}

/** Standard and MCP error codes this server emits. */
export const RPC_CODES = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  SERVER_ERROR: -32000,
  UNSUPPORTED_PROTOCOL_VERSION: -32022,
} as const;

/** Serialises a success response. */
export function resultLine(id: JsonRpcId, result: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, result });
}

/** Serialises an error response. */
export function errorLine(id: JsonRpcId, error: JsonRpcErrorBody): string {
  return JSON.stringify({ jsonrpc: '2.0', id, error });
}

/** Serialises a notification. */
export function notificationLine(method: string, params: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', method, params });
}

/** True for a value JSON-RPC allows as an id. */
export function isValidId(value: unknown): value is JsonRpcId {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}
