import { renameSync } from 'node:fs';
import type { VersionedState } from '../envelope.js';
import { toEnvelope } from '../envelope.js';
import { isSkillstateError } from '../errors.js';
import { cloneJson } from '../json.js';
import { storedForm } from '../redact.js';
import type { StoragePolicy } from '../redact.js';
import { atomicWriteFileSync } from './atomic-write.js';
import { readBoundedFileSync, STATE_FILE_MAX_BYTES } from './bounded-read.js';
import { resolveStatePath } from './paths.js';
import { checkedStateText, readStateFile, stateUnreadableError } from './state-file.js';

/** Somewhere a versioned state can be loaded from and saved to. */
export interface StateStore {
  load(): Promise<VersionedState | null>;
  save(state: VersionedState): Promise<void>;
  snapshot?(): Promise<void>;
}

/**
 * Copies the current bytes of a state file to `<path>.snapshot` (atomic); no-op when there is no file or it
 * cannot be read. A file that is not a regular one, or is over the state size limit, throws FILE_REFUSED.
 */
export function snapshotStateFile(path: string): void {
  let bytes: Buffer;
  try {
    bytes = readBoundedFileSync(path, STATE_FILE_MAX_BYTES);
  } catch (err) {
    if (isSkillstateError(err, 'FILE_REFUSED')) throw err;
    return;
  }
  atomicWriteFileSync(`${path}.snapshot`, bytes);
}

/**
 * Keeps an unusable state file aside as `<path>.corrupt-<time>` so that a recovery write (rollback) loses
 * nothing: a copy of a readable file, else the entry itself renamed (a symbolic link, a FIFO or an oversized
 * file is moved, never read). Returns the new name.
 */
export function preserveUnreadableFile(path: string, now: Date): string {
  const aside = `${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;
  let bytes: Buffer | undefined;
  try {
    bytes = readBoundedFileSync(path, STATE_FILE_MAX_BYTES);
  } catch {
    bytes = undefined;
  }
  if (bytes === undefined) renameSync(path, aside);
  else atomicWriteFileSync(aside, bytes);
  return aside;
}

/** A state file confined to `root`. Saving never overwrites a file that exists but cannot be read. */
export class FileStore implements StateStore {
  readonly path: string;
  readonly #policy: StoragePolicy;

  /** A store of `<root>/<name>`; what it saves is redacted unless `policy` keeps secrets. */
  constructor(root: string, name: string, policy: StoragePolicy = {}) {
    this.path = resolveStatePath(root, name);
    this.#policy = policy;
  }

  /** The stored envelope, or null when missing or unusable. */
  load(): Promise<VersionedState | null> {
    const read = readStateFile(this.path);
    return Promise.resolve(read.kind === 'ok' ? read.envelope : null);
  }

  /** Atomically writes compact JSON (redacted by default); refuses when the existing file is unusable. */
  save(state: VersionedState): Promise<void> {
    const read = readStateFile(this.path);
    if (read.kind === 'unreadable') return Promise.reject(stateUnreadableError(this.path, read.reason));
    atomicWriteFileSync(
      this.path,
      checkedStateText(this.path, JSON.stringify(toEnvelope(storedForm(state.state, this.#policy)))),
    );
    return Promise.resolve();
  }

  /** Pins the current file to `<path>.snapshot`. */
  snapshot(): Promise<void> {
    snapshotStateFile(this.path);
    return Promise.resolve();
  }
}

/** An in-memory store for tests and embedders; every save and load is a deep copy. */
export class MemoryStore implements StateStore {
  #current: VersionedState | null = null;
  readonly #snapshots: VersionedState[] = [];

  load(): Promise<VersionedState | null> {
    return Promise.resolve(this.#current === null ? null : cloneJson(this.#current));
  }

  save(state: VersionedState): Promise<void> {
    this.#current = cloneJson(state);
    return Promise.resolve();
  }

  snapshot(): Promise<void> {
    if (this.#current !== null) this.#snapshots.push(cloneJson(this.#current));
    return Promise.resolve();
  }

  /** Copies of every snapshot taken, oldest first. */
  get snapshots(): VersionedState[] {
    return this.#snapshots.map((s) => cloneJson(s));
  }
}
