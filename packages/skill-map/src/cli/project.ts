import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
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
  return explicit === undefined
    ? { root, dbPath: join(root, DEFAULT_DB_RELATIVE), dbExplicit: false }
    : { root, dbPath: resolve(io.cwd, explicit), dbExplicit: true };
}
