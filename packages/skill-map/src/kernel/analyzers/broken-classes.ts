// Classes of broken links that are not errors although the path does not resolve as written (issue 25): a file
// spelled with another case than on disk, a shorthand for a file another unit of the same plugin ships, and links
// written inside templates, example files or generated copies of a skill's text. Pure string and set checks.
import type { Link } from '@skill-map/spec';
import type { Assembled } from '../graph/assemble.js';
import { isExplicitRelative } from '../extractors/resolve-path.js';
import { dirname, joinPath } from '../util/posix-path.js';
import { pluginRootOf } from './plugin-root.js';

/** Why a file's links are not meant to resolve from where it stands. */
export type SourceClass = 'template' | 'example' | 'generated-copy';

const SOURCE_CLASSES: ReadonlyArray<readonly [RegExp, SourceClass, string]> = [
  [
    /(?:^|\/)(?:templates?|boilerplates?|scaffold(?:s|ing)?)\//i,
    'template',
    'a file under a templates folder: its links name files that exist once the template is used',
  ],
  [
    /(?:^|\/)(?:examples?|samples?)\//i,
    'example',
    'a file under an examples folder: example content, not this project’s references',
  ],
  [
    /(?:^|\/)\.?generated\/|\.generated\.md$/i,
    'generated-copy',
    'a generated copy of another file’s text: its links were written for the original’s place',
  ],
];

/** The class of a source file by where it lives, with the reason in words, or null. */
export function sourceClass(source: string): { cls: SourceClass; why: string } | null {
  for (const [re, cls, why] of SOURCE_CLASSES) if (re.test(source)) return { cls, why };
  return null;
}

/** Lower-cased walked paths → the paths on disk (built once per walk). */
const LOWER = new WeakMap<ReadonlySet<string>, Map<string, string[]>>();

function lowerIndex(paths: ReadonlySet<string>): Map<string, string[]> {
  let index = LOWER.get(paths);
  if (index !== undefined) return index;
  index = new Map();
  for (const p of paths) {
    const key = p.toLowerCase();
    const list = index.get(key);
    if (list === undefined) index.set(key, [p]);
    else list.push(p);
  }
  LOWER.set(paths, index);
  return index;
}

/**
 * The file on disk the link names in another case (`skills/x/skill.md` → `skills/x/SKILL.md`): it resolves on
 * case-insensitive file systems (macOS, Windows) and breaks on Linux and on GitHub. Null when no single file matches.
 */
export function caseOnlyMatch(
  link: Link,
  authored: string,
  skillDirs: ReadonlySet<string>,
  paths: ReadonlySet<string> | undefined,
): string | null {
  if (paths === undefined || paths.size === 0) return null;
  const tries = [link.target];
  if (!authored.startsWith('/') && !isExplicitRelative(authored)) {
    for (let d = dirname(link.source); ; d = dirname(d)) {
      if (skillDirs.has(d)) tries.push(joinPath(d, authored));
      if (d === '') break;
    }
    tries.push(joinPath(authored));
  }
  const index = lowerIndex(paths);
  for (const t of tries) {
    const hits = index.get(t.toLowerCase());
    if (hits !== undefined && hits.length === 1 && hits[0] !== t) return hits[0]!;
  }
  return null;
}

/** `to` written relative to the folder `fromDir` (`a/b` → `a/c/x.md` is `../c/x.md`). */
export function relativePath(fromDir: string, to: string): string {
  const from = fromDir === '' ? [] : fromDir.split('/');
  const parts = to.split('/');
  let i = 0;
  while (i < from.length && i < parts.length - 1 && from[i] === parts[i]) i++;
  const up = from.length - i;
  const rest = parts.slice(i).join('/');
  return up === 0 ? `./${rest}` : `${'../'.repeat(up)}${rest}`;
}

/** True when the suggested file belongs to the source's plugin (or, outside plugins, to no plugin either). */
export function samePlugin(source: string, suggestion: string, g: Pick<Assembled, 'byPath'>): boolean {
  return pluginRootOf(source, g) === pluginRootOf(suggestion, g);
}
