import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { SkillstateError } from '../errors.js';

/** The most a state file (and a checkpoint or diff baseline, which hold a state) may weigh: 32 MiB. */
export const STATE_FILE_MAX_BYTES = 32 * 1024 * 1024;
/** The most a configuration file may weigh (spec, session sidecar, host configs, manifests): 4 MiB. */
export const CONFIG_FILE_MAX_BYTES = 4 * 1024 * 1024;
/** The most a lock file may weigh: it holds one pid. */
export const LOCK_FILE_MAX_BYTES = 64;

function kindOfStats(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** How the refused file looks, through its symbolic link when it is one. */
function describeNonRegular(path: string, target: Stats | undefined): string {
  const kind = target === undefined ? 'a socket' : kindOfStats(target);
  let link = false;
  try {
    link = lstatSync(path).isSymbolicLink();
  } catch {
    // Gone meanwhile: describe the target alone.
  }
  return `it is ${link ? `a symbolic link to ${kind}` : kind}, not a regular file`;
}

function refused(path: string, detail: string, reason: 'not-regular' | 'too-large'): SkillstateError {
  return new SkillstateError('FILE_REFUSED', `${path} cannot be read: ${detail}`, {
    data: { path, reason, detail },
  });
}

function tooLarge(path: string, size: number, maxBytes: number): SkillstateError {
  return refused(path, `it is ${size} bytes, over the ${maxBytes}-byte limit for this file`, 'too-large');
}

/** Reads at most `maxBytes + 1` bytes from an open regular file (one more tells a grown file from a full one). */
function readUpTo(fd: number, sizeHint: number, maxBytes: number): Buffer {
  const limit = maxBytes + 1;
  let buffer = Buffer.allocUnsafe(Math.min(limit, sizeHint + 1));
  let total = 0;
  for (;;) {
    if (total === buffer.length) {
      if (buffer.length >= limit) break;
      const grown = Buffer.allocUnsafe(Math.min(limit, buffer.length * 2));
      buffer.copy(grown, 0, 0, total);
      buffer = grown;
    }
    const n = readSync(fd, buffer, total, buffer.length - total, null);
    if (n === 0) break;
    total += n;
  }
  return buffer.subarray(0, total);
}

/**
 * Reads a whole file that must be a regular file of at most `maxBytes`. Anything else (a symlink to
 * `/dev/zero`, a FIFO, a directory, a socket, a file over the limit) throws FILE_REFUSED naming the path, having
 * read nothing (or at most `maxBytes + 1` bytes of a file that grew after it was checked). A missing file
 * throws the usual ENOENT error, so callers keep telling "absent" from "refused".
 * Security: the check is made on the opened descriptor (no swap between check and read), and the open never
 * blocks (O_NONBLOCK), so a file a repository planted can neither hang the process nor exhaust its memory.
 */
export function readBoundedFileSync(path: string, maxBytes: number): Buffer {
  let fd: number;
  try {
    // O_NONBLOCK is undefined on Windows, where opening a FIFO path does not block anyway.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    // A Unix socket cannot be opened at all: refuse it like any other non-regular file.
    if ((err as NodeJS.ErrnoException).code === 'ENXIO') {
      throw refused(path, describeNonRegular(path, undefined), 'not-regular');
    }
    throw err;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw refused(path, describeNonRegular(path, stats), 'not-regular');
    if (stats.size > maxBytes) throw tooLarge(path, stats.size, maxBytes);
    const bytes = readUpTo(fd, stats.size, maxBytes);
    if (bytes.length > maxBytes) {
      throw refused(
        path,
        `it grew past the ${maxBytes}-byte limit for this file while being read`,
        'too-large',
      );
    }
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/** {@link readBoundedFileSync} as UTF-8 text. */
export function readBoundedTextSync(path: string, maxBytes: number): string {
  return readBoundedFileSync(path, maxBytes).toString('utf8');
}
