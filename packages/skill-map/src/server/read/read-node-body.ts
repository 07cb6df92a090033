import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Bodies above this size are not read on demand (the scanner skips such files too). */
export const MAX_BODY_BYTES = 1024 * 1024;

const FRONTMATTER = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/;

/** Strips a leading `---` YAML block (the simple, provider-agnostic rule `get_node` documents). */
export function stripFrontmatter(text: string): string {
  return text.replace(FRONTMATTER, '');
}

/**
 * Reads a node's file body for `get_node {includeBody}` / `?include=body`; null when it cannot or must not
 * be read. Security: the path must resolve INSIDE the scope root (no `..`, no absolute paths, no scheme
 * such as `mcp://`), and the final component is opened with O_NOFOLLOW so a symlink planted after the
 * scan cannot redirect the read outside the project.
 */
export async function readNodeBodyFile(scopeRoot: string, nodePath: string): Promise<string | null> {
  if (nodePath.includes('://') || isAbsolute(nodePath) || nodePath.includes('\0')) return null;
  const root = resolve(scopeRoot);
  const full = resolve(root, nodePath);
  const rel = relative(root, full);
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) return null;
  let handle;
  try {
    handle = await open(full, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const info = await handle.stat();
    if (!info.isFile() || info.size > MAX_BODY_BYTES) return null;
    return stripFrontmatter(await handle.readFile('utf8'));
  } catch {
    // Expected failures (vanished file, permission, symlink refused by O_NOFOLLOW) read as "no body".
    return null;
  } finally {
    await handle?.close();
  }
}
