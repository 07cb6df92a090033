import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { errnoCode } from '../errors.js';

/** Why a bounded read returned no content. */
export type BoundedReadFailure = 'missing' | 'not-a-file' | 'oversized' | 'unreadable';

/** The outcome of `readBounded`: the file's bytes, or why there are none (with a message naming the path). */
export type BoundedRead =
  | { readonly ok: true; readonly bytes: Buffer }
  | {
      readonly ok: false;
      readonly reason: BoundedReadFailure;
      readonly message: string;
      /** Bytes seen when the file was over the cap (its size, or what was read before giving up). */
      readonly bytes?: number;
      readonly errorCode?: string;
    };

/** Caps for the small files skill-map reads beside the scanned ones (settings, ignore files, locks, records). */
export const SMALL_FILE_MAX_BYTES = 1024 * 1024;

/** Chunk size of the read loop once the stat'ed size has been read (the file may still be growing). */
const CHUNK_BYTES = 64 * 1024;

/** Where the read loop reads after its first read (reads are synchronous: one buffer serves every call). */
const SCRATCH = Buffer.allocUnsafe(CHUNK_BYTES);

function failure(
  reason: BoundedReadFailure,
  message: string,
  extra: { bytes?: number; errorCode?: string } = {},
): BoundedRead {
  return { ok: false, reason, message, ...extra };
}

/**
 * Security: reads a file only when it is a regular file, and never more than `maxBytes` of it. A committed
 * symlink to `/dev/zero`, a FIFO, a socket or a directory is refused before any byte is read (the check is on
 * the opened descriptor, so the path cannot be swapped between the check and the read), and a file that grows
 * past the cap while being read is refused too: no read of a project file can run without end or fill memory.
 * `O_NONBLOCK` keeps the open of a FIFO from waiting for a writer.
 */
export function readBounded(absPath: string, maxBytes: number): BoundedRead {
  let fd: number;
  try {
    fd = openSync(absPath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return failure('missing', `${absPath} does not exist`, { errorCode: code });
    return failure('unreadable', `${absPath} could not be read (${code ?? String(err)})`, {
      ...(code ? { errorCode: code } : {}),
    });
  }
  try {
    return readOpenBounded(fd, absPath, maxBytes);
  } catch (err) {
    const code = errnoCode(err);
    return failure('unreadable', `${absPath} could not be read (${code ?? String(err)})`, {
      ...(code ? { errorCode: code } : {}),
    });
  } finally {
    closeSync(fd);
  }
}

/**
 * The checks and capped read of `readBounded` on a descriptor the caller opened itself (for instance with
 * `O_NOFOLLOW`, after confining the path); `absPath` only names the file in messages. Throws what `fstat` or
 * `read` throw; the caller closes the descriptor.
 */
export function readOpenBounded(fd: number, absPath: string, maxBytes: number): BoundedRead {
  const st = fstatSync(fd);
  if (!st.isFile())
    return failure('not-a-file', `${absPath} is not a regular file (a device, FIFO, socket or directory)`);
  if (st.size > maxBytes) return oversized(absPath, maxBytes, st.size);
  const chunks: Buffer[] = [];
  let total = 0;
  // One read of the stat'ed size plus one byte tells a file that kept its size from one that grew.
  let want = Math.min(st.size, maxBytes) + 1;
  for (;;) {
    // The reads after the first (almost always one that finds the end) go to a shared scratch buffer and only
    // what they found is copied out: a scan of 10,000 files then allocates no 64 KiB chunk per file.
    const first = chunks.length === 0;
    const chunk = first ? Buffer.allocUnsafe(want) : SCRATCH;
    const n = readSync(fd, chunk, 0, want, null);
    if (n === 0) break;
    chunks.push(first ? (n === want ? chunk : chunk.subarray(0, n)) : Buffer.from(chunk.subarray(0, n)));
    total += n;
    if (total > maxBytes) return oversized(absPath, maxBytes, total);
    want = Math.min(CHUNK_BYTES, maxBytes + 1 - total);
  }
  return { ok: true, bytes: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total) };
}

function oversized(absPath: string, maxBytes: number, bytes: number): BoundedRead {
  return failure('oversized', `${absPath} is larger than the ${maxBytes}-byte limit for this file`, {
    bytes,
  });
}
