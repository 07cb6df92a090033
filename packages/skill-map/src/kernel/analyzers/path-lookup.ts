// What a path-style link's author wrote and where the resolver looked for it, in words for messages: the
// target of such a link is the file-relative join (`docs/plans/` + `docs/plans/x.md`), which reads as a doubled
// path when shown to a person.
import type { Link } from '@skill-map/spec';
import { markdownDestination } from '../extractors/markdown-link.js';
import { isExplicitRelative } from '../extractors/resolve-path.js';
import { dirname } from '../util/posix-path.js';

/** Extractors whose links fall back to the project root when the file-relative path is missing. */
const ROOT_FALLBACK = new Set(['core/backtick-path', 'core/at-file', 'codex/at-toml']);

/** The destination path as authored (`docs/x.md`, `./x.md`, `/x.md`), or null for trigger-style links. */
export function authoredPath(link: Link): string | null {
  const by = link.sources[0];
  const raw = link.raw ?? link.target;
  if (by === 'core/markdown-link') return markdownDestination(raw);
  if (by === 'core/backtick-path') return raw;
  if (by === 'core/at-file' || by === 'codex/at-toml') return raw.startsWith('@') ? raw.slice(1) : raw;
  return null;
}

/** How a message names a link's target: the path as authored, or the target (a trigger, a virtual node). */
export function shownTarget(link: Link): string {
  return authoredPath(link) ?? link.target;
}

const folder = (dir: string): string => (dir === '' ? 'the project root' : `${dir}/`);

/** The folders enclosing `source` that are skill folders (Agent Skills paths are relative to them), innermost first. */
function skillFolders(source: string, skillDirs: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let d = dirname(source); ; d = dirname(d)) {
    if (skillDirs.has(d)) out.push(d);
    if (d === '') return out;
  }
}

/**
 * Where a path-style link was looked for, in words: the exact path for `./`, `../` and `/` paths, otherwise the
 * folders it was taken relative to (the source's, enclosing skill folders, the project root), each named once.
 */
export function lookedFor(link: Link, authored: string, skillDirs: ReadonlySet<string>): string {
  if (authored.startsWith('/') || isExplicitRelative(authored)) return `at ${link.target}`;
  const dirs = [dirname(link.source), ...skillFolders(link.source, skillDirs)];
  if (ROOT_FALLBACK.has(link.sources[0] ?? '')) dirs.push('');
  const names = [...new Set(dirs)].map(folder);
  const last = names.pop()!;
  return `relative to ${names.length === 0 ? last : `${names.join(', ')} or ${last}`}`;
}
