import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ServerLogger } from '../ports.js';
import type { ToolCallContext } from './define-tool.js';
import type { McpCatalog } from './mcp-catalog.js';
import { toProtocolError } from './mcp-errors.js';

/** The `params` of a `tools/call` request as it arrives: nothing is trusted yet. */
export interface ToolCallParams {
  name?: unknown;
  arguments?: unknown;
  _meta?: { progressToken?: unknown };
}

/**
 * THE `tools/call` dispatch, shared by the protocol core's fallback hook (every era, every transport) and
 * the lean HTTP transport's direct path: params checks, the catalog call, and the one error mapping. Every
 * failure leaves as a ProtocolError (unknown tool and bad input are `-32602`).
 */
export async function runToolCall(
  catalog: McpCatalog,
  rawParams: unknown,
  logger: ServerLogger,
  ctx: ToolCallContext,
): Promise<CallToolResult> {
  const params = (rawParams ?? {}) as ToolCallParams;
  if (typeof params.name !== 'string')
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'Invalid tools/call request: params.name must be a string',
    );
  const args = params.arguments;
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      'Invalid tools/call request: params.arguments must be an object',
    );
  }
  try {
    return await catalog.callTool(params.name, args, ctx);
  } catch (err) {
    throw toProtocolError(err, logger);
  }
}
