import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { parseInvocation } from './args.js';
import { runInit } from './commands/init.js';
import { runInstall } from './commands/install.js';
import { DEFAULT_STATUS_TIMEOUT_MS, runStatus } from './commands/status.js';
import { runUninstall } from './commands/uninstall.js';
import type { CliContext } from './context.js';
import { EXIT, toExit } from './errors.js';
import { defaultServerCommand, projectServerCommand } from './server-command.js';
import type { ServerCommand } from './server-command.js';
import { USAGE } from './usage.js';

/** What `main` takes from the outside world; every field defaults to the real process. */
export interface MainIo {
  stdout?: (text: string) => void;
  stderr?: (text: string) => void;
  env?: NodeJS.ProcessEnv;
  /** The home directory (markers, global bucket, Codex config, machine manifest). */
  home?: string;
  now?: () => Date;
  /** The node binary hosts are told to run (default `process.execPath`). */
  execPath?: string;
}

function contextFrom(cwd: string, io: MainIo): CliContext {
  const stdout = io.stdout ?? ((text: string) => void process.stdout.write(text));
  const stderr = io.stderr ?? ((text: string) => void process.stderr.write(text));
  return {
    cwd: resolve(cwd),
    home: resolve(io.home ?? homedir()),
    env: io.env ?? process.env,
    execPath: io.execPath ?? process.execPath,
    now: io.now ?? (() => new Date()),
    out: (line) => stdout(`${line}\n`),
    err: (line) => stderr(`${line}\n`),
  };
}

/** `--command` when given, else the default of the scope (`fallback`). */
function server(words: string[] | undefined, fallback: () => ServerCommand): ServerCommand {
  if (words === undefined) return fallback();
  const [command = '', ...args] = words;
  return { command, args };
}

/**
 * The `skillstate` command line. Returns the exit code (0 success, 1 failure, 2 usage error) instead of
 * exiting, so the bin sets `process.exitCode` and tests run it in process.
 */
export function main(argv: readonly string[], cwd: string, io: MainIo = {}): Promise<number> {
  return run(argv, contextFrom(cwd, io));
}

async function run(argv: readonly string[], ctx: CliContext): Promise<number> {
  try {
    const inv = parseInvocation(argv);
    switch (inv.command) {
      case 'help':
        ctx.out(USAGE.trimEnd());
        return EXIT.ok;
      case 'init':
        return runInit(
          {
            ...inv,
            server: server(inv.serverCommand, projectServerCommand),
            explicitServer: inv.serverCommand !== undefined,
          },
          ctx,
        );
      case 'install':
        return runInstall(
          {
            dryRun: inv.dryRun,
            server: server(inv.serverCommand, () => defaultServerCommand(ctx.execPath)),
          },
          ctx,
        );
      case 'status':
        return await runStatus({ timeoutMs: inv.timeoutMs ?? DEFAULT_STATUS_TIMEOUT_MS }, ctx);
      case 'uninstall':
        return runUninstall(inv, ctx);
    }
  } catch (err) {
    const { code, message } = toExit(err);
    ctx.err(`skillstate: ${message}`);
    if (code === EXIT.usage) ctx.err('run `skillstate --help` for usage');
    return code;
  }
}
