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

/** The request facts the gate reads (header values, first one when repeated). */
export interface GateRequest {
  host?: string | undefined;
  origin?: string | undefined;
  method?: string | undefined;
  /** `Sec-Fetch-Site` / `Sec-Fetch-Mode` / `Sec-Fetch-Dest`: browser fetch metadata (unforgeable by a page). */
  fetchSite?: string | undefined;
  fetchMode?: string | undefined;
  fetchDest?: string | undefined;
  /** True for a WebSocket handshake (`/ws`). */
  websocket?: boolean;
}

/** The gate's view of a Node request. */
export function gateRequestOf(
  headers: Record<string, string | string[] | undefined>,
  method: string | undefined,
  websocket = false,
): GateRequest {
  return {
    host: headerValue(headers, 'host'),
    origin: headerValue(headers, 'origin'),
    method,
    fetchSite: headerValue(headers, 'sec-fetch-site'),
    fetchMode: headerValue(headers, 'sec-fetch-mode'),
    fetchDest: headerValue(headers, 'sec-fetch-dest'),
    websocket,
  };
}

/**
 * Security: the first-stage gate against DNS rebinding and cross-site requests, applied to EVERY route
 * (`/`, `/api/*`, `/ws`, `/mcp`). The Host hostname must be loopback (port ignored: the port is
 * OS-assigned with `--port 0`, and a rebinding attack controls the name, not the port); a missing Host
 * is tolerated (HTTP/1.0 tools). An Origin, when present and not empty or `null`, must be the server's own
 * origin as the browser addressed it (`http://` + the Host header: scheme, name and port): a page of any other
 * origin, another local port included (a dev server or a notebook on `localhost:8000`), is refused, and
 * an own Origin needs no further check. Non-browser clients (most MCP hosts) send none. Then the browser rule
 * (`checkBrowserRequest`). Returns the violation, or null.
 */
export function checkLoopbackRequest(req: GateRequest): ServerError | null {
  const { host, origin } = req;
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
    if (isOwnOrigin(origin, host)) return null;
    const own = host === undefined || host === '' ? '' : ` (http://${host})`;
    return new ServerError(
      'origin-not-allowed',
      `Origin "${origin}" is not allowed: from a browser, only the page skill-map serves itself${own} may call it.`,
    );
  }
  return checkBrowserRequest(req);
}

/**
 * Security: a missing or `null` Origin is accepted from non-browser clients only. A browser marks its
 * requests with fetch metadata (`Sec-Fetch-Site`, with `Sec-Fetch-Mode`), which no page can forge; such a request
 * passes when it is same-origin (a page served by this server), carries the server's own Origin, or is a top-level
 * GET/HEAD navigation (the address bar, a followed link: the page that linked cannot read the answer).
 * Anything else from a browser (a `file://` page's fetch or form post, a sandboxed frame, a subresource of a
 * foreign page) is refused. Browsers send no fetch metadata on a WebSocket handshake but always send Origin,
 * so `Origin: null` is refused on `/ws` outright.
 */
export function checkBrowserRequest(req: GateRequest): ServerError | null {
  const opaque = req.origin === undefined || req.origin === '' || req.origin === 'null';
  if (!opaque) return null; // the server's own origin (checkLoopbackRequest refuses any other first)
  if (req.websocket === true && req.origin === 'null') {
    return refusal(req, 'a WebSocket from an opaque origin (a file:// page, a sandboxed frame)');
  }
  const site = req.fetchSite?.toLowerCase();
  const mode = req.fetchMode?.toLowerCase();
  // Not a browser. `Sec-Fetch-Mode` alone does not mark one: Node's fetch (MCP SDK clients) sends `cors` on
  // every request, while every browser that sends fetch metadata sends `Sec-Fetch-Site` with it.
  if (site === undefined) return null;
  if (site === 'same-origin') return null;
  const method = (req.method ?? 'GET').toUpperCase();
  const dest = req.fetchDest?.toLowerCase();
  const topLevelNavigation =
    mode === 'navigate' &&
    (method === 'GET' || method === 'HEAD') &&
    (dest === undefined || dest === 'document');
  if (topLevelNavigation) return null;
  return refusal(req, `a ${site} browser request (Sec-Fetch-Site: ${site}, Sec-Fetch-Mode: ${mode ?? '-'})`);
}

function refusal(req: GateRequest, what: string): ServerError {
  const origin = req.origin === undefined || req.origin === '' ? 'A missing Origin' : 'Origin "null"';
  return new ServerError(
    'origin-not-allowed',
    `${origin} is not allowed for ${what}: from a browser, only pages served by skill-map itself may call it.`,
  );
}

/**
 * True when `origin` is the origin a browser addressed the request to: `http:` and the Host header's name and
 * port (compared as URL origins, so case and a default `:80` do not matter). A browser sets Host from the URL it
 * fetches and a page cannot change it, so a page of any other origin never matches; without a Host nothing does.
 */
export function isOwnOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined || host === '') return false;
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && url.origin === new URL(`http://${host.trim()}`).origin;
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
