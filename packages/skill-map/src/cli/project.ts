import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPostgresUrl, withoutPassword } from '../adapters/postgres/url.js';
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

/** The verbs that work on a PostgreSQL database, for the refusal's hint. */
const SERVER_VERBS =
  '`sm scan`, `sm org`, `sm jobs`, `sm record`, `sm findings`, `sm issues`, `sm config` and `sm serve`';

/**
 * Resolves `--root` / `--db` / `SKILL_MAP_DB` against the working directory; a missing `--root` is not found (exit 5).
 * A PostgreSQL URL is taken only for a `verb` that works on one (VerbSpec.server); any other refuses it (exit 2).
 */
export function resolveProject(
  options: OptionValues,
  io: CliIo,
  verb?: { name: string; server?: boolean },
): ProjectLocation {
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
  if (isPostgresUrl(explicit)) {
    if (verb?.server === true) return { root, dbPath: '', dbExplicit: true, server: explicit };
    throw new CliError(
      'USAGE',
      `${verb === undefined ? 'sm' : `\`sm ${verb.name}\``} does not work on a PostgreSQL database yet (${from} ${withoutPassword(explicit)})`,
      {
        hint: `${SERVER_VERBS} do; for the rest, point ${from} at a SQLite file or leave it unset (the default is .skill-map/skill-map.db)`,
      },
    );
  }
  return { root, dbPath: resolve(io.cwd, databaseFile(explicit, from)), dbExplicit: true };
}

/**
 * The SQLite file `--db` / `SKILL_MAP_DB` names: a path, or a `file:` URL. Any other URL (`mysql://…`) names a
 * database server this sm does not speak: refused (exit 2) rather than taken as a folder named `mysql:`, with the
 * URL's password left out of the message. (PostgreSQL URLs are handled before this.)
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
    `${from} ${withoutPassword(value)} names a ${scheme} server; sm keeps its database in a SQLite file or in PostgreSQL`,
    {
      hint:
        from === '--db'
          ? 'pass a file path (the default is .skill-map/skill-map.db) or a postgres:// URL'
          : 'set SKILL_MAP_DB to a file path, a postgres:// URL, or unset it (the default is .skill-map/skill-map.db)',
    },
  );
}
