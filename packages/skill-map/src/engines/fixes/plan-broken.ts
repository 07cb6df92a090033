// Fixes for `reference-broken`: the path as authored, rewritten to the file it now names. Certain when the analyzer
// already knows the path to write (`issue.fix`), when git renamed the target, or when exactly one project file has
// the authored file name; every other guess is a suggestion.
import type { Issue, Link } from '@skill-map/spec';
import { relativePath } from '../../kernel/analyzers/broken-classes.js';
import { authoredPath } from '../../kernel/analyzers/path-lookup.js';
import { basename, dirname } from '../../kernel/util/posix-path.js';
import type { FixBasis, FixEdit } from './types.js';

/** A proposed rewrite of one broken link's authored path, before it is turned into a plan. */
export interface PathRewrite {
  readonly link: Link;
  readonly authored: string;
  readonly written: string;
  readonly certain: boolean;
  readonly basis: FixBasis;
}

/** Most suggestions listed for one link when several files share its name. */
const MAX_SUGGESTIONS = 5;

/** The path to write for `target` (project-relative) in the style the author used for `authored`. */
export function pathInStyle(authored: string, source: string, target: string): string {
  if (authored.startsWith('/')) return `/${target}`;
  const rel = relativePath(dirname(source), target);
  const explicit = authored.startsWith('./') || authored.startsWith('../');
  return !explicit && rel.startsWith('./') ? rel.slice(2) : rel;
}

/** Follows `renames` from `path` to the last name it had (a cycle stops where it started). */
export function renamedTo(path: string, renames: ReadonlyMap<string, string>): string | null {
  const seen = new Set([path]);
  let at = path;
  for (let next = renames.get(at); next !== undefined && !seen.has(next); next = renames.get(at)) {
    seen.add(next);
    at = next;
  }
  return at === path ? null : at;
}

interface BrokenContext {
  readonly renames: ReadonlyMap<string, string>;
  readonly paths: ReadonlySet<string> | undefined;
  readonly exists: (path: string) => boolean;
}

/** Project files by file name, built once per `paths` set (a scan's broken links all look names up in it). */
const BY_NAME = new WeakMap<ReadonlySet<string>, Map<string, string[]>>();

/** Project files whose file name is the authored path's file name. */
function sameFileName(authored: string, paths: ReadonlySet<string> | undefined): string[] {
  if (paths === undefined) return [];
  const name = basename(authored);
  if (name === '' || name === '.' || name === '..') return [];
  let index = BY_NAME.get(paths);
  if (index === undefined) {
    index = new Map();
    for (const p of paths) {
      const list = index.get(basename(p));
      if (list === undefined) index.set(basename(p), [p]);
      else list.push(p);
    }
    BY_NAME.set(paths, index);
  }
  return index.get(name) ?? [];
}

/** The rewrites proposed for one broken-link issue, certain ones first (at most one of those). */
export function brokenRewrites(issue: Issue, link: Link, ctx: BrokenContext): PathRewrite[] {
  const authored = authoredPath(link);
  if (authored === null) return [];
  // An info issue is a mention the analyzer doubts is a reference: rewriting it is never certain.
  const sure = issue.severity !== 'info';
  const make = (written: string, certain: boolean, basis: FixBasis): PathRewrite => ({
    link,
    authored,
    written,
    certain: sure && certain,
    basis,
  });
  const given = issue.fix?.['with'];
  if (typeof given === 'string' && issue.fix?.['replace'] === authored && given !== authored)
    return [make(given, true, 'issue-fix')];
  const renamed = renamedTo(link.target, ctx.renames) ?? renamedTo(authored.replace(/^\/+/, ''), ctx.renames);
  if (renamed !== null && ctx.exists(renamed))
    return [make(pathInStyle(authored, link.source, renamed), true, 'git-rename')];
  const named = sameFileName(authored, ctx.paths).filter((p) => p !== link.source);
  if (named.length === 1) return [make(pathInStyle(authored, link.source, named[0]!), true, 'file-name')];
  const meant = issue.data?.['didYouMean'];
  // The analyzer's one file ending with a bare file name is the one project file of that name (`paths` may hold only
  // the nodes; the analyzer saw every walked file).
  const bare = !authored.replace(/^(?:\.\/)+/, '').includes('/');
  if (named.length === 0 && bare && typeof meant === 'string')
    return [make(pathInStyle(authored, link.source, meant), true, 'file-name')];
  const guesses = typeof meant === 'string' ? [meant, ...named.filter((p) => p !== meant)] : named;
  return guesses
    .slice(0, MAX_SUGGESTIONS)
    .map((p) =>
      make(pathInStyle(authored, link.source, p), false, p === meant ? 'did-you-mean' : 'file-name'),
    );
}

/** Offset of the first character of line `line` (1-based) in `text`, or -1. */
function lineStart(text: string, line: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return -1;
    at = nl + 1;
  }
  return at;
}

/**
 * Where `authored` stands in `text` for an occurrence starting at `from` whose authored span is `span` long: a
 * markdown link's destination (after `(` or `<`) rather than a link text that happens to spell the same path.
 */
function findAt(text: string, authored: string, from: number, span: number): number {
  if (from < 0 || from > text.length) return -1;
  const limit = from + Math.max(span, authored.length);
  const found: number[] = [];
  for (let at = text.indexOf(authored, from); at >= 0 && at + authored.length <= limit;) {
    found.push(at);
    at = text.indexOf(authored, at + 1);
  }
  return found.find((at) => text[at - 1] === '(' || text[at - 1] === '<') ?? found[0] ?? -1;
}

/** The edits rewriting every occurrence of the link's authored path in the source's text (none when not found). */
export function rewriteEdits(text: string, rw: PathRewrite): FixEdit[] {
  const { link, authored } = rw;
  const span = (link.raw ?? authored).length + 1;
  // Text in fenced code is an example, not the reference: it is left as written.
  const locations = (link.occurrences ?? []).filter((o) => o.context !== 'code-block').map((o) => o.location);
  if (link.occurrences === undefined || link.occurrences.length === 0) locations.push(link.location ?? null);
  const starts = new Set<number>();
  for (const loc of locations) {
    if (loc === null) continue;
    let at = findAt(text, authored, loc.offset, span);
    if (at < 0) {
      const ls = lineStart(text, loc.line);
      at = ls < 0 ? -1 : findAt(text, authored, ls + loc.column - 1, span);
    }
    if (at >= 0) starts.add(at);
  }
  return [...starts]
    .sort((a, b) => a - b)
    .map((start) => ({ start, end: start + authored.length, newText: rw.written }));
}
