import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, delimiter, dirname, resolve } from 'node:path';
import { CONFIG_FILE_MAX_BYTES, readBoundedTextSync } from '@skillstate/core';
import { CliError } from './errors.js';

/** The process a host launches to run the skillstate MCP server. */
export interface ServerCommand {
  command: string;
  args: string[];
}

const MCP_PACKAGE = '@skillstate/mcp';
/** The name of the server's bin. */
export const MCP_BIN = 'skillstate-mcp';

/**
 * Finds the absolute path of the `skillstate-mcp` bin of the `@skillstate/mcp` this CLI depends on, so a
 * registered host launches exactly this installation's server (not whatever `npx` would fetch).
 */
export function resolveMcpBin(): string {
  let manifestPath: string;
  try {
    manifestPath = createRequire(import.meta.url).resolve(`${MCP_PACKAGE}/package.json`);
  } catch (err) {
    throw new CliError(
      'SERVER_NOT_FOUND',
      `cannot find ${MCP_PACKAGE} next to this CLI; reinstall @skillstate/cli`,
      {
        cause: err,
      },
    );
  }
  const manifest = JSON.parse(readBoundedTextSync(manifestPath, CONFIG_FILE_MAX_BYTES)) as {
    bin?: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[MCP_BIN];
  if (bin === undefined) {
    throw new CliError('SERVER_NOT_FOUND', `${manifestPath} declares no "${MCP_BIN}" bin`);
  }
  return resolve(dirname(manifestPath), bin);
}

/**
 * The machine-level registration (`skillstate install`, Codex): this node binary running this
 * installation's server bin, no environment. It names paths on this machine, so it never goes into a
 * project file.
 */
export function defaultServerCommand(execPath: string = process.execPath): ServerCommand {
  return { command: execPath, args: [resolveMcpBin()] };
}

/**
 * What `init` registers in project files: the `skillstate-mcp` bin, found on the `PATH` of whoever's host starts
 * it (`npm run install:bins` from a clone puts it there). Security: a bare name, never a registry package that
 * `npx` would download: a name we do not publish could be taken by anyone, and every host opening the project
 * would run it.
 */
export const INSTALLED_SERVER_COMMAND: ServerCommand = { command: MCP_BIN, args: [] };

/**
 * The command `init` writes into project files (`.mcp.json`, `.cursor/mcp.json`, `opencode.json(c)`), which
 * are committed: the installed `skillstate-mcp`, by name, so the same file works on every teammate's machine and
 * names no path of this one.
 */
export function projectServerCommand(): ServerCommand {
  return INSTALLED_SERVER_COMMAND;
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where `command` resolves the way a host would start it from `cwd` with `env`: a path (one with a separator)
 * relative to `cwd`, else the first executable file of that name in a `PATH` folder (with a `PATHEXT`
 * extension on Windows). Undefined when there is none.
 */
export function findCommand(command: string, env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  const windows = process.platform === 'win32';
  if (command.includes('/') || (windows && command.includes('\\'))) {
    const abs = resolve(cwd, command);
    return isExecutableFile(abs) ? abs : undefined;
  }
  const exts = windows ? ['', ...(env['PATHEXT'] ?? '.EXE;.CMD;.BAT').split(';')] : [''];
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (dir === '') continue;
    for (const ext of exts) {
      const candidate = resolve(cwd, dir, command + ext);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}

/** How to get `skillstate-mcp` on the PATH, for the messages that find it missing. */
export const INSTALL_HINT =
  'install the tools from a clone of the repository with `npm ci && npm run install:bins` ' +
  '(it links skillstate-mcp into ~/.local/bin; put that folder on your PATH)';

/**
 * A warning when `found` is on the PATH only because npm added a `node_modules/.bin` folder for the command
 * running now (`npx skillstate ...`, `npm run ...`): a host started outside npm will not find it there.
 */
export function npmOnlyPathWarning(found: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (found === undefined || env['npm_command'] === undefined) return undefined;
  const dir = dirname(found);
  if (basename(dir) !== '.bin' || basename(dirname(dir)) !== 'node_modules') return undefined;
  return (
    `${basename(found)} was found in ${dir}, which npm puts on the PATH only for npm and npx commands; ` +
    `hosts started otherwise will not find it there: ${INSTALL_HINT}`
  );
}

/** The command as one line a user could paste into a POSIX shell (words quoted only when needed). */
export function formatCommand(server: ServerCommand): string {
  const quote = (w: string): string => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
  return [server.command, ...server.args].map(quote).join(' ');
}
