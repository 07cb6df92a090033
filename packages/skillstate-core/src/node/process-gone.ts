/**
 * True only when no process with this pid exists on this machine (`kill(pid, 0)` answers ESRCH). Our own pid,
 * a process of another user (EPERM) and any other answer count as present: callers use this to decide that
 * something a process left behind (a lock, a temp file) is abandoned, so a doubt keeps it.
 */
export function processGone(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
