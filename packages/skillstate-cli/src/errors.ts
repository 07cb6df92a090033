import { isSkillstateError } from '@skillstate/core';

/** Stable codes for every failure the CLI reports; each maps to one documented exit code. */
export type CliErrorCode =
  'USAGE' | 'NO_HOST' | 'NO_MANIFEST' | 'CORRUPT_MANIFEST' | 'INVALID_CONFIG' | 'SERVER_NOT_FOUND';

/** The one error class of the CLI: a readonly `code`, optional `data`, and a chained `cause`. */
export class CliError extends Error {
  readonly code: CliErrorCode;
  readonly data: Readonly<Record<string, unknown>> | undefined;

  constructor(
    code: CliErrorCode,
    message: string,
    options: { data?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CliError';
    this.code = code;
    this.data = options.data;
  }
}

/** Exit codes of the `skillstate` bin. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** Maps any thrown value to the exit code and the one-line message `main` prints on stderr. */
export function toExit(err: unknown): { code: number; message: string } {
  if (err instanceof CliError) {
    return { code: err.code === 'USAGE' ? EXIT.usage : EXIT.failure, message: err.message };
  }
  if (isSkillstateError(err)) return { code: EXIT.failure, message: err.message };
  const detail = err instanceof Error ? err.message : String(err);
  return { code: EXIT.failure, message: `unexpected error: ${detail}` };
}
