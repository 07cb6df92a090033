import { copyFileSync, readFileSync, renameSync } from 'node:fs';
import type { VersionedState } from '../envelope.js';
import { toEnvelope } from '../envelope.js';
import { cloneJson } from '../json.js';
import { atomicWriteFileSync } from './atomic-write.js';
import { resolveStatePath } from './paths.js';
import { readStateFile, stateUnreadableError } from './state-file.js';

/** Somewhere a versioned state can be loaded from and saved to. */
export interface StateStore {
  load(): Promise<VersionedState | null>;
  save(state: VersionedState): Promise<void>;
  snapshot?(): Promise<void>;
}

/** Copies the current bytes of a state file to `<path>.snapshot` (atomic); no-op when there is no file. */
export function snapshotStateFile(path: string): void {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return;
  }
  atomicWriteFileSync(`${path}.snapshot`, bytes);
}

/**
 * Moves an unusable state file aside as `<path>.corrupt-<time>` so that a recovery write (rollback) loses
 * nothing. Returns the new name.
 */
export function preserveUnreadableFile(path: string, now: Date): string {
  const aside = `${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;
  try {
    copyFileSync(path, aside);
  } catch {
    renameSync(path, aside);
  }
  return aside;
}

/** A state file confined to `root`. Saving never overwrites a file that exists but cannot be read. */
export class FileStore implements StateStore {
  readonly path: string;

  constructor(root: string, name: string) {
    this.path = resolveStatePath(root, name);
  }

  /** The stored envelope, or null when missing or unusable. */
  load(): Promise<VersionedState | null> {
    const read = readStateFile(this.path);
    return Promise.resolve(read.kind === 'ok' ? read.envelope : null);
  }

  /** Atomically writes compact JSON; refuses when the existing file is unusable. */
  save(state: VersionedState): Promise<void> {
    const read = readStateFile(this.path);
    if (read.kind === 'unreadable') return Promise.reject(stateUnreadableError(this.path, read.reason));
    atomicWriteFileSync(this.path, JSON.stringify(toEnvelope(state.state)));
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
