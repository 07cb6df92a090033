import { existsSync, readdirSync, realpathSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { AdapterError } from '../errors.js';
import { writeFileAtomicSync } from './atomic-write.js';
import { readBounded, SMALL_FILE_MAX_BYTES } from './read-bounded.js';

/** A folder of plain files the engines install into a project (the processing-agent skill). */
export interface SkillFolder {
  /** The folder's absolute path. */
  readonly dir: string;
  /** True when the folder exists (as a directory). */
  exists(): boolean;
  /**
   * A file's bytes as UTF-8 text, or null when it does not exist; one that is not a regular file, over 1 MiB or
   * unreadable throws `FILE_UNREADABLE` naming it.
   */
  read(name: string): string | null;
  /** Writes one file atomically (temp sibling + rename), creating the folder. */
  write(name: string, text: string): void;
  /** Removes one file; nothing when absent. */
  remove(name: string): void;
  /**
   * Security: true when the folder (or the nearest of its ancestors that exists) resolves, through symlinks, to a
   * place outside `root`, so a write would land outside the project.
   */
  escapes(root: string): boolean;
  /** The names in the folder ([] when it does not exist). */
  list(): string[];
  /** Removes the folder when nothing is left in it; true when it did. */
  removeIfEmpty(): boolean;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The folder at `dir` (absolute). */
export function openSkillFolder(dir: string): SkillFolder {
  return {
    dir,
    exists: () => isDirectory(dir),
    read(name) {
      // Security: bounded, so a committed symlink to /dev/zero in the folder is refused, not read without end.
      const read = readBounded(join(dir, name), SMALL_FILE_MAX_BYTES);
      if (read.ok) return read.bytes.toString('utf8');
      if (read.reason === 'missing') return null;
      throw new AdapterError('FILE_UNREADABLE', `${read.message}; move it out of the way and run again`, {
        data: { path: join(dir, name), reason: read.reason },
      });
    },
    write: (name, text) => writeFileAtomicSync(join(dir, name), text),
    remove: (name) => rmSync(join(dir, name), { force: true }),
    escapes(root) {
      let at = dir;
      while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
      const real = realpathSync(at);
      const base = realpathSync(root);
      return real !== base && !real.startsWith(base + sep);
    },
    list: () => (isDirectory(dir) ? readdirSync(dir).sort() : []),
    removeIfEmpty() {
      if (!isDirectory(dir) || readdirSync(dir).length > 0) return false;
      rmdirSync(dir);
      return true;
    },
  };
}

/** Which of `names` (project-relative paths) exist under `root`. */
export function presentEntries(root: string, names: readonly string[]): string[] {
  return names.filter((name) => {
    try {
      statSync(join(root, name));
      return true;
    } catch {
      return false;
    }
  });
}
