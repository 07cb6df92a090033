// The two protocol eras on one connection: 2025-era requests (no envelope, `initialize` handshake) and
// 2026-07-28 requests (a per-request `_meta` envelope, `server/discover`, typed results).
import { isPlainObject } from '@skillstate/core';
import { McpServerError } from './errors.js';
import { META_KEYS, MODERN_PROTOCOL_VERSIONS } from './protocol.js';
import { SPEC_URI } from './resources.js';

/** Which era a request belongs to. */
export type Era = 'legacy' | 'modern';

const MISSING_ENVELOPE =
  `Request is missing the required _meta envelope for protocol revision 2026-07-28 ` +
  `(${META_KEYS.protocolVersion}, ${META_KEYS.clientCapabilities})`;

function invalidEnvelope(problem: string): McpServerError {
  return new McpServerError(
    'INVALID_PARAMS',
    `Invalid _meta envelope for protocol revision 2026-07-28: ${problem}`,
  );
}

function checkEnvelope(meta: Record<string, unknown>): void {
  const version = meta[META_KEYS.protocolVersion];
  if (typeof version !== 'string') throw invalidEnvelope(`${META_KEYS.protocolVersion} must be a string`);
  if (!MODERN_PROTOCOL_VERSIONS.includes(version)) {
    throw new McpServerError('UNSUPPORTED_PROTOCOL_VERSION', `Unsupported protocol version: ${version}`, {
      data: { supported: [...MODERN_PROTOCOL_VERSIONS], requested: version },
    });
  }
  if (!isPlainObject(meta[META_KEYS.clientCapabilities])) {
    throw invalidEnvelope(`${META_KEYS.clientCapabilities} must be an object`);
  }
  const info = meta[META_KEYS.clientInfo];
  if (
    info !== undefined &&
    !(isPlainObject(info) && typeof info['name'] === 'string' && typeof info['version'] === 'string')
  ) {
    throw invalidEnvelope(`${META_KEYS.clientInfo} must be an object with string name and version`);
  }
}

/** The revision a (validated) 2026-era request's envelope names. */
export function envelopeVersion(params: unknown): string | undefined {
  const meta = isPlainObject(params) ? params['_meta'] : undefined;
  const version = isPlainObject(meta) ? meta[META_KEYS.protocolVersion] : undefined;
  return typeof version === 'string' ? version : undefined;
}

/**
 * Classifies a request by its envelope: one that names a protocol version in `params._meta` is modern (and
 * must be a valid envelope of a revision we serve: -32022 otherwise, -32602 when malformed); one without is
 * legacy, unless the connection already went modern, which makes it an invalid request (-32602).
 */
export function classifyRequest(params: unknown, connectionIsModern: boolean): Era {
  const meta = isPlainObject(params) ? params['_meta'] : undefined;
  if (isPlainObject(meta) && Object.prototype.hasOwnProperty.call(meta, META_KEYS.protocolVersion)) {
    checkEnvelope(meta);
    return 'modern';
  }
  if (connectionIsModern) throw new McpServerError('INVALID_PARAMS', MISSING_ENVELOPE);
  return 'legacy';
}

/** How long a client may cache a result that only changes when the server restarts. */
export const STATIC_RESULT_TTL_MS = 300_000;

const STATIC_METHODS = new Set(['server/discover', 'tools/list', 'resources/list', 'prompts/list']);

function cacheHint(
  method: string,
  result: Record<string, unknown>,
): { ttlMs: number; cacheScope: string } | null {
  if (STATIC_METHODS.has(method)) return { ttlMs: STATIC_RESULT_TTL_MS, cacheScope: 'private' };
  if (method !== 'resources/read') return null;
  const first: unknown = Array.isArray(result['contents']) ? result['contents'][0] : undefined;
  const isSpec = isPlainObject(first) && first['uri'] === SPEC_URI;
  // State-backed resources change with every write: never serve them from a cache.
  return { ttlMs: isSpec ? STATIC_RESULT_TTL_MS : 0, cacheScope: 'private' };
}

/**
 * Shapes a result for the modern era: `resultType: "complete"`, cache hints on cacheable results, and the
 * server's identity in `_meta`.
 */
export function encodeModernResult(
  method: string,
  result: Record<string, unknown>,
  serverInfo: Record<string, unknown>,
): Record<string, unknown> {
  const meta = isPlainObject(result['_meta']) ? result['_meta'] : {};
  return {
    ...result,
    resultType: 'complete',
    ...cacheHint(method, result),
    // A result that names the server itself (server/discover, with its icon) keeps its own identity.
    _meta: { [META_KEYS.serverInfo]: serverInfo, ...meta },
  };
}
