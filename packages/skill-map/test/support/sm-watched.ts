// Runs the BUILT `sm` bin under a memory watchdog, for inputs that once made it read without end (a symlink to
// /dev/zero): the child is killed as soon as its resident memory passes a ceiling, so such a regression fails the
// test at once, with the reason, instead of filling the machine's memory.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnSm } from './sm-bin.js';
import type { BinRun, RunSmOptions } from './sm-bin.js';

/** Resident memory an `sm` child may reach before the watchdog kills it (a small project needs under 150 MB). */
export const RSS_CEILING_MB = 400;

/** A finished run, and whether the watchdog had to kill it (with the peak it saw). */
export interface WatchedRun extends BinRun {
  readonly overgrown: boolean;
  readonly peakRssMb: number;
}

/** Resident memory of a live process in MB, from /proc (0 where /proc is missing or the process is gone). */
function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Watches a child's memory until it exits; kills it past the ceiling. */
export function watchMemory(
  child: ChildProcessWithoutNullStreams,
  ceilingMb = RSS_CEILING_MB,
): { overgrown(): boolean; peakRssMb(): number; stop(): void } {
  let peak = 0;
  let overgrown = false;
  const timer = setInterval(() => {
    const now = rssMb(child.pid);
    peak = Math.max(peak, now);
    if (now > ceilingMb && !overgrown) {
      overgrown = true;
      child.kill('SIGKILL');
    }
  }, 20);
  child.once('exit', () => clearInterval(timer));
  return { overgrown: () => overgrown, peakRssMb: () => peak, stop: () => clearInterval(timer) };
}

/** `node bin/sm.js <argv>` to completion under the memory watchdog; `input` goes to its stdin. */
export function runSmWatched(
  argv: readonly string[],
  opts: RunSmOptions & { input?: string },
): Promise<WatchedRun> {
  const child = spawnSm(argv, opts);
  const watch = watchMemory(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  child.stdin.on('error', () => {});
  child.stdin.end(opts.input ?? '');
  return new Promise((resolve) =>
    child.on('close', (code) =>
      resolve({ code, stdout, stderr, overgrown: watch.overgrown(), peakRssMb: watch.peakRssMb() }),
    ),
  );
}

/** A watched `sm serve` that wrote its serve.json (or why it did not), and how to stop it. */
export interface WatchedServe {
  readonly baseUrl: string | null;
  readonly overgrown: () => boolean;
  readonly stderr: () => string;
  stop(): Promise<void>;
}

/**
 * Spawns `sm serve --port 0 --no-open <argv>` under the watchdog and waits until its serve.json names it, or until
 * it exits (or is killed for its memory): `baseUrl` is null then.
 */
export async function spawnServeWatched(cwd: string, argv: readonly string[] = []): Promise<WatchedServe> {
  const child = spawnSm(['serve', '--port', '0', '--no-open', ...argv], { cwd });
  const watch = watchMemory(child);
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  child.stdout.resume();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const infoPath = join(cwd, '.skill-map', 'serve.json');
  let baseUrl: string | null = null;
  while (baseUrl === null && child.exitCode === null && child.signalCode === null) {
    const info = readInfo(infoPath);
    if (info !== null && info.pid === child.pid) baseUrl = `http://${info.host}:${info.port}`;
    else await sleep(50);
  }
  return {
    baseUrl,
    overgrown: () => watch.overgrown(),
    stderr: () => err,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      watch.stop();
    },
  };
}

/** serve.json once the server wrote it: a committed one that is a symlink (to /dev/zero) is not read. */
function readInfo(path: string): { host: string; port: number; pid: number } | null {
  try {
    if (!lstatSync(path).isFile()) return null;
    return JSON.parse(readFileSync(path, 'utf8')) as { host: string; port: number; pid: number };
  } catch {
    return null;
  }
}
