import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync, rmdirSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { atomicWriteFileSync, CONFIG_FILE_MAX_BYTES, readBoundedFileSync } from '@skillstate/core';

/** SHA-256 of some bytes, hex. */
export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The bytes of a file, or undefined when it does not exist. Only a regular file of at most `maxBytes` is read;
 * anything else throws FILE_REFUSED naming it (the run then stops before writing anything).
 */
export function readBytes(path: string, maxBytes: number = CONFIG_FILE_MAX_BYTES): Buffer | undefined {
  try {
    return readBoundedFileSync(path, maxBytes);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** One file operation, planned in full before anything is written. */
export interface FileChange {
  abs: string;
  /** How the path is shown to the user. */
  display: string;
  before: Buffer | undefined;
  /** New content; undefined deletes the file. */
  after: Buffer | string | undefined;
  /** Where the old bytes are copied first, when they deserve a backup. */
  backupAbs?: string;
  backupDisplay?: string;
  verb: 'create' | 'update' | 'replace' | 'restore' | 'delete';
  /** Extra words after the path (`(claude: mcpServers.skillstate)`). */
  detail: string;
}

/** Prints progress lines; in dry-run mode every line is prefixed `[dry-run]`. */
export class Reporter {
  constructor(
    private readonly write: (line: string) => void,
    readonly dryRun: boolean,
  ) {}

  /** Prints one informational line. */
  line(text: string): void {
    this.write(this.dryRun ? `[dry-run] ${text}` : text);
  }

  /** Prints what a change does (or would do). */
  change(c: FileChange): void {
    const past = {
      create: 'created',
      update: 'updated',
      replace: 'replaced',
      restore: 'restored',
      delete: 'deleted',
    };
    this.line(`${this.dryRun ? `would ${c.verb}` : past[c.verb]} ${c.display}${c.detail}`);
    if (c.backupDisplay !== undefined) {
      this.line(
        `${this.dryRun ? 'would back up' : 'backed up'} the previous ${c.display} to ${c.backupDisplay}`,
      );
    }
  }
}

/** A free backup name `<file>.bak.<time>` (time in ISO form with `:` and `.` made `-`). */
export function backupPathFor(abs: string, now: Date, taken: ReadonlySet<string> = new Set()): string {
  const base = `${abs}.bak.${now.toISOString().replace(/[:.]/g, '-')}`;
  let candidate = base;
  for (let n = 1; existsSync(candidate) || taken.has(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}

/** Ancestors of `file` that do not exist yet, deepest first, stopping before `stopAt`. */
export function missingDirs(file: string, stopAt: string): string[] {
  const out: string[] = [];
  const stop = resolve(stopAt);
  for (let dir = dirname(resolve(file)); dir !== stop && dir.startsWith(stop + sep); dir = dirname(dir)) {
    if (existsSync(dir)) break;
    out.push(dir);
  }
  return out;
}

/**
 * Of the given directories, those that will be empty once `deleted` paths are gone (counting nested
 * removable directories), deepest first. Works before anything is deleted, so dry runs report it too.
 */
export function removableDirs(dirs: readonly string[], deleted: ReadonlySet<string>): string[] {
  const removable = new Set<string>();
  const byDepth = [...new Set(dirs)].sort((a, b) => b.split(sep).length - a.split(sep).length);
  for (const dir of byDepth) {
    if (!existsSync(dir)) continue;
    const entries = readdirSync(dir).map((e) => join(dir, e));
    if (entries.every((e) => deleted.has(e) || removable.has(e))) removable.add(dir);
  }
  return [...removable];
}

/** Applies planned changes: backup first, then an atomic write or a delete; then removes empty dirs. */
export function applyChanges(changes: readonly FileChange[], dirsToRemove: readonly string[] = []): void {
  for (const c of changes) {
    if (c.backupAbs !== undefined && c.before !== undefined) atomicWriteFileSync(c.backupAbs, c.before);
    if (c.after === undefined) rmSync(c.abs, { force: true });
    else atomicWriteFileSync(c.abs, c.after);
  }
  for (const dir of dirsToRemove) {
    try {
      rmdirSync(dir);
    } catch {
      // Something new appeared in it since planning: leaving a directory behind is the safe outcome.
    }
  }
}
