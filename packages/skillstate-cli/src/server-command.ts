import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { CONFIG_FILE_MAX_BYTES, readBoundedTextSync } from '@skillstate/core';
import { CliError } from './errors.js';

/** The process a host launches to run the skillstate MCP server. */
export interface ServerCommand {
  command: string;
  args: string[];
}

const MCP_PACKAGE = '@skillstate/mcp';
const MCP_BIN = 'skillstate-mcp';

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

/** The registration for a project that depends on `@skillstate/mcp`: its own installed bin, never a download. */
export const LOCAL_NPX_COMMAND: ServerCommand = { command: 'npx', args: ['--no-install', MCP_BIN] };
/** The registration for any other project: the form the server README documents (pinned to the v3 major). */
export const REGISTRY_NPX_COMMAND: ServerCommand = { command: 'npx', args: ['-y', `${MCP_PACKAGE}@^3`] };

/** True when the project's `package.json` lists `@skillstate/mcp` in dependencies or devDependencies. */
export function projectDependsOnServer(projectDir: string): boolean {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readBoundedTextSync(join(projectDir, 'package.json'), CONFIG_FILE_MAX_BYTES));
  } catch {
    return false;
  }
  if (typeof manifest !== 'object' || manifest === null) return false;
  return (['dependencies', 'devDependencies'] as const).some((field) => {
    const deps = (manifest as Record<string, unknown>)[field];
    return typeof deps === 'object' && deps !== null && Object.hasOwn(deps, MCP_PACKAGE);
  });
}

/**
 * The command `init` writes into project files (`.mcp.json`, `.cursor/mcp.json`, `opencode.json(c)`), which
 * are committed: one that works for anyone who clones the project, so no absolute path. A project that
 * depends on `@skillstate/mcp` runs its own copy (`npx --no-install skillstate-mcp`); any other gets
 * `npx -y @skillstate/mcp@^3`.
 */
export function projectServerCommand(projectDir: string): ServerCommand {
  return projectDependsOnServer(projectDir) ? LOCAL_NPX_COMMAND : REGISTRY_NPX_COMMAND;
}

/** The command as one line a user could paste into a POSIX shell (words quoted only when needed). */
export function formatCommand(server: ServerCommand): string {
  const quote = (w: string): string => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
  return [server.command, ...server.args].map(quote).join(' ');
}
