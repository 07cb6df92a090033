// The error type of this package and the ONE place where errors become wire shapes: JSON-RPC error bodies at
// the protocol boundary, `isError` tool results at the tool boundary. Every message is redacted on the way out.
import { isPlainObject, isSkillstateError, redactSecrets, redactValue } from '@skillstate/core';
import { RPC_CODES } from './jsonrpc.js';
import type { JsonRpcErrorBody } from './jsonrpc.js';

/** Stable codes for every failure this package raises. */
export type McpServerErrorCode =
  | 'PARSE_ERROR'
  | 'INVALID_REQUEST'
  | 'METHOD_NOT_FOUND'
  | 'INVALID_PARAMS'
  | 'UNSUPPORTED_PROTOCOL_VERSION'
  | 'NOT_INITIALIZED'
  | 'INVALID_ARGUMENT'
  | 'NO_TRACKER'
  | 'CONFIG_REFUSED';

/** The error class of @skillstate/mcp: a readonly `code`, optional `data`, and a chained `cause`. */
export class McpServerError extends Error {
  readonly code: McpServerErrorCode;
  readonly data: unknown;

  constructor(code: McpServerErrorCode, message: string, options: { data?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'McpServerError';
    this.code = code;
    this.data = options.data;
  }
}

/** The fixed text every gated call answers with while the project has no state directory. */
export const NOT_INITIALIZED_TEXT = 'no skillstate state in this directory — run `skillstate init`';

const PROTOCOL_CODES: Partial<Record<McpServerErrorCode, number>> = {
  PARSE_ERROR: RPC_CODES.PARSE_ERROR,
  INVALID_REQUEST: RPC_CODES.INVALID_REQUEST,
  METHOD_NOT_FOUND: RPC_CODES.METHOD_NOT_FOUND,
  INVALID_PARAMS: RPC_CODES.INVALID_PARAMS,
  UNSUPPORTED_PROTOCOL_VERSION: RPC_CODES.UNSUPPORTED_PROTOCOL_VERSION,
};

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Maps any error to a JSON-RPC error body. Protocol errors keep their code and data; expected domain failures
 * (an uninitialised project, an unreadable state file, a lock timeout) are `-32000` server errors; anything
 * else is an internal error. Security: the message is redacted.
 */
export function toRpcError(err: unknown): JsonRpcErrorBody {
  if (err instanceof McpServerError) {
    const code = PROTOCOL_CODES[err.code] ?? RPC_CODES.SERVER_ERROR;
    const body: JsonRpcErrorBody = { code, message: redactSecrets(err.message) };
    if (err.data !== undefined) body.data = err.data;
    return body;
  }
  if (isSkillstateError(err)) return { code: RPC_CODES.SERVER_ERROR, message: redactSecrets(err.message) };
  return { code: RPC_CODES.INTERNAL_ERROR, message: redactSecrets(`Internal error: ${messageOf(err)}`) };
}

/**
 * A tool result as MCP defines it: one text item, and the same content as `structuredContent` (the JSON the
 * text holds, or `{error}` for a refusal whose text is a message), which validates against the tool's
 * outputSchema.
 */
export interface McpToolResult {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent: Record<string, unknown>;
  isError?: boolean;
}

function toolResult(text: string, structured: unknown, isError: boolean): McpToolResult {
  const result: McpToolResult = {
    content: [{ type: 'text', text }],
    structuredContent: isPlainObject(structured) ? structured : { value: structured },
  };
  if (isError) result.isError = true;
  return result;
}

/**
 * Builds a refusal whose text is a plain message (never serialised JSON: use {@link jsonResult} for that);
 * its structured content is `{error: message}`. Security: the message is redacted.
 */
export function refusalResult(message: string): McpToolResult {
  const text = redactSecrets(message);
  return toolResult(text, { error: text }, true);
}

/**
 * Serialises a JSON value for the wire with its values redacted one by one, never the serialised text, so
 * the result is always valid JSON with every field present.
 */
export function redactedJson(value: unknown): string {
  return JSON.stringify(redactValue(value));
}

/**
 * Builds a tool result whose text is `value` as JSON and whose structured content is that same value.
 * Security: every string (and key) is redacted.
 */
export function jsonResult(value: unknown, isError = false): McpToolResult {
  const redacted = redactValue(value);
  return toolResult(JSON.stringify(redacted), redacted, isError);
}

/**
 * Maps an error thrown inside a tool to an `isError` result whose text reads `Error: <message>` and whose
 * structured content is `{error: <message>}`.
 */
export function toToolErrorResult(err: unknown): McpToolResult {
  const message = redactSecrets(messageOf(err));
  return toolResult(`Error: ${message}`, { error: message }, true);
}
