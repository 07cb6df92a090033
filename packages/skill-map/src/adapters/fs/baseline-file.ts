// Reading and writing a baseline file: the only I/O of the baseline engine. A write is atomic (temp sibling, fsync,
// rename), so a crash or a reader never sees half a baseline.
import { readFileSync } from 'node:fs';
import { AdapterError, errnoCode } from '../errors.js';
import { writeFileAtomicSync } from './atomic-write.js';

/** The text of the baseline at `path`, or null when there is no such file. */
export function readBaselineText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return null;
    throw new AdapterError('FILE_UNREADABLE', `cannot read baseline ${path}: ${(err as Error).message}`, {
      data: { path },
      cause: err,
    });
  }
}

/** Security: replaces the baseline at `path` with `text` atomically (never half-written). */
export function writeBaselineText(path: string, text: string): void {
  writeFileAtomicSync(path, text);
}
