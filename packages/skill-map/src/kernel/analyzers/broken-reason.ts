// Why a broken link was raised and how sure we are that it is a reference at all. An explicit link or import is a
// reference; a path mentioned in inline code is judged by what it names and where it stands; text in fenced code
// and code-shaped `@Token`s are not references. See docs/skill-map/scanning.md ("What is a reference").
import type { Link, Node, Severity } from '@skill-map/spec';
import type { Assembled } from '../graph/assemble.js';
import { isExplicitRelative } from '../extractors/resolve-path.js';
import { basename, dirname, joinPath } from '../util/posix-path.js';
import { caseOnlyMatch, relativePath, samePlugin, sourceClass, type SourceClass } from './broken-classes.js';

/** Stable reason codes (`data.reason` of a `reference-broken` issue). */
export type BrokenReason =
  | 'explicit-link'
  | 'at-import'
  | 'codex-agent'
  | 'missing-in-folder'
  | 'relative-mention'
  | 'sibling-mention'
  | 'elsewhere'
  | 'generic-name'
  | 'mention'
  | 'trigger-unresolved'
  | 'case-mismatch'
  | 'shorthand'
  | SourceClass;

export interface BrokenVerdict {
  severity: Severity;
  reason: BrokenReason;
  /** In words, for the message. */
  why: string;
  /** An existing path the author probably meant (same trailing path under another base). */
  didYouMean: string | null;
  /** The path to write instead (as authored, relative to the source's folder), when the verdict knows it. */
  fix?: string;
}

/** Conventional file names a text names as a kind of file or as the host project's own (`a `SKILL.md` file`). */
const GENERIC_NAMES = new Set([
  'SKILL.md',
  'AGENTS.md',
  'CLAUDE.md',
  'GEMINI.md',
  'README.md',
  'CHANGELOG.md',
  'CONTRIBUTING.md',
  'TODO.md',
  'LICENSE.md',
  'SECURITY.md',
]);

const HARNESS_KINDS = new Set(['skill', 'agent', 'command', 'workflow', 'rule']);
const SIBLING_KINDS = new Set(['agent', 'command', 'workflow', 'rule']);

/** Paths derived from the walk: directories and a basename index (built once per walk, on the first broken link). */
interface PathIndex {
  dirs: Set<string>;
  byBase: Map<string, string[]>;
}

const INDEXES = new WeakMap<ReadonlySet<string>, PathIndex>();

function pathIndex(paths: ReadonlySet<string>): PathIndex {
  let index = INDEXES.get(paths);
  if (index !== undefined) return index;
  index = { dirs: new Set(), byBase: new Map() };
  for (const p of paths) {
    const base = basename(p);
    const list = index.byBase.get(base);
    if (list === undefined) index.byBase.set(base, [p]);
    else list.push(p);
    for (let d = dirname(p); d !== '' && !index.dirs.has(d); d = dirname(d)) index.dirs.add(d);
  }
  INDEXES.set(paths, index);
  return index;
}

/** The folders enclosing `source` that are skill folders, innermost first. */
export function enclosingSkillDirs(source: string, skillDirs: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let d = dirname(source); ; d = dirname(d)) {
    if (skillDirs.has(d)) out.push(d);
    if (d === '') return out;
  }
}

/** Paths ending with the authored path (its `./`, `../`, `/` prefix dropped): the file under other bases. */
export function pathsEndingWith(authored: string, paths: ReadonlySet<string> | undefined): string[] {
  if (paths === undefined || paths.size === 0) return [];
  const tail = authored.replace(/^(?:\.{1,2}\/)+/, '').replace(/^\/+/, '');
  if (tail === '') return [];
  const list = pathIndex(paths).byBase.get(basename(tail)) ?? [];
  return list.filter((p) => p === tail || p.endsWith(`/${tail}`));
}

/** True when the source belongs to a harness unit: a skill, agent, command, workflow or rule, or a skill's files. */
function inHarness(node: Node | undefined, source: string, skillDirs: ReadonlySet<string>): boolean {
  if (node !== undefined && HARNESS_KINDS.has(node.kind)) return true;
  return enclosingSkillDirs(source, skillDirs).some((d) => d !== '');
}

/** First word of a file name (`security-secrets.md` → `security`). */
const firstWord = (name: string): string => name.split(/[-_.]/)[0]!.toLowerCase();

/** A bare name next to nodes of the source's kind that shares their naming (`security.md` → `security-secrets.md`). */
function namesSibling(node: Node | undefined, authored: string, g: Assembled): boolean {
  if (node === undefined || !SIBLING_KINDS.has(node.kind) || authored.includes('/')) return false;
  const dir = dirname(node.path);
  const word = firstWord(authored);
  return g.nodes.some(
    (n) => n.kind === node.kind && dirname(n.path) === dir && firstWord(basename(n.path)) === word,
  );
}

/** The path mention's folder exists under the source's folder or its skill folder (the unit ships that folder). */
function folderExists(
  authored: string,
  source: string,
  g: Assembled,
  paths: ReadonlySet<string> | undefined,
): boolean {
  if (paths === undefined || !authored.includes('/') || authored.startsWith('/')) return false;
  const dir = dirname(authored);
  const { dirs } = pathIndex(paths);
  const bases = [dirname(source), ...enclosingSkillDirs(source, g.skillDirs).filter((d) => d !== '')];
  return bases.some((b) => dirs.has(joinPath(b, dir)));
}

const verdict = (
  severity: Severity,
  reason: BrokenReason,
  why: string,
  didYouMean: string | null = null,
): BrokenVerdict => ({ severity, reason, why, didYouMean });

/** The verdict before the classes of broken-classes.ts (see judgeBroken). */
function baseVerdict(
  link: Link,
  authored: string | null,
  g: Assembled,
  paths: ReadonlySet<string> | undefined,
): BrokenVerdict | null {
  const contexts = (link.occurrences ?? []).map((o) => o.context);
  if (contexts.length > 0 && contexts.every((c) => c === 'code-block')) return null;
  const by = link.sources;
  if (authored === null) {
    if (link.kind === 'mentions' && isCodeShapedMention(link.target)) return null;
    return verdict('info', 'trigger-unresolved', 'a prose mention that names no node, not a link');
  }
  // The one existing file ending with the authored path (a guess among several would mislead).
  const candidates = pathsEndingWith(authored, paths);
  const suggestion = candidates.length === 1 ? candidates[0]! : null;
  if (by.includes('core/markdown-link'))
    return verdict('error', 'explicit-link', 'an explicit link', suggestion);
  const node = g.byPath.get(link.source);
  const generic = !authored.includes('/') && GENERIC_NAMES.has(authored);
  if (by.includes('core/at-file')) {
    // A skill, agent or command runs in the user's project: its `@AGENTS.md` is the host project's file.
    if (generic && inHarness(node, link.source, g.skillDirs))
      return verdict('info', 'generic-name', "it names the host project's file, not one of this project");
    return verdict('error', 'at-import', 'an @-import', suggestion);
  }
  if (by.includes('codex/at-toml')) {
    // `@….toml` names a Codex agent when it points into `.codex/agents/`; any other TOML file is the host project's
    // (`@pyproject.toml`, `@Cargo.toml`).
    if (/(?:^|\/)\.codex\/agents\/[^/]+\.toml$/.test(authored))
      return verdict('error', 'codex-agent', 'an @-reference to a Codex agent file', suggestion);
    return verdict('info', 'mention', 'a TOML file the text names, not a Codex agent', suggestion);
  }
  // A path in inline code (core/backtick-path): a mention, a reference only when what it names says so. A `./` or
  // `../` prefix declares a file next to this one: an error in a skill, agent or command (the host reads it from
  // there); elsewhere a warning, or info when the file exists under another base, since docs, plans and READMEs
  // quote paths as another file or the reader's project sees them (a plan for a skill's text, a usage line).
  const harness = inHarness(node, link.source, g.skillDirs);
  if (isExplicitRelative(authored) && (harness || candidates.length === 0))
    return harness
      ? verdict('error', 'relative-mention', 'a ./ or ../ path in a skill, agent or command', suggestion)
      : verdict('warn', 'relative-mention', 'a ./ or ../ path names a file next to this one', suggestion);
  if (harness) {
    if (folderExists(authored, link.source, g, paths))
      return verdict(
        'error',
        'missing-in-folder',
        `the folder '${dirname(authored)}/' exists but does not hold it`,
        suggestion,
      );
    if (!generic && namesSibling(node, authored, g))
      return verdict(
        'error',
        'sibling-mention',
        `it names a sibling ${node!.kind} file that was never written`,
        suggestion,
      );
  }
  if (generic)
    return verdict('info', 'generic-name', "it names a kind of file or the host project's own, not a path");
  if (suggestion !== null)
    return verdict(
      'info',
      'elsewhere',
      'a mention in inline code; the file exists under another base',
      suggestion,
    );
  if (candidates.length > 1)
    return verdict(
      'info',
      'elsewhere',
      `a mention in inline code; ${candidates.length} files under other bases end with it`,
    );
  return verdict('info', 'mention', 'a mention in inline code, not a link; not clearly a reference');
}

/** Reasons of a mention judged a reference because it stands in a skill, agent or command (or an explicit link there). */
const HARNESS_REASONS = new Set<BrokenReason>(['relative-mention', 'missing-in-folder', 'sibling-mention']);

/** True when `file` sits in a skill folder of the plugin `source` belongs to (or of no plugin, like `source`). */
const inSkillOfPlugin = (source: string, file: string, g: Assembled): boolean =>
  enclosingSkillDirs(file, g.skillDirs).some((d) => d !== '') && samePlugin(source, file, g);

/** The authored path with the part that names `onDisk` spelled as on disk (`./skill.md` → `./SKILL.md`). */
function respelled(authored: string, onDisk: string): string {
  const tail = authored.replace(/^\/+/, '').replace(/^(?:\.{1,2}\/)+/, '');
  if (!onDisk.toLowerCase().endsWith(tail.toLowerCase())) return onDisk;
  return authored.slice(0, authored.length - tail.length) + onDisk.slice(onDisk.length - tail.length);
}

/**
 * How a broken link is reported, or null when it is not a reference at all (only in fenced code, a code-shaped
 * `@Token`). `authored` is the path as written (null for trigger-style links). A link judged a reference is then
 * weighed against the classes that are not errors: a case-only mismatch and a shorthand for a file a skill of the same
 * plugin ships are warnings naming the file on disk; links in templates, example files and generated copies are info.
 */
export function judgeBroken(
  link: Link,
  authored: string | null,
  g: Assembled,
  paths: ReadonlySet<string> | undefined,
): BrokenVerdict | null {
  const v = baseVerdict(link, authored, g, paths);
  if (v === null || v.severity === 'info' || authored === null) return v;
  const onDisk = caseOnlyMatch(link, authored, g.skillDirs, paths);
  if (onDisk !== null) {
    const fix = respelled(authored, onDisk);
    const why = `the file is spelled '${onDisk}' on disk: it resolves on macOS and Windows, not on Linux or GitHub`;
    return { ...verdict('warn', 'case-mismatch', why, onDisk), fix };
  }
  const cls = sourceClass(link.source);
  if (cls !== null) return verdict('info', cls.cls, cls.why, v.didYouMean);
  const harnessLink =
    HARNESS_REASONS.has(v.reason) ||
    (v.reason === 'explicit-link' && inHarness(g.byPath.get(link.source), link.source, g.skillDirs));
  // The one file ending with the path in a skill of the source's own plugin (other plugins may ship their own).
  const ours = harnessLink
    ? pathsEndingWith(authored, paths).filter((p) => inSkillOfPlugin(link.source, p, g))
    : [];
  if (ours.length === 1) {
    const sibling = ours[0]!;
    const fix = relativePath(dirname(link.source), sibling);
    const why = 'not resolvable as written, but another part of the same plugin ships that file';
    return { ...verdict('warn', 'shorthand', why, sibling), fix };
  }
  return v;
}

const JSDOC_TAGS = new Set([
  'param',
  'returns',
  'return',
  'type',
  'throws',
  'example',
  'see',
  'since',
  'deprecated',
  'todo',
  'link',
  'override',
]);

/** `@Token` shaped like code (decorators `@Component`, Swift `@State`, JSDoc tags `@param`): not a mention. */
export function isCodeShapedMention(target: string): boolean {
  if (!target.startsWith('@')) return false;
  const name = target.slice(1);
  return /^[A-Z]/.test(name) || JSDOC_TAGS.has(name);
}
