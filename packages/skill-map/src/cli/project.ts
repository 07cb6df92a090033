import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError } from './errors.js';
import type { CliIo } from './io.js';
import type { OptionValues, ProjectLocation } from './verbs.js';

/**
 * The database path relative to the project root. Mirrors the adapters' `DEFAULT_DB_RELATIVE_PATH`
 * (a test keeps them equal) so that resolving it does not load better-sqlite3.
 */
export const DEFAULT_DB_RELATIVE = join('.skill-map', 'skill-map.db');

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Resolves `--root` / `--db` / `SKILL_MAP_DB` against the working directory; a missing `--root` is not found (exit 5). */
export function resolveProject(options: OptionValues, io: CliIo): ProjectLocation {
  const rootFlag = typeof options['root'] === 'string' ? options['root'] : undefined;
  const root = resolve(io.cwd, rootFlag ?? '.');
  if (rootFlag !== undefined && !isDirectory(root)) {
    throw new CliError('NOT_FOUND', `--root ${rootFlag} is not a directory (resolved to ${root})`, {
      hint: 'pass the folder of the project to map',
    });
  }
  const dbFlag = typeof options['db'] === 'string' && options['db'] !== '' ? options['db'] : undefined;
  const envDb = io.env['SKILL_MAP_DB'];
  const explicit = dbFlag ?? (envDb !== undefined && envDb !== '' ? envDb : undefined);
  if (explicit === undefined) return { root, dbPath: join(root, DEFAULT_DB_RELATIVE), dbExplicit: false };
  const from = dbFlag !== undefined ? '--db' : 'SKILL_MAP_DB';
  return { root, dbPath: resolve(io.cwd, databaseFile(explicit, from)), dbExplicit: true };
}

/**
 * The SQLite file `--db` / `SKILL_MAP_DB` names: a path, or a `file:` URL. Any other URL (`postgres://…`) names a
 * database server, which this sm does not speak: refused (exit 2) rather than taken as a folder named `postgres:`,
 * with the URL's password left out of the message.
 */
function databaseFile(value: string, from: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) return value;
  if (scheme === 'file') {
    try {
      return fileURLToPath(value);
    } catch (err) {
      throw new CliError('USAGE', `${from} ${value} is not a file URL this system can open`, {
        hint: 'pass the SQLite file as a path',
        cause: err,
      });
    }
  }
  throw new CliError(
    'USAGE',
    `${from} ${withoutPassword(value)} names a ${scheme} server; sm keeps its database in a SQLite file and takes that file's path`,
    {
      hint:
        from === '--db'
          ? 'pass a file path (the default is .skill-map/skill-map.db); database servers are not supported yet'
          : 'set SKILL_MAP_DB to a file path or unset it (the default is .skill-map/skill-map.db); database servers are not supported yet',
    },
  );
}

/** The URL with its password (if any) replaced by `***`, for a message. */
function withoutPassword(value: string): string {
  try {
    const url = new URL(value);
    if (url.password !== '') url.password = '***';
    return url.href;
  } catch {
    return `${value.slice(0, value.indexOf('://') + 3)}…`;
  }
}
