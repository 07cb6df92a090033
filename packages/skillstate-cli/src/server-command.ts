import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
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
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    bin?: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[MCP_BIN];
  if (bin === undefined) {
    throw new CliError('SERVER_NOT_FOUND', `${manifestPath} declares no "${MCP_BIN}" bin`);
  }
  return resolve(dirname(manifestPath), bin);
}

/** The default registration: this node binary running this installation's server bin, no environment. */
export function defaultServerCommand(execPath: string = process.execPath): ServerCommand {
  return { command: execPath, args: [resolveMcpBin()] };
}

/** The command as one line a user could paste into a POSIX shell (words quoted only when needed). */
export function formatCommand(server: ServerCommand): string {
  const quote = (w: string): string => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
  return [server.command, ...server.args].map(quote).join(' ');
}
