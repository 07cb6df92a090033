import { EngineError } from '../errors.js';

/**
 * Length limits of the free text a caller hands the queue. Every one of these values ends up in a row, an event, a
 * list or an error message: without a bound, one call could store megabytes (the MCP body cap is 4 MiB) that every
 * later `sm jobs` listing, `/ws` client and agent reads back.
 */
export const JOB_TEXT_LIMITS = Object.freeze({
  /** `record.model`: model ids run to ~100 characters (provider-prefixed, dated, ARN-style ones included). */
  model: 256,
  /** `record.nonce`: the queue hands out 32 hex digits; anything longer cannot match. */
  nonce: 128,
  /** `record.id`, `get/cancel/fail` ids: `d-YYYYMMDD-HHMMSS-xxxx` and a little room. */
  id: 128,
  /** `record.report`, in UTF-8 bytes: the built-in report schemas bound a report far below this. */
  report: 1024 * 1024,
  /** `submit.node`: a scope-relative path (PATH_MAX on Linux). */
  node: 4096,
  /** `submit.extension`: a qualified id with an `action:`/`analyzer:` prefix. */
  extension: 256,
});

/** A field limited by `JOB_TEXT_LIMITS`. */
export type JobTextField = keyof typeof JOB_TEXT_LIMITS;

// Security: a control character in a stored model id would reach terminals (`sm jobs show`) and logs as is.
const CONTROL = /\p{Cc}/u;

/** Throws `invalid-input` naming `field` when `value` is longer than its limit (or, for `model`, holds a control). */
export function checkJobText(field: JobTextField, value: string | undefined): void {
  if (value === undefined) return;
  const limit = JOB_TEXT_LIMITS[field];
  const size = field === 'report' ? Buffer.byteLength(value, 'utf8') : value.length;
  const unit = field === 'report' ? 'bytes' : 'characters';
  if (size > limit)
    throw new EngineError('invalid-input', `${field} must be at most ${limit} ${unit}, got ${size}`, {
      details: { argument: field, limit },
    });
  if (field === 'model' && (value.length === 0 || CONTROL.test(value)))
    throw new EngineError('invalid-input', 'model must be non-empty text without control characters', {
      details: { argument: field },
    });
}
