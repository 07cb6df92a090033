// Test support: a folder of conformance cases in the reference's layout (cases/<id>.json beside fixtures/).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes `cases` (by id) and `fixtures` (relative path to text) under `<root>/suite`; returns that folder. */
export function writeSuite(
  root: string,
  cases: Record<string, unknown>,
  fixtures: Record<string, string> = {},
): string {
  const dir = join(root, 'suite');
  mkdirSync(join(dir, 'cases'), { recursive: true });
  for (const [id, body] of Object.entries(cases))
    writeFileSync(join(dir, 'cases', `${id}.json`), JSON.stringify(body));
  for (const [rel, text] of Object.entries(fixtures)) {
    mkdirSync(join(dir, 'fixtures', rel, '..'), { recursive: true });
    writeFileSync(join(dir, 'fixtures', rel), text);
  }
  return dir;
}
