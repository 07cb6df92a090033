import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

/** The `.skill-map/serve.json` discovery file. */
export interface ServeInfo {
  schemaVersion: 1;
  host: string;
  port: number;
  pid: number;
  /** Absolute scope root. */
  scopeRoot: string;
  /** ISO time the server bound. */
  startedAt: string;
  smVersion: string;
  /** Random hex, new on every boot; authenticates `POST /api/activity`. */
  token: string;
}

/** Where serve.json lives for a scope root. */
export function serveInfoPath(scopeRoot: string): string {
  return join(scopeRoot, '.skill-map', 'serve.json');
}

/**
 * Writes serve.json atomically (temp file, fsync, rename), AFTER the socket is bound so a reader never
 * sees a port nobody listens on. Security: mode 0600, because the token authenticates activity ingest.
 */
export function writeServeInfo(scopeRoot: string, info: ServeInfo): string {
  const path = serveInfoPath(scopeRoot);
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(info, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  return path;
}

/** Reads serve.json, or null when absent or unreadable. */
export function readServeInfo(scopeRoot: string): ServeInfo | null {
  try {
    return JSON.parse(readFileSync(serveInfoPath(scopeRoot), 'utf8')) as ServeInfo;
  } catch {
    return null;
  }
}

/** Removes serve.json on shutdown, but only if it is still ours (a newer server may have replaced it). */
export function removeServeInfo(scopeRoot: string, token: string): void {
  const current = readServeInfo(scopeRoot);
  if (current?.token === token) rmSync(serveInfoPath(scopeRoot), { force: true });
}
