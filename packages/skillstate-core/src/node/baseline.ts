import { join } from 'node:path';
import { isSkillstateError } from '../errors.js';
import { isPlainObject } from '../json.js';
import type { JsonObject } from '../json.js';
import { storedForm } from '../redact.js';
import type { StoragePolicy } from '../redact.js';
import { atomicWriteFileSync } from './atomic-write.js';
import { readBoundedTextSync, STATE_FILE_MAX_BYTES } from './bounded-read.js';

/** The file, next to a state file, that remembers the state as of the last `state.diff`. */
export const DIFF_BASELINE_NAME = '.diff-baseline.json';

/**
 * The persisted diff baseline of a state directory, or null when absent or corrupt. One that is not a regular
 * file or is over the state size limit throws FILE_REFUSED naming it.
 */
export function readDiffBaseline(stateDir: string): JsonObject | null {
  try {
    const text = readBoundedTextSync(join(stateDir, DIFF_BASELINE_NAME), STATE_FILE_MAX_BYTES);
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? (parsed as JsonObject) : null;
  } catch (err) {
    if (isSkillstateError(err, 'FILE_REFUSED')) throw err;
    return null;
  }
}

/** Pins the diff baseline of a state directory (atomic, redacted unless the policy keeps secrets; locked). */
export function writeDiffBaseline(stateDir: string, state: JsonObject, policy: StoragePolicy = {}): void {
  atomicWriteFileSync(join(stateDir, DIFF_BASELINE_NAME), JSON.stringify(storedForm(state, policy), null, 2));
}
