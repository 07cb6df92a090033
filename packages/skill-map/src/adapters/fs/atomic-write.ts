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
 * The temp sibling a write of `path` goes through: `.<name>.<pid>-<12 hex>.tmp`. The writer's pid in the name lets
 * a later writer tell a dead writer's leftover from a live writer's temp.
 */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
}

/**
 * Security: writes `text` to `path` atomically (a temp sibling, fsync, rename over the target, fsync of
 * the directory), so a crash or a concurrent reader never sees a half-written settings file.
 */
export function writeFileAtomicSync(path: string, text: string | Uint8Array): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = tempPathFor(path);
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
