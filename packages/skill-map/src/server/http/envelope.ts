import type {
  EnvelopeRegistries,
  ErrorEnvelope,
  ListEnvelope,
  SingleEnvelope,
  ValueEnvelope,
} from '@skill-map/spec';
import type { ServerError, ServerErrorCode } from '../errors.js';

/** A REST list envelope with the registries; `total` is the pre-pagination count. */
export function listEnvelope<T>(
  registries: EnvelopeRegistries,
  kind: string,
  items: T[],
  total: number,
  filters?: Record<string, unknown>,
): ListEnvelope<T> {
  return {
    schemaVersion: '1',
    kind,
    items,
    counts: { total, returned: items.length },
    ...(filters === undefined ? {} : { filters }),
    ...registries,
  };
}

/** A REST single-item envelope with the registries. */
export function singleEnvelope<T>(registries: EnvelopeRegistries, kind: string, item: T): SingleEnvelope<T> {
  return { schemaVersion: '1', kind, item, ...registries };
}

/** A REST value envelope: an acknowledgement or counter carries no registries, `config` does. */
export function valueEnvelope<T>(kind: string, value: T, registries?: EnvelopeRegistries): ValueEnvelope<T> {
  return { schemaVersion: '1', kind, value, ...registries };
}

/** The one REST error shape. */
export function errorEnvelope(
  code: ServerErrorCode,
  message: string,
  details: Readonly<Record<string, unknown>> | null = null,
): ErrorEnvelope {
  return { ok: false, error: { code, message, details: details === null ? null : { ...details } } };
}

/** HTTP status for each server error code; the single place codes become statuses. */
export const HTTP_STATUS: Readonly<Record<ServerErrorCode, number>> = {
  'host-not-loopback': 500,
  'bind-failed': 500,
  'already-serving': 500,
  'invalid-option': 500,
  'host-not-allowed': 403,
  'origin-not-allowed': 403,
  'token-mismatch': 403,
  'bad-query': 400,
  'bad-json': 400,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'not-found': 404,
  'path-outside-root': 403,
  'method-not-allowed': 405,
  'scan-busy': 409,
  'scan-failed': 500,
  'scan-unavailable': 503,
  'db-drift': 500,
  'db-damaged': 503,
  'db-missing': 500,
  'shutting-down': 503,
  internal: 500,
  'ambiguous-extension': 400,
  'unsupported-extension': 400,
  'unknown-analyzer': 400,
  'no-processing-agent': 409,
  'confirm-required': 412,
  'sidecar-writers-forbidden': 403,
  'sidecar-invalid': 409,
  'hook-file-invalid': 409,
  'job-file-missing': 500,
  'finding-not-dismissible': 409,
  'action-failed': 422,
  'duplicate-job': 409,
  'job-running': 409,
  'node-drifted': 409,
  'node-unreadable': 409,
  'no-findings': 409,
  'job-terminal': 409,
  'nonce-mismatch': 409,
  'job-not-running': 409,
  'report-invalid': 409,
  'finding-already-fixed': 409,
  'finding-already-dismissed': 409,
  'finding-already-open': 409,
  'suppression-not-found': 409,
  'issue-suppression-not-found': 409,
};

/** Serialises a ServerError as its REST envelope and status. */
export function toRestError(err: ServerError): { status: number; body: ErrorEnvelope } {
  return { status: HTTP_STATUS[err.code], body: errorEnvelope(err.code, err.message, err.details) };
}
