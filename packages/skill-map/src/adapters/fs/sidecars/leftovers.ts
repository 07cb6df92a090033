import { readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { pidAlive } from '../lock-file.js';

/** A temp sibling of a `.sm` write: `.<name>.sm.<pid>-<hex>.tmp`, or `.<name>.sm.<hex>.tmp` from older versions. */
const TEMP = /^\.(.+\.sm)\.(?:(\d+)-)?[0-9a-f]{12}\.tmp$/;

/**
 * Removes the temp files that killed sidecar writers left in `dir` (a SIGKILL between the temp write and the
 * rename), so they do not linger in `git status`. Only dead writers' temps go: one named with the pid of a live
 * process is never touched. A temp without a pid (older versions) is removed only for `lockedBase`, the sidecar
 * whose lock the caller holds: no live writer can be in the middle of writing it. Failures are ignored: this is
 * housekeeping, and the write that follows must not fail for it.
 */
export function removeDeadTemps(dir: string, lockedBase: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = TEMP.exec(name);
    if (m === null) continue;
    const pid = m[2] === undefined ? null : Number(m[2]);
    const dead = pid === null ? m[1] === lockedBase : pid !== process.pid && !pidAlive(pid);
    if (!dead) continue;
    try {
      unlinkSync(join(dir, name));
    } catch {
      // Gone already, or not ours to remove: nothing to do.
    }
  }
}
