import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Stats } from 'node:fs';
import { AdapterError, errnoCode } from '../errors.js';
import { readBounded } from './read-bounded.js';

/** A lock file older than this is taken as left behind by a crashed writer (a sidecar write takes milliseconds). */
export const STALE_LOCK_MS = 30_000;

/** A lock file holds one short line (`<pid> <nonce>`); anything longer is not one of ours. */
const LOCK_MAX_BYTES = 256;

/** One lock file as it was seen: which instance it is, its owner's pid (null while not written yet) and age. */
export interface SeenLock {
  /** Names this very file: device, inode, birth time and content (with its random nonce), never reused. */
  readonly identity: string;
  readonly pid: number | null;
  readonly mtimeMs: number;
}

/** A lock file this process created and holds. */
export interface OwnLock {
  readonly file: string;
  readonly identity: string;
}

function identityOf(st: Stats, text: string): string {
  return `${st.dev}:${st.ino}:${st.birthtimeMs}:${text}`;
}

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Reads a lock file: `absent`, `changing` (replaced or written while being read: look again), or what it is.
 * The content is read with one bounded read of a regular file; anything else at a lock's path (a directory, a
 * symlink to `/dev/zero`, a big file) is `LOCK_INVALID` naming the path, since no writer of ours puts it there.
 */
export function inspectLock(file: string): SeenLock | 'absent' | 'changing' {
  const before = statOrNull(file);
  if (before === null) return 'absent';
  const read = readBounded(file, LOCK_MAX_BYTES);
  if (!read.ok) {
    if (read.reason === 'missing') return 'absent';
    throw new AdapterError('LOCK_INVALID', `${read.message}: it is not a lock file of skill-map; remove it`, {
      data: { path: file },
    });
  }
  const after = statOrNull(file);
  if (after === null) return 'absent';
  if (after.ino !== before.ino || after.mtimeMs !== before.mtimeMs) return 'changing';
  const text = read.bytes.toString('utf8');
  // `<pid> <nonce>\n`, or the `<pid>\n` of older versions; anything else is being written right now.
  const m = /^(\d+)(?: [0-9a-f]+)?\n$/.exec(text);
  const pid = m === null ? null : Number(m[1]);
  return {
    identity: identityOf(after, text),
    pid: pid !== null && pid > 0 ? pid : null,
    mtimeMs: after.mtimeMs,
  };
}

/** True when a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errnoCode(err) !== 'ESRCH';
  }
}

/** True when the owner of `seen` is gone: its process has exited (a lock not written yet is never gone). */
export function ownerDead(seen: SeenLock): boolean {
  return seen.pid !== null && !pidAlive(seen.pid);
}

/** True when `seen` may be broken: its owner is dead, or it is older than STALE_LOCK_MS (a reused pid). */
export function isStale(seen: SeenLock, now: number): boolean {
  return now - seen.mtimeMs > STALE_LOCK_MS || ownerDead(seen);
}

/** Creates `file` exclusively (O_EXCL) holding `<pid> <nonce>`; null when it already exists. */
export function createLock(file: string): OwnLock | null {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (err) {
    if (errnoCode(err) === 'EEXIST') return null;
    throw err;
  }
  const text = `${process.pid} ${randomBytes(8).toString('hex')}\n`;
  try {
    writeSync(fd, text);
    return { file, identity: identityOf(fstatSync(fd), text) };
  } finally {
    closeSync(fd);
  }
}

/** The claim that whoever holds it alone may remove the lock instance `identity` at `file`. */
export function claimFileFor(file: string, identity: string): string {
  return `${file}.${createHash('sha256').update(identity).digest('hex').slice(0, 16)}.claim`;
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (err) {
    if (errnoCode(err) !== 'ENOENT') throw err;
  }
}

/** True when a claim may be broken: its owner died, or it was never written and is old (its owner died at once). */
function claimAbandoned(seen: SeenLock): boolean {
  return seen.pid === null ? Date.now() - seen.mtimeMs > STALE_LOCK_MS : !pidAlive(seen.pid);
}

/**
 * Security: removes the lock instance `identity` at `file`, and never any other; true when it is gone. The remover
 * first creates a claim named after that instance (O_EXCL), so of several removers, and of a breaker and the owner
 * releasing, one alone goes on; under the claim it checks that `file` is still that instance and only then unlinks
 * it. Nothing else removes a lock file, and a new lock can only be created once this instance is gone, so a fresh
 * lock is never removed. A claim left by a remover that died is removed the same way, then the claim is retried.
 */
export function removeLockInstance(file: string, identity: string): boolean {
  const claim = claimFileFor(file, identity);
  for (;;) {
    const own = createLock(claim);
    if (own !== null) {
      try {
        const now = inspectLock(file);
        if (typeof now !== 'string' && now.identity === identity) unlinkQuietly(file);
        return true;
      } finally {
        unlinkQuietly(claim); // ours: a claim is only ever broken once its owner is dead
      }
    }
    const seen = inspectLock(claim);
    if (seen === 'absent' || seen === 'changing') continue;
    if (!claimAbandoned(seen)) return false; // another remover, or the owner, is on it
    removeLockInstance(claim, seen.identity);
  }
}

/** Releases a lock this process holds: removes it only if it is still this very instance. */
export function releaseLock(own: OwnLock): void {
  removeLockInstance(own.file, own.identity);
}

/**
 * Creates a lock folder with a `.gitignore` that keeps it out of git whatever the project ignores (an existing one
 * is left as it is). `what` names the folder in that file.
 */
export function ensureLockDir(dir: string, what: string): void {
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(join(dir, '.gitignore'), `# ${what}: never committed.\n*\n`, { flag: 'wx' });
  } catch (err) {
    if (errnoCode(err) !== 'EEXIST') throw err;
  }
}
