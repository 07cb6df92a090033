import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { globToRegExp } from '../../adapters/sqlite/node-queries.js';

/** Every file under `scope` (hidden folders included: `.skill-map/` is what cases look at), scope-relative. */
function listFiles(scope: string, dir = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(scope, dir), { withFileTypes: true })) {
    const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...listFiles(scope, rel));
    else out.push(rel);
  }
  return out;
}

/** The scope-relative files a case's path matches (`*` within a segment, `**` across them), sorted. */
export function globScope(scope: string, pattern: string): string[] {
  const re = globToRegExp(pattern.replace(/^\.\//, ''));
  return listFiles(scope)
    .filter((f) => re.test(f))
    .sort();
}
