import type { Readable } from 'node:stream';

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
  return {
    out: (text) => void io.stdout.write(withNewline(text)),
    summary: (text) => {
      if (!opts.quiet) io.stdout.write(withNewline(text));
    },
    json: (value) => void io.stdout.write(`${JSON.stringify(value, null, 2)}\n`),
    warn: (text) => void io.stderr.write(withNewline(text)),
    info: (text) => {
      if (!opts.quiet) io.stderr.write(withNewline(text));
    },
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
