import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { tryOpenScanStoreForRead } from '../adapters/index.js';
import type { ScanStore } from '../adapters/index.js';
import { CliError } from './errors.js';
import type { VerbContext } from './verbs.js';

/** A path as the user would type it: relative to the working directory when inside it. */
export function displayPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel !== '' && !rel.startsWith('..') ? rel : path;
}

/** What to do when the project database is missing: the same words wherever a verb needs one. */
function missingDbError(ctx: VerbContext): CliError {
  return new CliError('NOT_FOUND', `no database at ${displayPath(ctx.io.cwd, ctx.project.dbPath)}`, {
    hint: ctx.project.dbExplicit
      ? 'check --db / SKILL_MAP_DB, or run `sm scan` with the same --db first'
      : 'run `sm scan` first',
    data: { path: ctx.project.dbPath },
  });
}

/** The project database's path, for verbs that open it themselves; missing is "not found" (exit 5). */
export function requireDbPath(ctx: VerbContext): string {
  if (!existsSync(ctx.project.dbPath)) throw missingDbError(ctx);
  return ctx.project.dbPath;
}

/**
 * Opens the project database with the READ posture for a read verb. No database is "not found" (exit 5)
 * with what to do; a drifted database (e.g. written by a newer skill-map) opens anyway and its advisory
 * goes to stderr once.
 */
export function openReadStore(ctx: VerbContext): ScanStore {
  const store = tryOpenScanStoreForRead(ctx.project.dbPath);
  if (store === null) throw missingDbError(ctx);
  if (store.advisory !== null) ctx.output.warn(`warning: ${store.advisory.message}`);
  return store;
}

/** Runs `fn` with a read store and always closes it. */
export function withReadStore<T>(ctx: VerbContext, fn: (store: ScanStore) => T): T {
  const store = openReadStore(ctx);
  try {
    return fn(store);
  } finally {
    store.close();
  }
}
