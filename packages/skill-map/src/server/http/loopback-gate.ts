import { ServerError } from '../errors.js';

/** Hostnames the server answers to (port-agnostic). */
export const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '::1']);

/** True for a loopback host as accepted by `--host` / `server.host`. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTNAMES.has(host.replace(/^\[(.*)\]$/, '$1').toLowerCase());
}

/** The hostname part of a Host header value (`[::1]:4242` → `::1`, `localhost:80` → `localhost`). */
export function hostnameOfHostHeader(value: string): string | null {
  const v = value.trim().toLowerCase();
  if (v.startsWith('[')) {
    const end = v.indexOf(']');
    if (end < 0) return null;
    const rest = v.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return null;
    return v.slice(1, end);
  }
  const colon = v.indexOf(':');
  if (colon < 0) return v;
  if (!/^\d{1,5}$/.test(v.slice(colon + 1))) return null;
  return v.slice(0, colon);
}

/**
 * Security: the first-stage gate against DNS rebinding and cross-site requests, applied to EVERY route
 * (`/`, `/api/*`, `/ws`, `/mcp`). The Host hostname must be loopback (port ignored: the port is
 * OS-assigned with `--port 0`, and a rebinding attack controls the name, not the port); a missing Host
 * is tolerated (HTTP/1.0 tools). Origin, when present and not empty or `null`, must be an http(s) URL
 * with a loopback hostname; non-browser clients (most MCP hosts) send none. Returns the violation, or null.
 */
export function checkLoopbackRequest(
  host: string | undefined,
  origin: string | undefined,
): ServerError | null {
  if (host !== undefined && host !== '') {
    const name = hostnameOfHostHeader(host);
    if (name === null || !LOOPBACK_HOSTNAMES.has(name)) {
      return new ServerError(
        'host-not-allowed',
        `Host "${host}" is not allowed: skill-map only answers to 127.0.0.1, localhost and ::1.`,
      );
    }
  }
  if (origin !== undefined && origin !== '' && origin !== 'null') {
    if (!isLoopbackOrigin(origin))
      return new ServerError(
        'origin-not-allowed',
        `Origin "${origin}" is not allowed: only loopback origins may call skill-map.`,
      );
  }
  return null;
}

/** True for an http(s) origin whose hostname is loopback (unparseable origins are not). */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

/** Reads one header from Node's header map (first value when repeated). */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}
