// The floor of a state write, shared by the in-process loop and the ideal stdio server of bench:skillstate:
// what any correct writer must do per patch (a lockfile, an atomic write with fsync of the file and of the
// directory, the lock's removal), with nothing else around it.
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export const FLOOR_BODY = JSON.stringify(
  { version: 1, state: { goal: 'x'.repeat(64), progress: [1, 2, 3] } },
  null,
  2,
);

/** One floor write of `body` to `target` (`i` keeps temp names unique). */
export function floorWrite(target, body, i) {
  const lock = `${target}.lock`;
  const lfd = openSync(lock, 'wx');
  writeSync(lfd, String(process.pid));
  closeSync(lfd);
  const temp = `${target}.tmp.${i}`;
  const fd = openSync(temp, 'wx');
  writeSync(fd, body);
  fsyncSync(fd);
  closeSync(fd);
  renameSync(temp, target);
  const dfd = openSync(dirname(target), 'r');
  fsyncSync(dfd);
  closeSync(dfd);
  unlinkSync(lock);
}
