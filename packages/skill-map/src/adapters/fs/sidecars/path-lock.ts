import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { errnoCode } from '../../errors.js';

/** A lock file older than this is taken as left behind by a crashed writer (a sidecar write takes milliseconds). */
export const STALE_LOCK_MS = 30_000;

const queues = new Map<string, Promise<void>>();

function holderIsGone(lockFile: string, now: number): boolean {
  let text: string;
  let mtimeMs: number;
  try {
    text = readFileSync(lockFile, 'utf8');
    mtimeMs = statSync(lockFile).mtimeMs;
  } catch (err) {
    return errnoCode(err) === 'ENOENT';
  }
  if (now - mtimeMs > STALE_LOCK_MS) return true;
  const pid = Number.parseInt(text, 10); // skips leading blanks, stops at the newline
  if (!Number.isInteger(pid) || pid <= 0) return false; // being written right now: wait for it
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return errnoCode(err) === 'ESRCH';
  }
}

function tryCreate(lockFile: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockFile, 'wx', 0o644);
  } catch (err) {
    if (errnoCode(err) === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Takes the cross-process lock `lockFile` (created exclusively with O_EXCL, holding the owner's pid): another
 * process writing the same sidecar waits until it is removed. A lock whose owner is dead, or older than
 * STALE_LOCK_MS, is broken. Returns the release function.
 */
async function acquireLockFile(lockFile: string): Promise<() => void> {
  for (let attempt = 0; ; attempt += 1) {
    if (tryCreate(lockFile)) return () => rmSync(lockFile, { force: true });
    if (holderIsGone(lockFile, Date.now())) {
      rmSync(lockFile, { force: true });
      continue;
    }
    await sleep(Math.min(2 ** attempt, 25));
  }
}

/** The lock file of one sidecar path under `lockDir` (named by the hash of the absolute path). */
export function lockFileFor(lockDir: string, absolutePath: string): string {
  const digest = createHash('sha256').update(absolutePath).digest('hex').slice(0, 32);
  return join(lockDir, `${digest}.lock`);
}

/**
 * Runs `fn` holding the lock of `absolutePath`: first an in-process queue per path (callers of this process run
 * one after the other, in arrival order), then the lock file under `lockDir` (another process writing the same
 * sidecar waits). The lock is released whatever `fn` does.
 */
export async function withPathLock<T>(
  lockDir: string,
  absolutePath: string,
  fn: () => T | Promise<T>,
): Promise<T> {
  const previous = queues.get(absolutePath) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => {
    done = resolve;
  });
  const tail = previous.then(() => mine);
  queues.set(absolutePath, tail);
  await previous;
  try {
    mkdirSync(lockDir, { recursive: true });
    const release = await acquireLockFile(lockFileFor(lockDir, absolutePath));
    try {
      return await fn();
    } finally {
      release();
    }
  } finally {
    done();
    if (queues.get(absolutePath) === tail) queues.delete(absolutePath);
  }
}
