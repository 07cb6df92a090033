import { readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';

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
  readFile(absPath: string): Buffer;
}

/** The real filesystem. */
export const NODE_FS: FsPort = {
  readdir: (absPath) => readdirSync(absPath, { withFileTypes: true }),
  stat: (absPath) => statSync(absPath),
  realpath: (absPath) => realpathSync.native(absPath),
  readFile: (absPath) => readFileSync(absPath),
};
