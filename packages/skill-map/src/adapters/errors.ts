/** Stable machine-readable codes for every failure the adapters and engines can raise. */
export type AdapterErrorCode =
  | 'DB_NOT_FOUND'
  | 'DB_OPEN_FAILED'
  | 'DB_DAMAGED'
  | 'DB_SCHEMA_NEWER'
  | 'DB_SCHEMA_DRIFT'
  | 'DB_MIGRATION_FAILED'
  | 'DB_QUERY_FAILED'
  | 'DB_SERVER_FAILED'
  | 'CONFIG_INVALID_JSON'
  | 'CONFIG_UNREADABLE'
  | 'CONFIG_INVALID_SHAPE'
  | 'CONFIG_UNKNOWN_KEY'
  | 'CONFIG_INVALID_VALUE'
  | 'CONFIG_PRIVILEGED_KEY'
  | 'CONFIG_WRITE_FAILED'
  | 'WALK_ROOT_INVALID'
  | 'FILE_UNREADABLE'
  | 'LOCK_INVALID'
  | 'SCAN_FAILED'
  | 'GIT_NOT_REPOSITORY'
  | 'GIT_REF_UNKNOWN'
  | 'GIT_FAILED';

/** The one error class of the adapters and engines: a readonly `code`, optional `data`, and a chained `cause`. */
export class AdapterError extends Error {
  readonly code: AdapterErrorCode;
  readonly data: Readonly<Record<string, unknown>> | undefined;

  constructor(
    code: AdapterErrorCode,
    message: string,
    options: { data?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AdapterError';
    this.code = code;
    this.data = options.data;
  }
}

/** True when `err` is an AdapterError, optionally of the given code. */
export function isAdapterError(err: unknown, code?: AdapterErrorCode): err is AdapterError {
  return err instanceof AdapterError && (code === undefined || err.code === code);
}

/** The `code` of a Node.js system error (`ENOENT`, `EACCES`...), or undefined. */
export function errnoCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const { code } = err;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

/** The one command that rebuilds a damaged database (the damaged file is kept as a backup). */
export const REBUILD_COMMAND = 'sm scan --full';

/** A damage message with the one command that repairs it, as the server says it (the CLI adds its own hint). */
export function withRebuildAdvice(message: string): string {
  return `${message}; run \`${REBUILD_COMMAND}\` to rebuild it`;
}
