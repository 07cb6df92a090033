import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readBounded } from '../adapters/fs/read-bounded.js';
import { ensureStateDir } from '../adapters/fs/state-dir.js';
import { ServerError } from './errors.js';
import { formatBaseUrl } from './serve-options.js';

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
  ensureStateDir(dirname(path)); // with its .gitignore when this creates .skill-map/
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

/** serve.json is a few hundred bytes; anything larger is not ours. */
export const SERVE_INFO_MAX_BYTES = 64 * 1024;

/**
 * Reads serve.json, or null when absent or unreadable. Security: a bounded read of a regular file, so a committed
 * `.skill-map/serve.json` that is a symlink to /dev/zero reads as no server instead of without end.
 */
export function readServeInfo(scopeRoot: string): ServeInfo | null {
  const read = readBounded(serveInfoPath(scopeRoot), SERVE_INFO_MAX_BYTES);
  if (!read.ok) return null;
  try {
    return JSON.parse(read.bytes.toString('utf8')) as ServeInfo;
  } catch {
    return null;
  }
}

/** Removes serve.json on shutdown, but only if it is still ours (a newer server may have replaced it). */
export function removeServeInfo(scopeRoot: string, token: string): void {
  const current = readServeInfo(scopeRoot);
  if (current?.token === token) rmSync(serveInfoPath(scopeRoot), { force: true });
}

/** True when a process with this pid exists (EPERM: it exists but belongs to someone else). */
function pidAlive(pid: unknown): boolean {
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** How the server a serve.json names answers: it answers, nothing listens there, or it did not answer in time. */
export async function probeServer(
  info: ServeInfo,
  timeoutMs: number,
): Promise<'answers' | 'refused' | 'silent'> {
  try {
    const res = await fetch(`${formatBaseUrl(info.host, info.port)}/api/health`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    return 'answers';
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' || code === 'EADDRNOTAVAIL' ? 'refused' : 'silent';
  }
}

/** The refusal of a start on a project whose serve.json names a live server (one that answers, or is silent). */
export function alreadyServing(scopeRoot: string, info: ServeInfo, silent: boolean): ServerError {
  const url = formatBaseUrl(info.host, info.port);
  const file = serveInfoPath(scopeRoot);
  return new ServerError(
    'already-serving',
    silent
      ? `${file} names a running server at ${url} (pid ${info.pid}) that does not answer; ` +
          'stop that process, or delete the file if it is not skill-map'
      : `skill-map is already serving ${scopeRoot} at ${url} (pid ${info.pid}); use that server, or stop it first`,
    { details: { url, pid: info.pid, serveInfo: file } },
  );
}

/**
 * Refuses to start a second server on a project whose serve.json names a live one, so its discovery file is
 * never clobbered (and then deleted on our exit while it still serves). Live means the recorded pid exists and
 * something answers, or is too busy to answer, on the recorded port; a file whose pid is gone, or whose port
 * nobody listens on (a reused pid), is stale and is taken over by the `writeServeInfo` that follows.
 */
export async function assertNoLiveServer(scopeRoot: string, timeoutMs = 2000): Promise<void> {
  const info = readServeInfo(scopeRoot);
  if (info === null || !pidAlive(info.pid) || typeof info.port !== 'number') return;
  const state = await probeServer(info, timeoutMs);
  if (state === 'refused') return;
  throw alreadyServing(scopeRoot, info, state === 'silent');
}
