import ignore from 'ignore';
import type { Ignore } from 'ignore';

/**
 * Directory names the walk never enters unless a later layer re-includes them: VCS metadata, dependency
 * trees, build outputs, skill-map's own state and its processing-agent / tutorial folders.
 */
export const DEFAULT_IGNORED_DIRS: readonly string[] = Object.freeze([
  '.git',
  '.hg',
  '.svn',
  'node_modules',
  'bower_components',
  'dist',
  'build',
  'out',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.turbo',
  '.cache',
  '.parcel-cache',
  'coverage',
  '.nyc_output',
  'target',
  '__pycache__',
  '.venv',
  '.tox',
  '.skill-map',
  'sm-process-jobs',
  'sm-tutorial',
  'logs',
]);

/** File-name suffixes ignored by default (logs). */
export const DEFAULT_IGNORED_FILE_SUFFIXES: readonly string[] = Object.freeze(['.log']);

/** The outcome of one ignore layer for one path: no opinion, ignore it, or re-include it. */
export type LayerVerdict = 'none' | 'ignore' | 'include';

/** One layer of ignore rules, evaluated in order; a later layer's verdict overrides an earlier one. */
export interface IgnoreLayer {
  readonly name: string;
  /** `relPath` is scan-root-relative POSIX; `isDir` adds gitignore's trailing-slash semantics. */
  verdict(relPath: string, isDir: boolean): LayerVerdict;
}

const DEFAULT_DIRS = new Set(DEFAULT_IGNORED_DIRS);

/** The bundled-defaults layer: a name check rather than pattern matching, because it runs on every entry. */
export function createDefaultLayer(): IgnoreLayer {
  return {
    name: 'defaults',
    verdict(relPath, isDir) {
      const slash = relPath.lastIndexOf('/');
      const name = slash === -1 ? relPath : relPath.slice(slash + 1);
      if (isDir) return DEFAULT_DIRS.has(name) ? 'ignore' : 'none';
      return DEFAULT_IGNORED_FILE_SUFFIXES.some((s) => name.endsWith(s)) ? 'ignore' : 'none';
    },
  };
}

/** Splits ignore-file text into patterns; blank lines and comments are handled by `ignore` itself. */
export function parseIgnoreText(text: string): string[] {
  return text.split(/\r?\n/);
}

function verdictOf(matcher: Ignore, relPath: string, isDir: boolean): LayerVerdict {
  if (relPath === '') return 'none';
  const result = matcher.test(isDir ? `${relPath}/` : relPath);
  if (result.ignored) return 'ignore';
  return result.unignored ? 'include' : 'none';
}

function withoutRulesIgnoring(patterns: readonly string[], dirPath: string): Ignore {
  let rules = [...patterns];
  let matcher = ignore({ allowRelativePaths: true }).add(rules);
  for (let guard = patterns.length; guard > 0; guard -= 1) {
    const rule = matcher.test(`${dirPath}/`).rule;
    if (rule === undefined) break;
    const next = rules.filter((p) => p !== rule.pattern && p.trim() !== rule.pattern.trim());
    if (next.length === rules.length) break;
    rules = next;
    matcher = ignore({ allowRelativePaths: true }).add(rules);
  }
  return matcher;
}

/**
 * A gitignore-syntax layer anchored at `base` (a scan-root-relative directory, '' for the root). Paths
 * outside `base` get no opinion, which is how a nested `.gitignore` only governs its own subtree.
 *
 * The walk only asks about entries whose parent directory was entered, so when this layer ignores the
 * parent a later layer must have re-included it: the rules that ignored the parent are then set aside for
 * its contents (otherwise `!docs/` in `.skillmapignore` could never undo `docs/` from `config.ignore`).
 */
export function createPatternLayer(name: string, patterns: readonly string[], base = ''): IgnoreLayer | null {
  const effective = patterns.filter((p) => p.trim() !== '' && !p.startsWith('#'));
  if (effective.length === 0) return null;
  const matcher = ignore({ allowRelativePaths: true }).add(effective);
  const reduced = new Map<string, Ignore>();
  const prefix = base === '' ? '' : `${base}/`;
  const matcherFor = (rel: string): Ignore => {
    const slash = rel.lastIndexOf('/');
    if (slash === -1) return matcher;
    const parent = rel.slice(0, slash);
    if (!matcher.test(`${parent}/`).ignored) return matcher;
    let m = reduced.get(parent);
    if (m === undefined) {
      m = withoutRulesIgnoring(effective, parent);
      reduced.set(parent, m);
    }
    return m;
  };
  return {
    name,
    verdict(relPath, isDir) {
      if (prefix !== '' && !relPath.startsWith(prefix)) return 'none';
      const rel = relPath.slice(prefix.length);
      return verdictOf(matcherFor(rel), rel, isDir);
    },
  };
}

/** Evaluates layers in order; the last layer with an opinion wins, so later layers may `!`-re-include. */
export function isIgnored(layers: readonly IgnoreLayer[], relPath: string, isDir: boolean): boolean {
  let ignored = false;
  for (const layer of layers) {
    const v = layer.verdict(relPath, isDir);
    if (v === 'ignore') ignored = true;
    else if (v === 'include') ignored = false;
  }
  return ignored;
}
