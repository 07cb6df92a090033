// The light errors module only: the CLI loads this file on every verb, and adapters/index.js loads SQLite.
import { isAdapterError, withRebuildAdvice } from '../adapters/errors.js';
import { isEngineError } from '../engines/errors.js';
import type { EngineErrorCode } from '../engines/errors.js';

/**
 * The one error class of `src/server`: a readonly kebab-case `code` (it is also the REST error code),
 * optional `details`, and a chained `cause`. Each boundary maps codes once: HTTP status in
 * `http/error-handler.ts`, JSON-RPC code in `mcp/mcp-errors.ts`, exit codes in the CLI.
 */
export type ServerErrorCode =
  // Boot (the CLI maps these to exit 2).
  | 'host-not-loopback'
  | 'bind-failed'
  | 'already-serving'
  | 'invalid-option'
  // Loopback gate and token.
  | 'host-not-allowed'
  | 'origin-not-allowed'
  | 'token-mismatch'
  // Request shape.
  | 'bad-query'
  | 'bad-json'
  | 'payload-too-large'
  | 'unsupported-media-type'
  | 'not-found'
  | 'path-outside-root'
  | 'method-not-allowed'
  // State.
  | 'scan-busy'
  | 'scan-failed'
  | 'scan-unavailable'
  | 'db-drift'
  | 'db-damaged'
  | 'db-missing'
  | 'shutting-down'
  | 'internal'
  // Operable surface (engines/errors.ts codes as they travel, plus the REST 409s of structured outcomes).
  | 'ambiguous-extension'
  | 'unsupported-extension'
  | 'unknown-analyzer'
  | 'no-processing-agent'
  | 'confirm-required'
  | 'sidecar-writers-forbidden'
  | 'sidecar-invalid'
  | 'hook-file-invalid'
  | 'job-file-missing'
  | 'finding-not-dismissible'
  | 'action-failed'
  | 'duplicate-job'
  | 'job-running'
  | 'node-drifted'
  | 'node-unreadable'
  | 'no-findings'
  | 'job-terminal'
  | 'nonce-mismatch'
  | 'job-not-running'
  | 'report-invalid'
  | 'finding-already-fixed'
  | 'finding-already-dismissed'
  | 'finding-already-open'
  | 'suppression-not-found'
  | 'issue-suppression-not-found';

/** A typed server failure; `details` travels to the REST `error.details` and MCP `error.data`. */
export class ServerError extends Error {
  readonly code: ServerErrorCode;
  readonly details: Readonly<Record<string, unknown>> | null;

  constructor(
    code: ServerErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServerError';
    this.code = code;
    this.details = options.details ?? null;
  }
}

/** How each engine failure travels through the server (REST code and status, MCP error): the one table. */
const ENGINE_TO_SERVER: Readonly<Record<EngineErrorCode, ServerErrorCode>> = {
  'invalid-input': 'bad-query',
  'not-found': 'not-found',
  'ambiguous-extension': 'ambiguous-extension',
  'unsupported-extension': 'unsupported-extension',
  'unknown-analyzer': 'unknown-analyzer',
  'no-processing-agent': 'no-processing-agent',
  'consent-required': 'confirm-required',
  'sidecar-writers-forbidden': 'sidecar-writers-forbidden',
  'sidecar-invalid': 'sidecar-invalid',
  'path-outside-root': 'path-outside-root',
  'hook-file-invalid': 'hook-file-invalid',
  'db-missing': 'db-missing',
  'job-file-missing': 'job-file-missing',
  'finding-not-dismissible': 'finding-not-dismissible',
  'action-failed': 'action-failed',
  'node-drifted': 'node-drifted',
  'baseline-invalid': 'bad-query',
  'baseline-exists': 'bad-query',
};

/**
 * The server's view of a failure from the adapters and engines: a damaged database is the user's to repair (the
 * message names the command), so it travels as `db-damaged` instead of an internal error; a write refused on
 * schema drift is `db-drift`; an engine refusal keeps its code and details; anything else is unchanged.
 */
export function toServerError(err: unknown): unknown {
  if (isAdapterError(err, 'DB_DAMAGED')) {
    return new ServerError('db-damaged', withRebuildAdvice(err.message), {
      details: { ...err.data },
      cause: err,
    });
  }
  if (isAdapterError(err, 'DB_SCHEMA_DRIFT') || isAdapterError(err, 'DB_SCHEMA_NEWER')) {
    return new ServerError('db-drift', err.message, { details: { ...err.data }, cause: err });
  }
  if (isEngineError(err)) {
    return new ServerError(ENGINE_TO_SERVER[err.code], err.message, {
      ...(err.details === null ? {} : { details: { ...err.details } }),
      cause: err,
    });
  }
  return err;
}

/** True when `err` is a ServerError, optionally of the given code. */
export function isServerError(err: unknown, code?: ServerErrorCode): err is ServerError {
  return err instanceof ServerError && (code === undefined || err.code === code);
}

/** Shorthand for the invalid-input failure every channel maps to 400 / -32602. */
export function badQuery(message: string, details?: Record<string, unknown>): ServerError {
  return new ServerError('bad-query', message, details === undefined ? {} : { details });
}

/** Shorthand for an unknown node or route. */
export function notFound(message: string, details?: Record<string, unknown>): ServerError {
  return new ServerError('not-found', message, details === undefined ? {} : { details });
}
