// Where a CLI process may post live events: the project's running `sm serve`, as `.skill-map/serve.json` names it.
// Only node:fs, node:path and the bounded read: the activity hook loads this on every tool call of the agent.
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readBounded } from '../../adapters/fs/read-bounded.js';

/** A running server that passed the spec §12.2 reader checks. */
export interface ServeTarget {
  host: string;
  port: number;
  token: string;
  /** The scope root the server maps (absolute). */
  scopeRoot: string;
}

/** serve.json is a few hundred bytes; anything larger is not a server's. */
const SERVE_JSON_MAX_BYTES = 64 * 1024;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
}

/**
 * The server serve.json at `<scopeRoot>/.skill-map/` names, if it passes the reader checks (spec §12.2): a loopback
 * host, a port, a token, and this very scope root (a copied or stale file names another). Null otherwise: readers
 * fail open.
 */
export function serveTargetAt(scopeRoot: string): ServeTarget | null {
  // Security: bounded (a serve.json that is a symlink to /dev/zero would stall every tool call of the agent).
  const read = readBounded(join(scopeRoot, '.skill-map', 'serve.json'), SERVE_JSON_MAX_BYTES);
  if (!read.ok) return null;
  let info: Record<string, unknown>;
  try {
    info = JSON.parse(read.bytes.toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof info !== 'object' || info === null) return null;
  const { host, port, token, scopeRoot: root } = info;
  if (typeof host !== 'string' || !LOOPBACK.has(host)) return null;
  if (typeof port !== 'number' || !Number.isInteger(port) || port <= 0 || port > 65535) return null;
  if (typeof token !== 'string' || token === '') return null;
  if (typeof root !== 'string' || real(root) !== real(scopeRoot)) return null;
  return { host, port, token, scopeRoot: root };
}

/**
 * The server of the nearest project from `start` upwards (a hook may run in a subfolder of it): the first folder
 * with a `.skill-map/` is the project, and its serve.json answers, even when it names no server (a project nested
 * in another never reports to the outer one's server).
 */
export function findServeTarget(start: string): ServeTarget | null {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, '.skill-map'))) return serveTargetAt(dir);
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** `http://host:port` of a target (IPv6 hosts bracketed). */
export function targetBaseUrl(target: Pick<ServeTarget, 'host' | 'port'>): string {
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  return `http://${host}:${target.port}`;
}
