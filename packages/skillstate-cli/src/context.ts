/** Everything a command needs from the outside world, injectable so tests run in process. */
export interface CliContext {
  cwd: string;
  home: string;
  env: NodeJS.ProcessEnv;
  /** The node binary registered hosts will launch (`process.execPath` by default). */
  execPath: string;
  now: () => Date;
  /** Writes one line to stdout. */
  out: (line: string) => void;
  /** Writes one line to stderr. */
  err: (line: string) => void;
}
