import { parseArgs } from 'node:util';
import { CliError } from './errors.js';
import { parseHostList } from './hosts.js';
import type { HostName } from './hosts.js';
import { splitCommand } from './split-command.js';

/** What the command line asks for. */
export type Invocation =
  | { command: 'help' }
  | { command: 'init'; hosts?: HostName[]; specFile?: string; serverCommand?: string[]; dryRun: boolean }
  | { command: 'install'; serverCommand?: string[]; dryRun: boolean }
  | { command: 'status'; timeoutMs?: number }
  | { command: 'uninstall'; machine: boolean; removeState: boolean; dryRun: boolean };

const OPTIONS = {
  init: {
    host: { type: 'string', multiple: true },
    spec: { type: 'string' },
    command: { type: 'string' },
    'dry-run': { type: 'boolean' },
  },
  install: { command: { type: 'string' }, 'dry-run': { type: 'boolean' } },
  status: { timeout: { type: 'string' } },
  uninstall: {
    machine: { type: 'boolean' },
    'remove-state': { type: 'boolean' },
    'dry-run': { type: 'boolean' },
  },
} as const;

function parseFor<C extends keyof typeof OPTIONS>(command: C, args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS[command], strict: true, allowPositionals: false }).values;
  } catch (err) {
    // node:util reports every malformed command line as a TypeError with an ERR_PARSE_ARGS_* code.
    throw new CliError('USAGE', `${command}: ${(err as Error).message}`, { cause: err });
  }
}

function serverCommand(value: string | undefined): { serverCommand?: string[] } {
  return value === undefined ? {} : { serverCommand: splitCommand(value) };
}

/** `--timeout <seconds>` as milliseconds; anything but a positive number of seconds is a usage error. */
function timeoutOption(value: string | undefined): { timeoutMs?: number } {
  if (value === undefined) return {};
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) {
    throw new CliError('USAGE', `status: --timeout needs a number of seconds above 0, got "${value}"`);
  }
  return { timeoutMs: Math.round(seconds * 1000) };
}

/** Reads argv (without node and the script). `-h`/`--help` anywhere wins; anything malformed is USAGE. */
export function parseInvocation(argv: readonly string[]): Invocation {
  if (argv.includes('-h') || argv.includes('--help')) return { command: 'help' };
  const [command, ...rest] = argv;
  if (command === undefined)
    throw new CliError('USAGE', 'missing command (init, install, status or uninstall)');
  if (command === 'help') return { command: 'help' };
  if (command === 'init') {
    const v = parseFor('init', rest);
    return {
      command,
      dryRun: v['dry-run'] === true,
      ...(v.host === undefined ? {} : { hosts: parseHostList(v.host) }),
      ...(v.spec === undefined ? {} : { specFile: v.spec }),
      ...serverCommand(v.command),
    };
  }
  if (command === 'install') {
    const v = parseFor('install', rest);
    return { command, dryRun: v['dry-run'] === true, ...serverCommand(v.command) };
  }
  if (command === 'status') return { command, ...timeoutOption(parseFor('status', rest).timeout) };
  if (command === 'uninstall') {
    const v = parseFor('uninstall', rest);
    return {
      command,
      dryRun: v['dry-run'] === true,
      machine: v.machine === true,
      removeState: v['remove-state'] === true,
    };
  }
  throw new CliError('USAGE', `unknown command "${command}" (expected init, install, status or uninstall)`);
}
