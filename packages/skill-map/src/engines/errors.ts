/**
 * The one error class of the operable engines (jobs, findings, sidecars, issue suppressions, extensions,
 * agent). A refusal the contract models as a structured outcome (`duplicate`, `nonce-mismatch`, ...) is
 * RETURNED as an outcome object, never thrown; what is thrown is a failure of the request itself. Each
 * channel maps `code` once: CLI exit code (cli/engine-exit.ts), REST status (server/http), MCP error
 * (server/mcp/mcp-errors.ts).
 */
export type EngineErrorCode =
  /** Bad input: an unknown filter value, a bad ttl, a path-like id (CLI 2, REST 400, MCP -32602). */
  | 'invalid-input'
  /** Unknown node / job / finding / extension (CLI 5, REST 404, MCP -32602). */
  | 'not-found'
  /** A bare extension id that names both an action and an analyzer (CLI 2, REST 400, MCP -32602). */
  | 'ambiguous-extension'
  /** A deterministic or nodeless extension where a probabilistic node job is needed. */
  | 'unsupported-extension'
  /** Dismiss with an analyzer id the live catalog does not know (refused before any write). */
  | 'unknown-analyzer'
  /** Operator submit with no `sm-process-jobs` skill installed for any host (`sm agent install`). */
  | 'no-processing-agent'
  /** Sidecar write without standing `allowEditSmFiles`, `confirm` or `always`; details.key = 'allowEditSmFiles'. */
  | 'consent-required'
  /** Team policy `allowSidecarWriters: false`: a hard block; details.key = 'allowSidecarWriters'. */
  | 'sidecar-writers-forbidden'
  /** A sidecar on disk that cannot be parsed or would not validate after the change (nothing written). */
  | 'sidecar-invalid'
  /** A sidecar whose folder or link leads out of the project once symlinks are resolved (CLI 2, REST 403). */
  | 'path-outside-root'
  /** A host hook file (`.claude/settings.local.json`, …) that cannot be parsed: never rewritten (CLI 2, REST 409). */
  | 'hook-file-invalid'
  /** Project database absent on a write (reads degrade to empty shapes instead). */
  | 'db-missing'
  /** A claimed job whose content row is gone: failed as `job-file-missing` and not handed out. */
  | 'job-file-missing'
  /** Kernel-origin findings are never dismissible by a person. */
  | 'finding-not-dismissible'
  /** A deterministic action (a plugin's) that threw, hung or answered something unusable: nothing written (CLI 2, REST 422). */
  | 'action-failed'
  /** The node's file changed since the last scan where a write would record its identity (CLI 2, REST 409). */
  | 'node-drifted'
  /** A baseline file that is missing, unreadable, not JSON or not of this format (CLI 2; nothing written). */
  | 'baseline-invalid'
  /** `sm baseline create` over an existing file without `force` (CLI 2; nothing written). */
  | 'baseline-exists';

/** A typed engine failure; `details` travels to REST `error.details`, MCP `error.data` and `--json` errors. */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly details: Readonly<Record<string, unknown>> | null;

  constructor(
    code: EngineErrorCode,
    message: string,
    options: { details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'EngineError';
    this.code = code;
    this.details = options.details ?? null;
  }
}

/** The write posture's answer for a project with no database yet (reads degrade to empty shapes instead). */
export function dbMissing(dbPath: string, cause?: unknown): EngineError {
  return new EngineError('db-missing', `Project database not found at ${dbPath}; run \`sm scan\` first.`, {
    details: { path: dbPath },
    ...(cause === undefined ? {} : { cause }),
  });
}

/** True when `err` is an EngineError, optionally of the given code. */
export function isEngineError(err: unknown, code?: EngineErrorCode): err is EngineError {
  return err instanceof EngineError && (code === undefined || err.code === code);
}
