import type { Readable } from 'node:stream';
import type { StdoutWatch } from './stdout-watch.js';

/** A stream the CLI writes to: the real `process.stdout`/`stderr`, or a capture in tests. */
export interface CliStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/** What `main` takes from the outside world; every field defaults to the real process. */
export interface CliIo {
  readonly stdout: CliStream;
  readonly stderr: CliStream;
  readonly stdin: Readable;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Directory relative paths (`--root`, `--db`) resolve against; the default project root. */
  readonly cwd: string;
}

/** Fills the gaps of a partial io with the real process. */
export function resolveIo(io: Partial<CliIo>): CliIo {
  return {
    stdout: io.stdout ?? process.stdout,
    stderr: io.stderr ?? process.stderr,
    stdin: io.stdin ?? process.stdin,
    env: io.env ?? process.env,
    cwd: io.cwd ?? process.cwd(),
  };
}

const STYLES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  yellow: [33, 39],
  green: [32, 39],
  cyan: [36, 39],
} as const;

/** An ANSI style name. */
export type Style = keyof typeof STYLES;

/** Where a verb writes: data to stdout, everything for a person to stderr. */
export interface Output {
  /** One line (or block) of data on stdout; a newline is appended when missing. */
  out(text: string): void;
  /** A human summary of what the verb did on stdout, dropped by `-q`. */
  summary(text: string): void;
  /** The JSON document of a `--json` run (pretty-printed, one per run). */
  json(value: unknown): void;
  /** A diagnostic line on stderr (always shown). */
  warn(text: string): void;
  /** An informational line on stderr, dropped by `-q`. */
  info(text: string): void;
  /** Wraps text in an ANSI style when colour is on. */
  paint(style: Style, text: string): string;
  /** Waits until what was written reached stdout's reader; false when the reader went away (EPIPE). */
  flush(): Promise<boolean>;
  readonly color: boolean;
  readonly quiet: boolean;
  readonly jsonMode: boolean;
}

/** Options of `createOutput`. */
export interface OutputOptions {
  readonly json: boolean;
  readonly quiet: boolean;
  /** `--no-color` given. */
  readonly noColor: boolean;
  /** Whether stdout's reader is still there; once it is gone, data and info lines are dropped. */
  readonly stdout?: StdoutWatch;
}

/** Colour only on a terminal, never with `--no-color`, `NO_COLOR` (any non-empty value) or `TERM=dumb`. */
export function colorEnabled(io: CliIo, noColor: boolean): boolean {
  const env = io.env;
  if (noColor || (env['NO_COLOR'] ?? '') !== '' || env['TERM'] === 'dumb') return false;
  return io.stdout.isTTY === true;
}

const withNewline = (text: string): string => (text.endsWith('\n') ? text : `${text}\n`);

/** Builds the output channel of one run. */
export function createOutput(io: CliIo, opts: OutputOptions): Output {
  const color = colorEnabled(io, opts.noColor);
  const gone = (): boolean => opts.stdout?.closed() === true;
  const data = (text: string): void => {
    if (!gone()) io.stdout.write(text);
  };
  return {
    out: (text) => data(withNewline(text)),
    summary: (text) => {
      if (!opts.quiet) data(withNewline(text));
    },
    json: (value) => data(`${JSON.stringify(value, null, 2)}\n`),
    warn: (text) => void io.stderr.write(withNewline(text)),
    info: (text) => {
      if (!opts.quiet && !gone()) io.stderr.write(withNewline(text));
    },
    flush: () => opts.stdout?.flush() ?? Promise.resolve(true),
    paint: (style, text) => {
      if (!color) return text;
      const [on, off] = STYLES[style];
      return `\u001b[${on}m${text}\u001b[${off}m`;
    },
    color,
    quiet: opts.quiet,
    jsonMode: opts.json,
  };
}
