// A long-running child read line by line: its stdout as a queue of lines, its stderr so far, and its exit.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

/** A followed child process. */
export interface Followed {
  /** The next stdout line (waits for it). */
  next(): Promise<string>;
  /** What the child wrote on stderr so far. */
  stderr(): string;
  /** Its exit code once it exits. */
  readonly exited: Promise<number | null>;
}

/** Starts reading `proc`'s stdout by lines and collecting its stderr. */
export function follow(proc: ChildProcessWithoutNullStreams): Followed {
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: proc.stdout }).on('line', (line) => {
    const w = waiting.shift();
    if (w === undefined) lines.push(line);
    else w(line);
  });
  let err = '';
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((done) => proc.once('exit', (code) => done(code)));
  return {
    next: () => {
      const line = lines.shift();
      return line === undefined ? new Promise((done) => waiting.push(done)) : Promise.resolve(line);
    },
    stderr: () => err,
    exited,
  };
}

/** Polls `check` every 25 ms until it holds (the test's own timeout bounds the wait). */
export async function until(check: () => boolean): Promise<void> {
  while (!check()) await sleep(25);
}
