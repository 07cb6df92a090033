import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errnoCode } from '../../adapters/errors.js';
import { SKILL_MAP_GITIGNORE } from '../../adapters/sqlite/open-database.js';
import { displayPath } from '../read-store.js';
import type { VerbContext, VerbResult } from '../verbs.js';

/** The committed settings file a fresh project starts with (every other key comes from the defaults). */
export const INITIAL_SETTINGS = `${JSON.stringify({ $schema: 'https://skill-map.ai/spec/v1/project-config.schema.json', schemaVersion: 1 }, null, 2)}\n`;

/** Writes a file only when it does not exist yet; true when it was created. */
function createOnce(path: string, text: string): boolean {
  try {
    writeFileSync(path, text, { flag: 'wx' });
    return true;
  } catch (err) {
    if (errnoCode(err) === 'EEXIST') return false;
    throw err;
  }
}

/**
 * Creates `<root>/.skill-map/` with `settings.json` and the `.gitignore` the store writes (database, local
 * settings, logs, serve.json), never overwriting either. Returns the project-relative files created and kept.
 */
export function initProject(root: string): { created: string[]; existing: string[] } {
  const dir = join(root, '.skill-map');
  mkdirSync(dir, { recursive: true });
  const created: string[] = [];
  const existing: string[] = [];
  for (const [name, text] of [
    ['settings.json', INITIAL_SETTINGS],
    ['.gitignore', SKILL_MAP_GITIGNORE],
  ] as const) {
    (createOnce(join(dir, name), text) ? created : existing).push(join('.skill-map', name));
  }
  return { created, existing };
}

/** `sm init`: idempotent project setup (exempt from the operations log, spec §11). */
export function run(ctx: VerbContext): Promise<VerbResult> {
  const { created, existing } = initProject(ctx.project.root);
  const { output } = ctx;
  if (output.jsonMode) {
    output.json({ root: ctx.project.root, created, existing });
    return Promise.resolve({});
  }
  for (const file of created) output.summary(`created ${file}`);
  if (created.length === 0)
    output.summary(
      `already initialised: ${displayPath(ctx.io.cwd, join(ctx.project.root, '.skill-map'))} has ${existing.join(' and ')}`,
    );
  output.summary('next: run `sm scan` to map the project');
  return Promise.resolve({});
}
