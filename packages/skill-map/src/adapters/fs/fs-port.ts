import { readdirSync, realpathSync, statSync } from 'node:fs';
import { errnoCode } from '../errors.js';
import { readBounded } from './read-bounded.js';
import type { BoundedRead } from './read-bounded.js';

/** One directory entry as the walker needs it (a subset of `fs.Dirent`). */
export interface DirEntry {
  readonly name: string;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/** The file metadata the walker needs (a subset of `fs.Stats`). */
export interface FileStat {
  readonly size: number;
  readonly mtimeMs: number;
  isFile(): boolean;
  isDirectory(): boolean;
}

/**
 * The synchronous filesystem operations the walker performs. Synchronous on purpose: a 10,000-file walk is
 * syscall-bound and the sync calls avoid one thread-pool round trip per entry. Tests inject a wrapper to
 * simulate races (a file vanishing between readdir and read) or permission errors without root tricks.
 */
export interface FsPort {
  readdir(absPath: string): DirEntry[];
  stat(absPath: string): FileStat;
  realpath(absPath: string): string;
  /**
   * At most `maxBytes` of a regular file (see `readBounded`): a device, FIFO or socket, a file over the cap or one
   * that cannot be read comes back as a failure naming the path, never as an endless read.
   */
  readFile(absPath: string, maxBytes: number): BoundedRead;
}

/** The real filesystem. */
export const NODE_FS: FsPort = {
  readdir: (absPath) => readdirSync(absPath, { withFileTypes: true }),
  stat: (absPath) => statSync(absPath),
  realpath: (absPath) => realpathSync.native(absPath),
  readFile: (absPath, maxBytes) => readBounded(absPath, maxBytes),
};

/** `fs.readFile` with anything an injected port throws turned into the failure it stands for (never throws). */
export function readVia(fs: FsPort, absPath: string, maxBytes: number): BoundedRead {
  try {
    return fs.readFile(absPath, maxBytes);
  } catch (err) {
    const code = errnoCode(err);
    const reason = code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'unreadable';
    return {
      ok: false,
      reason,
      message: `${absPath} could not be read (${code ?? String(err)})`,
      ...(code === undefined ? {} : { errorCode: code }),
    };
  }
}
