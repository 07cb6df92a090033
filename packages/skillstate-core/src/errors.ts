/** Stable machine-readable codes for every failure the core can raise. */
export type SkillstateErrorCode =
  | 'LOCK_TIMEOUT'
  | 'PATH_TRAVERSAL'
  | 'STATE_UNREADABLE'
  | 'SPEC_INVALID'
  | 'SPEC_UNREADABLE'
  | 'INVALID_AGENT_ID'
  | 'CHECKPOINT_NOT_FOUND'
  | 'CHECKPOINT_CORRUPT'
  | 'NO_CHECKPOINTS'
  | 'MIGRATION_FAILED'
  | 'FILE_REFUSED'
  | 'STATE_TOO_LARGE';

/** The one error class of the core: a readonly `code`, optional `data`, and a chained `cause`. */
export class SkillstateError extends Error {
  readonly code: SkillstateErrorCode;
  readonly data: Readonly<Record<string, unknown>> | undefined;

  constructor(
    code: SkillstateErrorCode,
    message: string,
    options: { data?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SkillstateError';
    this.code = code;
    this.data = options.data;
  }
}

/** True when `err` is a SkillstateError, optionally of the given code. */
export function isSkillstateError(err: unknown, code?: SkillstateErrorCode): err is SkillstateError {
  return err instanceof SkillstateError && (code === undefined || err.code === code);
}
