import { statSync } from 'node:fs';

/**
 * Which file is at `path` now: inode plus birth time (inode numbers are reused after a delete, so the birth time
 * tells a replaced file apart). Null when nothing is there. Holders of an open database compare it to notice a
 * reset or rebuild that put a new file in place.
 */
export function fileIdentity(path: string): string | null {
  try {
    const st = statSync(path);
    return `${st.ino}:${st.birthtimeMs}`;
  } catch {
    return null;
  }
}
