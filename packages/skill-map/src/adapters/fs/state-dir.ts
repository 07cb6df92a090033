import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { errnoCode } from '../errors.js';

/** The project's state folder, `<root>/.skill-map/`. */
export const STATE_DIR_NAME = '.skill-map';

/** What a freshly created `.skill-map/` keeps out of git: machine state, local settings, logs, the serve token. */
export const SKILL_MAP_GITIGNORE = [
  'skill-map.db*',
  '*.bak',
  'settings.local.json',
  'operations.log*',
  'serve.json',
  'scope.lock.json',
  '',
].join('\n');

/** Writes `.skill-map/.gitignore` unless one exists; true when it was created. */
export function writeStateGitignore(dir: string): boolean {
  try {
    writeFileSync(join(dir, '.gitignore'), SKILL_MAP_GITIGNORE, { flag: 'wx' });
    return true;
  } catch (err) {
    if (errnoCode(err) === 'EEXIST') return false;
    throw err;
  }
}

/**
 * The one way a verb creates a state folder: `mkdir -p`, and when it is a `.skill-map/` this call created, its
 * `.gitignore` in the same step (so the database and `serve.json`, which holds a token, never show in
 * `git status`). A folder that already exists is left as it is; a custom `--db` folder gets no `.gitignore`.
 */
export function ensureStateDir(dir: string): void {
  if (existsSync(dir)) return;
  mkdirSync(dir, { recursive: true });
  if (basename(dir) === STATE_DIR_NAME) writeStateGitignore(dir);
}
