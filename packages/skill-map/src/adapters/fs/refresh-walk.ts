import { isAbsolute, relative, resolve, sep } from 'node:path';
import { errnoCode } from '../errors.js';
import { NODE_FS, readVia } from './fs-port.js';
import type { FsPort } from './fs-port.js';
import { createDefaultLayer, createPatternLayer, isIgnored, parseIgnoreText } from './ignore-rules.js';
import type { IgnoreLayer } from './ignore-rules.js';
import { readCandidate } from './read-candidate.js';
import { SKILLMAPIGNORE_FILE } from './walk.js';
import { DEFAULT_MAX_FILE_SIZE_BYTES, DEFAULT_MAX_SCAN, IGNORE_FILE_MAX_BYTES } from './walk-types.js';
import type { SkippedEntry, WalkOptions, WalkResult, WalkedFile } from './walk-types.js';

/** Why a hinted refresh gave up (the caller then walks the whole tree). */
type Fallback = { fallback: true };
const FALLBACK: Fallback = { fallback: true };

function toRel(root: string, path: string): string | null {
  const rel = isAbsolute(path) ? relative(root, path) : path;
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
  return rel.split(sep).join('/').replace(/^\.\//, '');
}

/** Changes that can alter what the walk would see beyond the file itself force a full walk. */
function needsFullWalk(rel: string): boolean {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  return name === '.gitignore' || name === SKILLMAPIGNORE_FILE || rel.startsWith('.skill-map/settings');
}

/** An ignore file's text; null when there is none or it was not read (the full walk reported that). */
function ignoreText(fs: FsPort, absPath: string): string | null {
  const read = readVia(fs, absPath, IGNORE_FILE_MAX_BYTES);
  return read.ok ? read.bytes.toString('utf8') : null;
}

type IgnoreOptions = Pick<WalkOptions, 'respectGitignore' | 'ignorePatterns'>;

function layersFor(opts: IgnoreOptions, fs: FsPort, root: string, rel: string): IgnoreLayer[] {
  const layers: IgnoreLayer[] = [createDefaultLayer()];
  if (opts.respectGitignore) {
    const parts = rel.split('/').slice(0, -1);
    for (let i = 0; i <= parts.length; i += 1) {
      const dir = parts.slice(0, i).join('/');
      const text = ignoreText(fs, resolve(root, dir, '.gitignore'));
      const layer =
        text === null ? null : createPatternLayer(`.gitignore:${dir || '.'}`, parseIgnoreText(text), dir);
      if (layer) layers.push(layer);
    }
  }
  const config = createPatternLayer('config.ignore', opts.ignorePatterns ?? []);
  if (config) layers.push(config);
  const smText = ignoreText(fs, resolve(root, SKILLMAPIGNORE_FILE));
  const sm = smText === null ? null : createPatternLayer(SKILLMAPIGNORE_FILE, parseIgnoreText(smText));
  if (sm) layers.push(sm);
  return layers;
}

interface Draft {
  files: Map<string, WalkedFile>;
  all: Set<string>;
  skipped: Map<string, SkippedEntry>;
}

/** What one changed path is now, as far as the walk is concerned. */
type Inspected =
  | Fallback
  | { kind: 'gone' }
  | { kind: 'excluded' }
  | { kind: 'present'; candidate: WalkedFile | SkippedEntry | null };

function inspect(
  opts: WalkOptions,
  fs: FsPort,
  previous: WalkResult,
  hasDir: (dir: string) => boolean,
  rel: string,
): Inspected {
  const abs = resolve(previous.root, rel);
  const slash = rel.lastIndexOf('/');
  const parent = slash === -1 ? '' : rel.slice(0, slash);
  if (parent !== '' && !hasDir(parent)) return FALLBACK;
  let real: string;
  try {
    real = fs.realpath(abs);
    if (fs.stat(abs).isDirectory()) return FALLBACK;
  } catch (err) {
    if (errnoCode(err) !== 'ENOENT') return FALLBACK;
    return hasDir(rel) ? FALLBACK : { kind: 'gone' };
  }
  // Symlinked files (or ancestors) need the walk's containment and loop rules.
  if (real !== resolve(fs.realpath(previous.root), rel)) return FALLBACK;
  if (isIgnored(layersFor(opts, fs, previous.root, rel), rel, false)) return { kind: 'excluded' };
  if (!opts.isCandidate(rel)) return { kind: 'present', candidate: null };
  const outcome = readCandidate(
    fs,
    abs,
    rel,
    opts.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES,
    opts.shouldRead,
  );
  return { kind: 'present', candidate: outcome.ok ? outcome.file : outcome.skipped };
}

function applyOne(
  opts: WalkOptions,
  fs: FsPort,
  previous: WalkResult,
  dirs: ReadonlySet<string>,
  draft: Draft,
  rel: string,
): Fallback | null {
  const seen = inspect(opts, fs, previous, (d) => dirs.has(d), rel);
  if ('fallback' in seen) return seen;
  draft.files.delete(rel);
  draft.skipped.delete(rel);
  if (seen.kind !== 'present') {
    draft.all.delete(rel);
    return null;
  }
  draft.all.add(rel);
  const c = seen.candidate;
  if (c === null) return null;
  if ('reason' in c) draft.skipped.set(rel, c);
  else draft.files.set(rel, c);
  return null;
}

/** Index of `rel` in a path-sorted file list, or -1. */
function indexOfFile(files: readonly WalkedFile[], rel: string): number {
  let lo = 0;
  let hi = files.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const p = files[mid]!.path;
    if (p === rel) return mid;
    if (p < rel) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * The common watcher case, edits to files the previous walk already read, answered without rebuilding the
 * path sets: the file list is copied with the edited entries replaced, everything else is shared. Null when
 * any path was added, removed, skipped or excluded (the general refresh handles those).
 */
function refreshInPlace(
  previous: WalkResult,
  rels: readonly string[],
  opts: WalkOptions,
  fs: FsPort,
  started: number,
): WalkResult | null {
  const replaced: Array<[number, WalkedFile]> = [];
  for (const rel of rels) {
    const at = indexOfFile(previous.files, rel);
    if (at === -1) return null;
    const seen = inspect(opts, fs, previous, () => true, rel);
    if ('fallback' in seen || seen.kind !== 'present') return null;
    const c = seen.candidate;
    if (c === null || 'reason' in c) return null;
    replaced.push([at, c]);
  }
  const files = previous.files.slice();
  for (const [at, file] of replaced) files[at] = file;
  return { ...previous, files, warnings: [], durationMs: performance.now() - started };
}

function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Updates a previous walk for a few changed file paths (a watcher's events) instead of walking the whole
 * tree. Returns null when the hint cannot be applied safely (a directory, an ignore or settings file, a
 * symlink, a new directory, a truncated previous walk, the ceiling reached): the caller walks in full.
 */
export function refreshWalk(
  previous: WalkResult,
  changedPaths: readonly string[],
  opts: WalkOptions,
): WalkResult | null {
  const started = performance.now();
  if (previous.truncation.scanTruncated || resolve(opts.root) !== previous.root) return null;
  const fs = opts.fs ?? NODE_FS;
  const rels: string[] = [];
  for (const path of new Set(changedPaths)) {
    const rel = toRel(previous.root, path);
    if (rel === null || needsFullWalk(rel)) return null;
    if (!rel.startsWith('.skill-map/')) rels.push(rel);
  }
  const inPlace = refreshInPlace(previous, rels, opts, fs, started);
  if (inPlace !== null) return inPlace;
  const draft: Draft = {
    files: new Map(previous.files.map((f) => [f.path, f])),
    all: new Set(previous.allPaths),
    skipped: new Map(previous.skipped.filter((s) => s.reason !== 'unlistable-dir').map((s) => [s.path, s])),
  };
  const dirs = new Set(previous.dirs);
  for (const rel of rels) if (applyOne(opts, fs, previous, dirs, draft, rel) !== null) return null;
  const maxScan = opts.maxScan ?? DEFAULT_MAX_SCAN;
  if (draft.files.size >= maxScan) return null;
  const skipped = [...draft.skipped.values()].sort((a, b) => byPath(a.path, b.path));
  const allPaths = [...draft.all].sort(byPath);
  return {
    ...previous,
    files: [...draft.files.values()].sort((a, b) => byPath(a.path, b.path)),
    allPaths,
    filesWalked: allPaths.length,
    filesSkipped: skipped.filter((s) => s.reason !== 'unlistable-dir' && !s.reason.startsWith('symlink'))
      .length,
    skipped: [...skipped, ...previous.skipped.filter((s) => s.reason === 'unlistable-dir')],
    oversized: skipped
      .filter((s) => s.reason === 'oversized')
      .map((s) => ({ path: s.path, bytes: s.bytes ?? 0 })),
    warnings: [],
    durationMs: performance.now() - started,
  };
}

/**
 * Whether the scan's ignore layers (bundled defaults, `.gitignore` files when respected, `config.ignore`,
 * `.skillmapignore`) leave out the file or folder at `rel` (root-relative POSIX path): the verdict a walk gives
 * it, so a watcher can drop events a scan would not look at.
 */
export function isIgnoredByScan(opts: IgnoreOptions, root: string, rel: string, isDir = false): boolean {
  return isIgnored(layersFor(opts, NODE_FS, root, rel), rel, isDir);
}
