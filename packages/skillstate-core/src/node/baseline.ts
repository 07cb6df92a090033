import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPlainObject } from '../json.js';
import type { JsonObject } from '../json.js';
import { atomicWriteFileSync } from './atomic-write.js';

/** The file, next to a state file, that remembers the state as of the last `state.diff`. */
export const DIFF_BASELINE_NAME = '.diff-baseline.json';

/** The persisted diff baseline of a state directory, or null when absent or unusable. */
export function readDiffBaseline(stateDir: string): JsonObject | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(stateDir, DIFF_BASELINE_NAME), 'utf8'));
    return isPlainObject(parsed) ? (parsed as JsonObject) : null;
  } catch {
    return null;
  }
}

/** Pins the diff baseline of a state directory (atomic; callers hold the state lock). */
export function writeDiffBaseline(stateDir: string, state: JsonObject): void {
  atomicWriteFileSync(join(stateDir, DIFF_BASELINE_NAME), JSON.stringify(state, null, 2));
}
