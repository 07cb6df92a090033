// What `sm activity install` remembers so uninstall can give a host's file back: `.skill-map/activity-hooks.bak`
// (gitignored by the `*.bak` rule of `.skill-map/.gitignore`), one entry per host.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomicSync } from '../../adapters/fs/atomic-write.js';
import { readBounded, SMALL_FILE_MAX_BYTES } from '../../adapters/fs/read-bounded.js';
import { ensureStateDir } from '../../adapters/fs/state-dir.js';
import { EngineError } from '../errors.js';
import type { ActivityHost } from './hook-hosts.js';

/** What install recorded of one host's file. */
export interface HostRecord {
  file: string;
  /** base64 of the bytes before install, or null when install created the file. */
  original: string | null;
  /** Folders install created for the file (outermost first), removed on uninstall when empty. */
  createdDirs: string[];
  /** sha256 of the bytes install wrote. */
  written: string;
  /**
   * When the capture was first installed (epoch ms), kept across re-installs: node-never-run does not report over a
   * window the capture did not cover. Absent in records written before it was kept.
   */
  installedAt?: number;
}

export interface RecordFile {
  schemaVersion: 1;
  hosts: Partial<Record<ActivityHost, HostRecord>>;
}

const RECORD = join('.skill-map', 'activity-hooks.bak');

export const sha = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

export function readRecord(root: string): RecordFile {
  try {
    // Security: bounded, like every read of a project file (a symlink to /dev/zero reads as no record).
    const read = readBounded(join(root, RECORD), SMALL_FILE_MAX_BYTES);
    const parsed = (read.ok ? JSON.parse(read.bytes.toString('utf8')) : null) as RecordFile | null;
    if (parsed === null) return { schemaVersion: 1, hosts: {} };
    if (parsed.schemaVersion === 1 && typeof parsed.hosts === 'object' && parsed.hosts !== null)
      return parsed;
  } catch {
    // No record (or an unreadable one): uninstall falls back to taking our entries out.
  }
  return { schemaVersion: 1, hosts: {} };
}

/** Writes the record atomically; an empty one is removed. */
export function writeRecord(root: string, record: RecordFile): void {
  const path = join(root, RECORD);
  if (Object.keys(record.hosts).length === 0) {
    rmSync(path, { force: true });
    return;
  }
  ensureStateDir(dirname(path));
  writeFileAtomicSync(path, `${JSON.stringify(record, null, 2)}\n`);
}

/** Forgets one host's entry (uninstall done, or nothing left to give back). */
export function forgetHost(root: string, record: RecordFile, host: ActivityHost): void {
  if (record.hosts[host] === undefined) return;
  delete record.hosts[host];
  writeRecord(root, record);
}

/**
 * A host hook file's bytes, or null when it does not exist. Security: a bounded read of a regular file; one that
 * is a device or FIFO (a symlink to /dev/zero), over 1 MiB or unreadable is refused as `hook-file-invalid`, naming
 * it, and nothing is written over it.
 */
export function readBytes(path: string): Buffer | null {
  const read = readBounded(path, SMALL_FILE_MAX_BYTES);
  if (read.ok) return read.bytes;
  if (read.reason === 'missing') return null;
  throw new EngineError(
    'hook-file-invalid',
    `${read.message}; move it, then run again (nothing was written)`,
    {
      details: { file: path },
    },
  );
}

/** Folders between the root and `file` that do not exist yet (outermost first). */
export function missingDirs(root: string, file: string): string[] {
  const out: string[] = [];
  for (let dir = dirname(file); dir !== '.' && dir !== ''; dir = dirname(dir))
    if (!existsSync(join(root, dir))) out.unshift(dir);
  return out;
}

/** Removes the folders install created, innermost first, while they are empty. */
export function removeCreatedDirs(root: string, dirs: readonly string[]): void {
  for (const dir of [...dirs].reverse()) {
    try {
      if (readdirSync(join(root, dir)).length === 0) rmdirSync(join(root, dir));
    } catch {
      // Already gone, or not ours to remove any more.
    }
  }
}
