import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { SkillstateError } from '../errors.js';
import { LOCK_FILE_MAX_BYTES, readBoundedTextSync } from './bounded-read.js';
import { processGone } from './process-gone.js';

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
      // Bounded: a lock file someone replaced by a link to /dev/zero reads as pid-less (so stale), not forever.
      const text = readBoundedTextSync(lockPath, LOCK_FILE_MAX_BYTES).trim();
      pid = /^\d+$/.test(text) ? Number(text) : null;
    } catch {
      pid = null;
    }
    return { ino: st.ino, mtimeMs: st.mtimeMs, pid };
  } catch {
    return null;
  }
}

/**
 * A lock is stale when its holder process is gone (same machine), when it outlived the TTL, or when it is still
 * empty well after creation (its creator died between create and write).
 */
function isStale(info: LockInfo, ttlMs: number): boolean {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: `null > 0` is false already, and pid 0 (our process group) is never gone
  if (info.pid !== null && info.pid > 0 && processGone(info.pid)) return true;
  const age = Date.now() - info.mtimeMs;
  // Stryker disable next-line EqualityOperator: `>` vs `>=` differ only at the very millisecond of the limit
  return age > ttlMs || (info.pid === null && age > EMPTY_LOCK_GRACE_MS);
}

/** A lock file that is still empty this long after its creation belongs to a holder killed before writing. */
const EMPTY_LOCK_GRACE_MS = 1_000;

/** A created lock: its open descriptor (which keeps the inode from being reused while held) and inode. */
interface CreatedLock {
  fd: number;
  ino: number;
}

/**
 * Creates `lockPath` with O_EXCL and writes our pid into it. Returns null when the lock exists. The descriptor
 * stays open while the lock is held: an inode cannot be recycled while it is open, so comparing inodes at
 * release time reliably tells our lock from one a takeover created after ours.
 */
function createLockFile(lockPath: string): CreatedLock | null {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx', 0o644);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return null;
    if (code !== 'ENOENT') throw err;
    mkdirSync(dirname(lockPath), { recursive: true });
    return createLockFile(lockPath);
  }
  try {
    writeSync(fd, String(process.pid));
    return { fd, ino: fstatSync(fd).ino };
  } catch (err) {
    closeSync(fd);
    unlinkSync(lockPath);
    throw err;
  }
}

/**
 * Unlinks a lock judged stale, only if it is still the one that was judged: same inode and same pid inside
 * (inode numbers are reused quickly once a file is gone, pids of two live holders are not equal).
 */
function removeIfSame(lockPath: string, ino: number, pid: number | null): void {
  const info = readLockInfo(lockPath);
  if (info === null || info.ino !== ino || info.pid !== pid) return;
  try {
    unlinkSync(lockPath);
  } catch {
    // Gone already: nothing to remove.
  }
}

/** Releases a lock we created: unlink it only while it is still our inode, then close our descriptor. */
function releaseCreated(lockPath: string, lock: CreatedLock): void {
  try {
    if (lstatSync(lockPath).ino === lock.ino) unlinkSync(lockPath);
  } catch {
    // Gone already (taken over after our TTL, or removed by hand): nothing of ours to release.
  } finally {
    closeSync(lock.fd);
  }
}

/**
 * Removes a stale lock. Only one process at a time may decide and delete (guarded by `<lock>.takeover`), and
 * it re-checks inside the guard, so a fresh lock created meanwhile by another process is never removed.
 */
function takeOverStale(lockPath: string, ttlMs: number): void {
  const guardPath = `${lockPath}.takeover`;
  let guard = createLockFile(guardPath);
  // Stryker disable next-line ConditionalExpression: entered with our own fresh guard, the block reads it as live and leaves it
  if (guard === null) {
    const info = readLockInfo(guardPath);
    // The guard is held for microseconds; a leftover one belongs to a process killed inside that window.
    if (info !== null && isStale(info, Math.min(ttlMs, 2_000))) {
      removeIfSame(guardPath, info.ino, info.pid);
      guard = createLockFile(guardPath);
    }
    if (guard === null) return;
  }
  try {
    const info = readLockInfo(lockPath);
    if (info !== null && isStale(info, ttlMs)) removeIfSame(lockPath, info.ino, info.pid);
  } finally {
    releaseCreated(guardPath, guard);
  }
}

/** One attempt to take the lock, with stale takeover. Returns null while a live holder has it. */
export function acquireLock(lockPath: string, ttlMs: number = DEFAULT_LOCK_TTL_MS): LockHandle | null {
  let lock = createLockFile(lockPath);
  // Stryker disable next-line ConditionalExpression: entered with our own fresh lock, neither branch replaces it (our pid is live)
  if (lock === null) {
    const info = readLockInfo(lockPath);
    if (info === null) {
      lock = createLockFile(lockPath); // Released between our two looks.
    } else if (
      // Stryker disable next-line ConditionalExpression: takeOverStale re-checks staleness under its guard, so a live lock is never removed
      isStale(info, ttlMs)
    ) {
      takeOverStale(lockPath, ttlMs);
      lock = createLockFile(lockPath);
    }
  }
  if (lock === null) return null;
  const held = lock;
  let released = false;
  return {
    path: lockPath,
    release() {
      if (released) return;
      released = true;
      releaseCreated(lockPath, held);
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
    // Stryker disable next-line EqualityOperator: `>=` vs `>` differ only at the very millisecond of the deadline
    if (Date.now() >= deadline) {
      throw new SkillstateError(
        'LOCK_TIMEOUT',
        `skillstate: could not acquire the state lock: ${lockPath}${describeHolder(lockPath)}`,
        { data: { lockPath } },
      );
    }
    // Stryker disable next-line ArithmeticOperator: retry pacing only changes how often the lock is tried, never the outcome
    await sleep(delay + Math.random() * delay);
    // Stryker disable next-line ArithmeticOperator,MethodExpression: retry pacing only, as above
    delay = Math.min(delay * 2, LOCK_RETRY_DELAY_MS);
    handle = acquireLock(lockPath, ttlMs);
  }
  try {
    return await fn();
  } finally {
    handle.release();
  }
}
