import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, linkSync, lstatSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { SkillstateError } from '../errors.js';

/** A lock older than this is presumed abandoned even when its holder cannot be checked. */
export const DEFAULT_LOCK_TTL_MS = 30_000;
/** How long {@link withStateLock} keeps trying before it gives up. */
export const DEFAULT_LOCK_TIMEOUT_MS = 10_000;
/** The longest pause between two attempts. */
export const LOCK_RETRY_DELAY_MS = 50;

/** A held lock. `release` is idempotent and never removes a lock someone else took over. */
export interface LockHandle {
  readonly path: string;
  release(): void;
}

/** Options for {@link withStateLock}. */
export interface LockOptions {
  ttlMs?: number;
  timeoutMs?: number;
}

interface LockInfo {
  ino: number;
  mtimeMs: number;
  pid: number | null;
}

function readLockInfo(lockPath: string): LockInfo | null {
  try {
    const st = lstatSync(lockPath);
    let pid: number | null = null;
    try {
      const text = readFileSync(lockPath, 'utf8').trim();
      pid = /^\d+$/.test(text) ? Number(text) : null;
    } catch {
      pid = null;
    }
    return { ino: st.ino, mtimeMs: st.mtimeMs, pid };
  } catch {
    return null;
  }
}

function processIsGone(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** A lock is stale when its holder process is gone (same machine) or it outlived the TTL. */
function isStale(info: LockInfo, ttlMs: number): boolean {
  if (info.pid !== null && info.pid > 0 && processIsGone(info.pid)) return true;
  return Date.now() - info.mtimeMs > ttlMs;
}

/**
 * Creates `lockPath` holding our pid, atomically: the content is written to a private file first and then
 * hard-linked into place, so no reader ever sees an empty lock (a writer killed between create and write would
 * otherwise leave a lock nobody can attribute). Returns the inode, or null when the lock exists.
 */
function createLockFile(lockPath: string): number | null {
  const temp = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const fd = openSync(temp, 'wx', 0o644);
  let ino: number;
  try {
    writeSync(fd, String(process.pid));
    ino = fstatSync(fd).ino;
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, lockPath);
    return ino;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return null;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') return createLockFileExclusive(lockPath);
    throw err;
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // Already gone: nothing to clean.
    }
  }
}

/** Fallback for filesystems without hard links: O_EXCL create, then write. */
function createLockFileExclusive(lockPath: string): number | null {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx', 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw err;
  }
  try {
    writeSync(fd, String(process.pid));
    return fstatSync(fd).ino;
  } finally {
    closeSync(fd);
  }
}

/**
 * Unlinks the lock only if it is still the one we know: same inode and same pid inside (inode numbers are
 * reused quickly, pids of two live holders are not equal).
 */
function removeIfSame(lockPath: string, ino: number, pid: number | null): void {
  const info = readLockInfo(lockPath);
  if (info === null || info.ino !== ino || info.pid !== pid) return;
  try {
    unlinkSync(lockPath);
  } catch {
    // Gone already: nothing to release.
  }
}

/**
 * Removes a stale lock. Only one process at a time may decide and delete (guarded by `<lock>.takeover`), and
 * it re-checks inside the guard, so a fresh lock created meanwhile by another process is never removed.
 */
function takeOverStale(lockPath: string, ttlMs: number): void {
  const guard = `${lockPath}.takeover`;
  let guardIno = createLockFile(guard);
  if (guardIno === null) {
    const info = readLockInfo(guard);
    // The guard is held for microseconds; a leftover one belongs to a process killed inside that window.
    if (info !== null && isStale(info, Math.min(ttlMs, 2_000))) {
      removeIfSame(guard, info.ino, info.pid);
      guardIno = createLockFile(guard);
    }
    if (guardIno === null) return;
  }
  try {
    const info = readLockInfo(lockPath);
    if (info !== null && isStale(info, ttlMs)) removeIfSame(lockPath, info.ino, info.pid);
  } finally {
    removeIfSame(guard, guardIno, process.pid);
  }
}

/** One attempt to take the lock, with stale takeover. Returns null while a live holder has it. */
export function acquireLock(lockPath: string, ttlMs: number = DEFAULT_LOCK_TTL_MS): LockHandle | null {
  mkdirSync(dirname(lockPath), { recursive: true });
  let ino = createLockFile(lockPath);
  if (ino === null) {
    const info = readLockInfo(lockPath);
    if (info === null) {
      ino = createLockFile(lockPath); // Released between our two looks.
    } else if (isStale(info, ttlMs)) {
      takeOverStale(lockPath, ttlMs);
      ino = createLockFile(lockPath);
    }
  }
  if (ino === null) return null;
  const held = ino;
  let released = false;
  return {
    path: lockPath,
    release() {
      if (released) return;
      released = true;
      removeIfSame(lockPath, held, process.pid);
    },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function describeHolder(lockPath: string): string {
  const info = readLockInfo(lockPath);
  if (info === null) return '';
  const age = Math.round((Date.now() - info.mtimeMs) / 1000);
  return ` (held by pid ${info.pid ?? 'unknown'} for ${age}s; if no skillstate process is running, delete the lock file)`;
}

/**
 * Runs `fn` while holding the cross-process lock `<statePath>.lock`, retrying with a short, growing pause until
 * `timeoutMs` passes; then throws LOCK_TIMEOUT naming the lock file. The lock is always released.
 */
export async function withStateLock<T>(
  statePath: string,
  fn: () => T | Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const lockPath = `${statePath}.lock`;
  const ttlMs = options.ttlMs ?? DEFAULT_LOCK_TTL_MS;
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS);
  let delay = 1;
  let handle = acquireLock(lockPath, ttlMs);
  while (handle === null) {
    if (Date.now() >= deadline) {
      throw new SkillstateError(
        'LOCK_TIMEOUT',
        `skillstate: could not acquire the state lock: ${lockPath}${describeHolder(lockPath)}`,
        { data: { lockPath } },
      );
    }
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, LOCK_RETRY_DELAY_MS);
    handle = acquireLock(lockPath, ttlMs);
  }
  try {
    return await fn();
  } finally {
    handle.release();
  }
}
