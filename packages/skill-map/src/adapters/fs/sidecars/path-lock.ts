import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createLock,
  ensureLockDir,
  inspectLock,
  isStale,
  ownerDead,
  releaseLock,
  removeLockInstance,
} from '../lock-file.js';
import type { OwnLock } from '../lock-file.js';

export { STALE_LOCK_MS } from '../lock-file.js';

const queues = new Map<string, Promise<void>>();

/**
 * Takes the cross-process lock `lockFile` (created exclusively with O_EXCL, holding the owner's pid and a nonce):
 * another process writing the same sidecar waits until it is removed. A lock whose owner is dead, or older than
 * STALE_LOCK_MS, is broken through `removeLockInstance`, which removes that very lock and never a fresh one
 * another writer took meanwhile.
 */
async function acquireLockFile(lockFile: string): Promise<OwnLock> {
  for (let attempt = 0; ; attempt += 1) {
    const own = createLock(lockFile);
    if (own !== null) return own;
    const seen = inspectLock(lockFile);
    if (seen === 'absent') continue;
    if (seen !== 'changing' && isStale(seen, Date.now()) && removeLockInstance(lockFile, seen.identity))
      continue;
    await sleep(Math.min(2 ** attempt, 25));
  }
}

/**
 * Removes what writers that died left in the lock folder: their lock files and claims (only those whose owner
 * process is gone: a live writer's lock is never touched, however old). Each goes through `removeLockInstance`.
 */
function removeDeadLocks(lockDir: string, own: string): void {
  let names: string[];
  try {
    names = readdirSync(lockDir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = join(lockDir, name);
    if (file === own || !(name.endsWith('.lock') || name.endsWith('.claim'))) continue;
    const seen = inspectLock(file);
    if (typeof seen !== 'string' && ownerDead(seen)) removeLockInstance(file, seen.identity);
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
 * sidecar waits). Once held, dead writers' locks are cleared from the folder. The lock is released whatever `fn`
 * does, and only if it is still this writer's.
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
    ensureLockDir(lockDir, 'Sidecar write locks of skill-map');
    const own = await acquireLockFile(lockFileFor(lockDir, absolutePath));
    try {
      removeDeadLocks(lockDir, own.file);
      return await fn();
    } finally {
      releaseLock(own);
    }
  } finally {
    done();
    if (queues.get(absolutePath) === tail) queues.delete(absolutePath);
  }
}
