// The fixes engine's file port over the real filesystem: bounded reads and atomic writes of project files, only
// inside the project root and never through a symlink. The engine (engines/fixes) speaks only FixFilesPort, so tests
// and other hosts can give it another implementation.
import { chmodSync, lstatSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { isNormalPath } from '../../kernel/util/posix-path.js';
import { writeFileAtomicSync } from './atomic-write.js';
import { readBounded } from './read-bounded.js';

/** A project file's bytes, or why there are none. */
export type FixRead =
  { readonly ok: true; readonly bytes: Uint8Array } | { readonly ok: false; readonly why: string };

/** The outcome of a write: done, or why not (the file is left as it was). */
export type FixWrite = { readonly ok: true } | { readonly ok: false; readonly why: string };

/** Project files, addressed by project-relative POSIX path. */
export interface FixFilesPort {
  /** The file's current bytes. */
  read(path: string): FixRead;
  /** Replaces the file's content with `text` (UTF-8) atomically: never half-written. */
  write(path: string, text: string): FixWrite;
}

/** Largest file a fix reads (a scanned file is far smaller; the cap keeps a swapped-in huge file out of memory). */
const FIX_FILE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Security: the absolute path of a project-relative `path` when it stays inside `root` once symlinked folders are
 * resolved, else null (a fix never writes outside the project).
 */
function inside(root: string, path: string): string | null {
  if (path === '' || path.startsWith('/') || !isNormalPath(path)) return null;
  const abs = resolve(root, ...path.split('/'));
  try {
    const realRoot = realpathSync(root);
    const rel = relative(realRoot, join(realpathSync(dirname(abs)), abs.slice(dirname(abs).length + 1)));
    return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' ? abs : null;
  } catch {
    return null;
  }
}

/** A {@link FixFilesPort} over the files under `root`. */
export function createFixFiles(root: string): FixFilesPort {
  return {
    read(path: string): FixRead {
      const abs = inside(root, path);
      if (abs === null) return { ok: false, why: `'${path}' is not a file inside the project` };
      const read = readBounded(abs, FIX_FILE_MAX_BYTES);
      return read.ok ? { ok: true, bytes: read.bytes } : { ok: false, why: read.message };
    },
    write(path: string, text: string): FixWrite {
      const abs = inside(root, path);
      if (abs === null) return { ok: false, why: `'${path}' is not a file inside the project` };
      try {
        const stat = lstatSync(abs);
        // Security: replacing a symlink by a regular file would change what it is, not just what it says.
        if (!stat.isFile())
          return { ok: false, why: `'${path}' is not a regular file (a symlink is never rewritten)` };
        writeFileAtomicSync(abs, text);
        // The temp file was created 0644: give the file back its own mode (an executable stays one).
        if ((stat.mode & 0o7777) !== 0o644) chmodSync(abs, stat.mode & 0o7777);
        return { ok: true };
      } catch (err) {
        return {
          ok: false,
          why: `'${path}' could not be written (${err instanceof Error ? err.message : String(err)})`,
        };
      }
    },
  };
}
