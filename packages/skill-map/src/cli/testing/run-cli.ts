// Test support: runs `main` in process with captured streams (never used by the bin).
import { PassThrough } from 'node:stream';
import { main } from '../main.js';
import type { CliStream } from '../io.js';

/** A captured stream; `text()` is everything written so far. */
export interface CapturedStream extends CliStream {
  text(): string;
}

/** Captures writes; `isTTY` and `columns` pretend to be a terminal when asked. */
export function captureStream(tty = false, columns = 100): CapturedStream {
  const chunks: string[] = [];
  return {
    write: (text: string) => chunks.push(text),
    isTTY: tty,
    columns,
    text: () => chunks.join(''),
  };
}

/** What one in-process run produced. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout parsed as JSON (throws when it is not exactly one JSON document). */
  json<T = Record<string, unknown>>(): T;
}

/** Options of `runCli`. */
export interface RunCliOptions {
  readonly cwd: string;
  readonly env?: Record<string, string | undefined>;
  /** Pretend stdout/stderr are terminals (colour, progress bar). */
  readonly tty?: boolean;
}

/** Runs `sm <argv>` in process. The environment is empty unless given (no NO_COLOR/SKILL_MAP_* leaks in). */
export async function runCli(argv: readonly string[], opts: RunCliOptions): Promise<CliRun> {
  const stdout = captureStream(opts.tty);
  const stderr = captureStream(opts.tty);
  const code = await main(argv, {
    stdout,
    stderr,
    stdin: new PassThrough(),
    env: opts.env ?? {},
    cwd: opts.cwd,
  });
  return {
    code,
    stdout: stdout.text(),
    stderr: stderr.text(),
    json: <T>() => JSON.parse(stdout.text()) as T,
  };
}
