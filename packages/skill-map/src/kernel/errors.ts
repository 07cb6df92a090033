/** Codes of the kernel's thrown errors (programming/contract errors only; expected failures are values). */
export type KernelErrorCode = 'invalid-context' | 'unknown-format' | 'invalid-path';

/** A kernel contract violation (bad context, unknown formatter); expected validation failures are values instead. */
export class KernelError extends Error {
  /** Stable machine-readable code. */
  readonly code: KernelErrorCode;
  /** Optional structured details. */
  readonly data: Record<string, unknown> | undefined;

  /** Creates a KernelError, chaining `cause` when given. */
  constructor(
    code: KernelErrorCode,
    message: string,
    options?: { data?: Record<string, unknown>; cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'KernelError';
    this.code = code;
    this.data = options?.data;
  }
}

/** A value-returned result: expected failures never throw. */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };
