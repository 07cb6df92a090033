import type { MiddlewareHandler } from 'hono';

/**
 * Security: headers stamped on EVERY response, including gate refusals, errors, SSE streams and the raw
 * writes of the MCP transport (which bypass Hono's response object and stamp these themselves).
 * The page is same-origin only: no framing, no sniffing, no referrer, no cross-origin reads.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'content-security-policy':
    "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
};

/** Middleware form of SECURITY_HEADERS (registered first so it also covers the gate's 403s). */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.headers.has('x-hono-already-sent')) return; // raw writes stamp their own headers
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  };
}
