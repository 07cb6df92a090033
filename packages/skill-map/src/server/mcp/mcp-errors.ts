import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { isServerError, toServerError } from '../errors.js';
import { UnknownToolError } from './mcp-catalog.js';
import type { ServerLogger } from '../ports.js';

/** Appends `(details.key = '…')` when a refusal names a config key, so it survives clients that show only text. */
function withKey(message: string, details: Readonly<Record<string, unknown>> | null): string {
  const key = details?.['key'];
  return typeof key === 'string' && !message.includes(`details.key`)
    ? `${message} (details.key = '${key}')`
    : message;
}

/**
 * The one MCP error mapping (decision, see docs): bad input (schema violations, export-grammar errors,
 * scope conflicts) and unknown names or paths are JSON-RPC `-32602` errors, as the contract states for an
 * unknown `get_node` path, with `data` carrying the details; protocol errors pass through; anything
 * unexpected is `-32603` with a generic message (the cause is logged, never leaked).
 */
export function toProtocolError(thrown: unknown, logger: ServerLogger): ProtocolError {
  const err = toServerError(thrown);
  if (err instanceof ProtocolError) return err;
  if (err instanceof UnknownToolError)
    return new ProtocolError(ProtocolErrorCode.InvalidParams, err.message, { tool: err.toolName });
  if (err instanceof z.ZodError) {
    return new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Invalid params: ${z.prettifyError(err).replace(/\n\s*/g, '; ')}`,
      {
        issues: err.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
      },
    );
  }
  if (isServerError(err)) {
    switch (err.code) {
      case 'bad-query':
      case 'not-found':
        return new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          err.message,
          err.details === null ? undefined : { ...err.details },
        );
      case 'path-outside-root':
        return new ProtocolError(ProtocolErrorCode.InvalidParams, err.message, {
          code: err.code,
          ...(err.details === null ? {} : err.details),
        });
      case 'ambiguous-extension':
      case 'unsupported-extension':
      case 'unknown-analyzer':
      case 'no-processing-agent':
      case 'confirm-required':
      case 'sidecar-writers-forbidden':
      case 'sidecar-invalid':
      case 'finding-not-dismissible':
      case 'action-failed':
      case 'node-drifted':
      case 'db-missing':
        // Refusals of the operable surface: -32602 with the code (and `key` for consent) in `data`, and the key
        // named in the message too, since some clients show only the text.
        return new ProtocolError(ProtocolErrorCode.InvalidParams, withKey(err.message, err.details), {
          code: err.code,
          ...(err.details === null ? {} : err.details),
        });
      case 'db-drift':
      case 'db-damaged':
      case 'job-file-missing':
        return new ProtocolError(ProtocolErrorCode.InternalError, err.message, { code: err.code });
      default:
        break;
    }
  }
  logger.error('MCP request failed', err);
  return new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error');
}
