import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

let tempCounter = 0;

/**
 * A fresh sibling name: pid, a per-process counter and a random tail. It need not be secret: the file is
 * opened with `wx`, so a name someone planted fails instead of being followed.
 */
function tempSibling(path: string): string {
  tempCounter = (tempCounter + 1) % 0x7fffffff;
  const tail = Math.floor(Math.random() * 0x100000000).toString(36);
  return join(dirname(path), `${basename(path)}.tmp.${process.pid}.${tempCounter.toString(36)}${tail}`);
}

/**
 * Flushes a directory entry table so a completed rename survives a power cut. Platforms that cannot open a
 * directory for fsync (Windows) are skipped: there the rename is already as durable as it gets.
 */
export function fsyncDirectorySync(dir: string): void {
  let fd: number | undefined;
  try {
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
 */
export function atomicWriteFileSync(path: string, content: string | Uint8Array): void {
  const dir = dirname(path);
  const temp = tempSibling(path);
  let fd: number;
  try {
    // Security: `wx` refuses to follow a pre-planted file or symlink at the temp name.
    fd = openSync(temp, 'wx', 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    mkdirSync(dir, { recursive: true });
    fd = openSync(temp, 'wx', 0o644);
  }
  try {
    try {
      const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
      let offset = 0;
      while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  fsyncDirectorySync(dir);
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
    await rm(temp, { force: true });
    throw err;
  }
  fsyncDirectorySync(dir);
}
