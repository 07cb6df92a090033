import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';

function fsyncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Platforms that cannot fsync a directory (Windows) already made the rename as durable as it gets.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Security: writes `text` to `path` atomically (a temp sibling, fsync, rename over the target, fsync of
 * the directory), so a crash or a concurrent reader never sees a half-written settings file.
 */
export function writeFileAtomicSync(path: string, text: string | Uint8Array): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fd = openSync(temp, 'wx', 0o644);
    try {
      if (typeof text === 'string') writeSync(fd, text);
      else writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  fsyncDirectory(dir);
}
