import { constants } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isServerError, ServerError } from '../errors.js';

/** Bodies above this size are not read on demand (the scanner skips such files too). */
export const MAX_BODY_BYTES = 1024 * 1024;

const FRONTMATTER = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;

/** Strips a leading `---` YAML block (the simple, provider-agnostic rule `get_node` documents). */
export function stripFrontmatter(text: string): string {
  return text.replace(FRONTMATTER, '');
}

/** True when `path` is `root` itself or lies under it (both already resolved). */
function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

function outsideRoot(nodePath: string): ServerError {
  return new ServerError(
    'path-outside-root',
    `the file of ${nodePath} resolves outside the project (a symlink points out of it): its body is not read`,
    { details: { path: nodePath } },
  );
}

/**
 * The text of an opened file, or null past MAX_BODY_BYTES: at most the cap plus one byte is read, so a file that
 * grew since its stat (`size`) is never read without end.
 */
async function readCapped(handle: FileHandle, size: number): Promise<string | null> {
  let buffer = Buffer.allocUnsafe(Math.min(size, MAX_BODY_BYTES) + 1);
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length > MAX_BODY_BYTES) return null;
      const grown = Buffer.allocUnsafe(Math.min(length * 2, MAX_BODY_BYTES + 1));
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
    if (bytesRead === 0) return buffer.toString('utf8', 0, length);
    length += bytesRead;
  }
}

/**
 * Reads a node's file body for `get_node {includeBody}` / `?include=body`; null when it cannot be read (vanished,
 * not a regular file (a FIFO is never opened), too large (also when it grows while read), permission, a file
 * symlink). Security: the path must resolve INSIDE the scope
 * root (no `..`, no absolute paths, no scheme such as `mcp://`), and so must its folder once every symlink on the
 * way is resolved (a directory symlink repointed out of the project after the scan); the file itself is opened
 * with O_NOFOLLOW. A path that leads out of the project throws `path-outside-root`, and the opened file is
 * checked to still be the one that was confined (a folder swapped between the check and the open).
 */
export async function readNodeBodyFile(scopeRoot: string, nodePath: string): Promise<string | null> {
  if (nodePath.includes('://') || isAbsolute(nodePath) || nodePath.includes('\0')) return null;
  const root = resolve(scopeRoot);
  const full = resolve(root, nodePath);
  if (full === root || !isInside(root, full)) return null;
  let realRoot: string;
  let realDir: string;
  try {
    [realRoot, realDir] = await Promise.all([realpath(root), realpath(dirname(full))]);
  } catch {
    return null; // vanished or dangling: no body
  }
  if (!isInside(realRoot, realDir)) throw outsideRoot(nodePath);
  const target = join(realDir, basename(full));
  let handle;
  try {
    const link = await lstat(target);
    if (link.isSymbolicLink()) {
      // Never followed (O_NOFOLLOW); one that leads out of the project is refused by name.
      const dest = await realpath(target).catch(() => null);
      if (dest !== null && !isInside(realRoot, dest)) throw outsideRoot(nodePath);
      return null;
    }
    // Security: a FIFO, device or socket is never opened (a FIFO's open waits for a writer, holding a threadpool
    // thread for good); O_NONBLOCK covers one swapped in between the lstat and the open.
    if (!link.isFile()) return null;
    handle = await open(
      target,
      constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0),
    );
    const [info, dirNow] = await Promise.all([handle.stat(), realpath(realDir)]);
    if (dirNow !== realDir || info.ino !== link.ino || info.dev !== link.dev) throw outsideRoot(nodePath);
    if (!info.isFile() || info.size > MAX_BODY_BYTES) return null;
    const text = await readCapped(handle, info.size);
    return text === null ? null : stripFrontmatter(text);
  } catch (err) {
    if (isServerError(err)) throw err;
    // Expected failures (vanished file, permission, symlink refused by O_NOFOLLOW) read as "no body".
    return null;
  } finally {
    await handle?.close();
  }
}
