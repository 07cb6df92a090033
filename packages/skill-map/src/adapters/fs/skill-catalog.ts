// The skill-actions catalog folder: `<project>/.skill-map/.agents/skills/<name>/SKILL.md`, one level deep.
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readBounded, SMALL_FILE_MAX_BYTES } from './read-bounded.js';

/** Where installed skill actions live, relative to the project root (what `npx skills add` writes from `.skill-map/`). */
export const SKILL_CATALOG_DIR = '.skill-map/.agents/skills';

/** One catalog folder's `SKILL.md`: its text, or why it could not be read. */
export type SkillCatalogFile =
  | { readonly dir: string; readonly ok: true; readonly text: string }
  | { readonly dir: string; readonly ok: false; readonly problem: string };

function isRealDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The `SKILL.md` of every direct child folder of the catalog, sorted by folder name; [] when the catalog folder does
 * not exist. Security: only real directories are walked (the installer's per-agent symlink mirrors are not
 * followed, so a skill never shows twice and a link cannot lead outside the project), and each file is read through
 * the bounded reader (a regular file of at most 1 MiB). A folder without `SKILL.md` is not a candidate.
 */
export function readSkillCatalog(projectRoot: string): SkillCatalogFile[] {
  const root = join(projectRoot, SKILL_CATALOG_DIR);
  if (!isRealDirectory(root)) return [];
  const out: SkillCatalogFile[] = [];
  for (const name of readdirSync(root).sort()) {
    const dir = join(root, name);
    if (!isRealDirectory(dir)) continue;
    const read = readBounded(join(dir, 'SKILL.md'), SMALL_FILE_MAX_BYTES);
    if (read.ok) out.push({ dir: name, ok: true, text: read.bytes.toString('utf8') });
    else if (read.reason !== 'missing') out.push({ dir: name, ok: false, problem: read.message });
  }
  return out;
}
