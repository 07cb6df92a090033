import { errnoCode } from '../errors.js';
import { readVia } from './fs-port.js';
import type { FsPort } from './fs-port.js';
import type { BoundedRead } from './read-bounded.js';
import { BINARY_SNIFF_BYTES } from './walk-types.js';
import type { SkipReason, SkippedEntry, WalkedFile } from './walk-types.js';

/** The outcome of reading one candidate: an accepted file or a skipped entry. */
export type CandidateOutcome = { ok: true; file: WalkedFile } | { ok: false; skipped: SkippedEntry };

/** True when the first 8 KiB hold a NUL byte (the heuristic git and grep use). */
export function looksBinary(content: Buffer): boolean {
  const end = Math.min(content.length, BINARY_SNIFF_BYTES);
  return content.subarray(0, end).includes(0);
}

function failure(rel: string, err: unknown): { ok: false; skipped: SkippedEntry } {
  const code = errnoCode(err);
  const reason: SkipReason = code === 'ENOENT' || code === 'ENOTDIR' ? 'vanished' : 'unreadable';
  return { ok: false, skipped: { path: rel, reason, ...(code ? { errorCode: code } : {}) } };
}

/**
 * Stats one candidate and reads it unless `shouldRead` says its cached record is still good. A file that
 * vanished, cannot be read, is over the size cap or looks binary becomes a skipped entry, never an error.
 */
export function readCandidate(
  fs: FsPort,
  abs: string,
  rel: string,
  maxSize: number,
  shouldRead: ((relPath: string, size: number, mtimeMs: number) => boolean) | undefined,
): CandidateOutcome {
  let size: number;
  let mtimeMs: number;
  try {
    const st = fs.stat(abs);
    if (!st.isFile()) return { ok: false, skipped: { path: rel, reason: 'not-a-file' } };
    size = st.size;
    mtimeMs = st.mtimeMs;
  } catch (err) {
    return failure(rel, err);
  }
  if (size > maxSize) return { ok: false, skipped: { path: rel, reason: 'oversized', bytes: size } };
  if (shouldRead && !shouldRead(rel, size, mtimeMs))
    return { ok: true, file: { path: rel, absPath: abs, size, mtimeMs } };
  const read = readContent(fs, abs, rel, maxSize);
  return read.ok
    ? {
        ok: true,
        file: { path: rel, absPath: abs, size: read.content.length, mtimeMs, content: read.content },
      }
    : read;
}

/** The skipped entry of a bounded read that returned no content. */
export function skippedOf(rel: string, read: Exclude<BoundedRead, { ok: true }>): SkippedEntry {
  const code = read.errorCode === undefined ? {} : { errorCode: read.errorCode };
  switch (read.reason) {
    case 'missing':
      return { path: rel, reason: 'vanished', ...code };
    case 'oversized':
      return { path: rel, reason: 'oversized', bytes: read.bytes ?? 0 };
    default:
      return { path: rel, reason: read.reason, ...code };
  }
}

/**
 * Reads a file the walk already accepted (size and mtime known): vanished, unreadable, over the cap (it
 * may have grown since the stat) or binary content becomes a skipped entry instead of an error. Security: the
 * read is bounded and checks the opened file, so a candidate swapped for a symlink to `/dev/zero` (or a FIFO)
 * after the walk's stat is refused as `not-a-file` instead of being read without end.
 */
export function readContent(
  fs: FsPort,
  abs: string,
  rel: string,
  maxSize: number,
): { ok: true; content: Buffer } | { ok: false; skipped: SkippedEntry } {
  const read = readVia(fs, abs, maxSize);
  if (!read.ok) return { ok: false, skipped: skippedOf(rel, read) };
  const content = read.bytes;
  if (looksBinary(content))
    return { ok: false, skipped: { path: rel, reason: 'binary', bytes: content.length } };
  return { ok: true, content };
}
