import { join } from 'node:path';
import { isSkillstateError } from '../errors.js';
import { isPlainObject } from '../json.js';
import { storedForm } from '../redact.js';
import type { StoragePolicy } from '../redact.js';
import type { SessionMeta } from '../session.js';
import { atomicWriteFileSync } from './atomic-write.js';
import { CONFIG_FILE_MAX_BYTES, readBoundedTextSync } from './bounded-read.js';
import { withStateLock } from './lock.js';

/** The session sidecar's file name, next to each state file. */
export const SESSION_META_NAME = '.session-meta.json';

/** The sidecar path of a state directory. */
export function sessionMetaPath(stateDir: string): string {
  return join(stateDir, SESSION_META_NAME);
}

/**
 * Reads a state directory's session sidecar; null when missing, corrupt or not an object. One that is not a
 * regular file or is over the configuration size limit throws FILE_REFUSED naming it.
 */
export function readSessionMeta(stateDir: string): SessionMeta | null {
  try {
    const parsed: unknown = JSON.parse(readBoundedTextSync(sessionMetaPath(stateDir), CONFIG_FILE_MAX_BYTES));
    return isPlainObject(parsed) ? parsed : null;
  } catch (err) {
    if (isSkillstateError(err, 'FILE_REFUSED')) throw err;
    return null;
  }
}

/**
 * Shallow-merges `patch` into the sidecar under its own lock (never the state lock) and writes it atomically,
 * redacted unless the policy keeps secrets. Creates the directory and file as needed; returns what was written.
 */
export async function writeSessionMeta(
  stateDir: string,
  patch: Partial<SessionMeta>,
  policy: StoragePolicy = {},
): Promise<SessionMeta> {
  const path = sessionMetaPath(stateDir);
  return withStateLock(path, () => {
    const merged: SessionMeta = storedForm({ ...(readSessionMeta(stateDir) ?? {}), ...patch }, policy);
    atomicWriteFileSync(path, `${JSON.stringify(merged, null, 2)}\n`);
    return merged;
  });
}
