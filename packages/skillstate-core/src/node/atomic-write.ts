import {
  closeSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { processGone } from './process-gone.js';

let tempCounter = 0;

/**
 * A fresh sibling name: pid, a per-process counter and a random tail. It need not be secret: the file is
 * opened with `wx`, so a name someone planted fails instead of being followed.
 */
function tempSibling(path: string): string {
  // Stryker disable next-line ArithmeticOperator: the counter only varies the name; the random tail and `wx` already keep it fresh
  tempCounter = (tempCounter + 1) % 0x7fffffff;
  // Stryker disable next-line ArithmeticOperator: any random tail does; `wx` refuses a name that exists
  const tail = Math.floor(Math.random() * 0x100000000).toString(36);
  return join(dirname(path), `${basename(path)}.tmp.${process.pid}.${tempCounter.toString(36)}${tail}`);
}

/**
 * How old a temp sibling of a writer that may still be alive must be before it counts as abandoned. A write
 * holds its temp file for milliseconds; this only matters when a dead writer's pid was reused.
 */
export const ORPHAN_TEMP_AGE_MS = 10 * 60 * 1000;

/**
 * Removes temp siblings of `path` that a killed writer left behind: only names this module makes for this
 * very file (`<name>.tmp.<pid>.<tail>`), and only when that writer's process is gone, or (its pid reused) the
 * file is older than {@link ORPHAN_TEMP_AGE_MS}. A live writer's temp file is never touched. Best effort.
 */
export function removeOrphanTemps(path: string, now: number = Date.now()): void {
  const dir = dirname(path);
  const prefix = `${basename(path)}.tmp.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(\d+)\.[0-9a-z]+$/.exec(name.slice(prefix.length));
    if (match === null) continue;
    const temp = join(dir, name);
    try {
      const stat = lstatSync(temp);
      if (!stat.isFile()) continue;
      // Stryker disable next-line EqualityOperator: `<` vs `<=` differ only at the very millisecond of the age limit
      if (!processGone(Number(match[1])) && now - stat.mtimeMs < ORPHAN_TEMP_AGE_MS) continue;
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: without `force` the removal of a file that is there behaves the same (errors are swallowed)
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: the temp file exists here, so `force` changes nothing
      rmSync(temp, { force: true });
    } catch {
      // Gone already, or not ours to remove: leave it.
    }
  }
}

/**
 * Flushes a directory entry table so a completed rename survives a power cut. Platforms that cannot open a
 * directory for fsync (Windows) are skipped: there the rename is already as durable as it gets.
 */
// Stryker disable next-line BlockStatement: a directory fsync only matters after a power cut, which no test can cause
export function fsyncDirectorySync(dir: string): void {
  let fd: number | undefined;
  // Stryker disable next-line BlockStatement: as above, skipping the fsync is invisible short of a power cut
  try {
    // Stryker disable next-line StringLiteral: opening '' fails into the catch: the fsync is skipped, as above
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Not supported here (EISDIR/EPERM on Windows, EINVAL on some network filesystems): best effort.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes `content` to `path` so that readers see either the old file or the whole new one, never a torn write:
 * temp sibling, fsync, rename over the target, then fsync of the directory. Creates parent directories.
 * Temp siblings a killed writer left behind are removed afterwards ({@link removeOrphanTemps}).
 */
export function atomicWriteFileSync(path: string, content: string | Uint8Array): void {
  const dir = dirname(path);
  const temp = tempSibling(path);
  let fd: number;
  try {
    // Security: `wx` refuses to follow a pre-planted file or symlink at the temp name.
    fd = openSync(temp, 'wx', 0o644);
  } catch (err) {
    // Stryker disable next-line ConditionalExpression: on any other error the retry after mkdir throws it again
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(dir, { recursive: true });
    fd = openSync(temp, 'wx', 0o644);
  }
  try {
    try {
      const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      let offset = 0;
      // Stryker disable next-line ArithmeticOperator: a regular file takes the whole buffer in one writeSync, so only the first (offset 0) call runs
      while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (err) {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: the temp file exists here, so `force` changes nothing
    rmSync(temp, { force: true });
    throw err;
  }
  fsyncDirectorySync(dir);
  removeOrphanTemps(path);
}

/** Asynchronous twin of {@link atomicWriteFileSync}, for callers that must not block the event loop. */
export async function atomicWriteFile(path: string, content: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temp = tempSibling(path);
  const handle = await open(temp, 'wx', 0o644);
  try {
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (err) {
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: the temp file exists here, so `force` changes nothing
    await rm(temp, { force: true });
    throw err;
  }
  fsyncDirectorySync(dir);
  removeOrphanTemps(path);
}
