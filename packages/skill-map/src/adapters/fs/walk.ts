import { join, resolve, sep } from 'node:path';
import { AdapterError, errnoCode } from '../errors.js';
import { NODE_FS, readVia } from './fs-port.js';
import type { DirEntry, FsPort } from './fs-port.js';
import { createDefaultLayer, createPatternLayer, isIgnored, parseIgnoreText } from './ignore-rules.js';
import type { IgnoreLayer } from './ignore-rules.js';
import { readCandidate, skippedOf } from './read-candidate.js';
import { DEFAULT_MAX_FILE_SIZE_BYTES, DEFAULT_MAX_SCAN, IGNORE_FILE_MAX_BYTES } from './walk-types.js';
import type { SkippedEntry, WalkOptions, WalkResult, WalkedFile } from './walk-types.js';

/** Name of the project-level ignore file, read from the scan root only. */
export const SKILLMAPIGNORE_FILE = '.skillmapignore';

interface WalkState {
  readonly opts: WalkOptions;
  readonly fs: FsPort;
  readonly rootReal: string;
  readonly maxScan: number;
  readonly maxSize: number;
  readonly before: IgnoreLayer[];
  readonly after: IgnoreLayer[];
  readonly files: WalkedFile[];
  readonly allPaths: string[];
  readonly dirs: string[];
  readonly skipped: SkippedEntry[];
  readonly oversized: Array<{ path: string; bytes: number }>;
  readonly ignoreFilesUnread: SkippedEntry[];
  readonly warnings: string[];
  /** Real paths of directories entered through a symlink (bounds fan-in to the same target). */
  readonly linkedDirs: Set<string>;
  filesWalked: number;
  candidatesSkipped: number;
  notScanned: number;
}

type IgnoreReport = Pick<WalkState, 'warnings' | 'ignoreFilesUnread'>;

/**
 * The text of an ignore file, or null when there is none. Security: a bounded read of a regular file, so a
 * committed `.gitignore` that is a symlink to `/dev/zero` costs nothing; one that exists but cannot be read is
 * a warning and an entry (its rules were not applied), and the walk goes on.
 */
function readIgnoreFile(fs: FsPort, absPath: string, rel: string, state: IgnoreReport): string | null {
  const read = readVia(fs, absPath, IGNORE_FILE_MAX_BYTES);
  if (read.ok) return read.bytes.toString('utf8');
  if (read.reason === 'missing') return null;
  state.warnings.push(`${read.message}; its ignore rules were not applied`);
  state.ignoreFilesUnread.push(skippedOf(rel, read));
  return null;
}

function createState(opts: WalkOptions): WalkState {
  const fs = opts.fs ?? NODE_FS;
  const root = resolve(opts.root);
  let rootReal: string;
  try {
    rootReal = fs.realpath(root);
    if (!fs.stat(rootReal).isDirectory()) throw new Error('not a directory');
  } catch (err) {
    throw new AdapterError('WALK_ROOT_INVALID', `Scan root ${root} is not a readable directory.`, {
      cause: err,
      data: { root },
    });
  }
  const warnings: string[] = [];
  const ignoreFilesUnread: SkippedEntry[] = [];
  const after: IgnoreLayer[] = [];
  const configLayer = createPatternLayer('config.ignore', opts.ignorePatterns ?? []);
  if (configLayer) after.push(configLayer);
  const smText = readIgnoreFile(fs, join(root, SKILLMAPIGNORE_FILE), SKILLMAPIGNORE_FILE, {
    warnings,
    ignoreFilesUnread,
  });
  const smLayer = smText === null ? null : createPatternLayer(SKILLMAPIGNORE_FILE, parseIgnoreText(smText));
  if (smLayer) after.push(smLayer);
  return {
    opts,
    fs,
    rootReal,
    warnings,
    ignoreFilesUnread,
    after,
    maxScan: opts.maxScan ?? DEFAULT_MAX_SCAN,
    maxSize: opts.maxFileSizeBytes ?? DEFAULT_MAX_FILE_SIZE_BYTES,
    before: [createDefaultLayer()],
    files: [],
    allPaths: [],
    dirs: [],
    skipped: [],
    oversized: [],
    linkedDirs: new Set(),
    filesWalked: 0,
    candidatesSkipped: 0,
    notScanned: 0,
  };
}

function isInside(rootReal: string, real: string): boolean {
  return real === rootReal || real.startsWith(rootReal.endsWith(sep) ? rootReal : rootReal + sep);
}

function byName(a: DirEntry, b: DirEntry): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

type EntryKind =
  { kind: 'file' | 'dir'; real: string; viaLink: boolean } | { kind: 'special' } | { kind: 'skip' };

/** Security: a symlink is followed only when its real target stays inside the scan root (unless opted out). */
const FILE: EntryKind = { kind: 'file', real: '', viaLink: false };
const SKIP: EntryKind = { kind: 'skip' };
/** A device, FIFO or socket, or a symlink to one: never read (a symlink to `/dev/zero` would never end). */
const SPECIAL: EntryKind = { kind: 'special' };

/** `dir + sep + name` without path.join's normalisation (the walk only ever appends a plain entry name). */
function child(dir: string, name: string): string {
  return dir.endsWith(sep) ? dir + name : dir + sep + name;
}

function classify(state: WalkState, entry: DirEntry, abs: string, rel: string, dirReal: string): EntryKind {
  if (!entry.isSymbolicLink()) {
    if (entry.isDirectory()) return { kind: 'dir', real: child(dirReal, entry.name), viaLink: false };
    return entry.isFile() ? FILE : SPECIAL;
  }
  let real: string;
  let isDir: boolean;
  try {
    real = state.fs.realpath(abs);
    const st = state.fs.stat(real);
    isDir = st.isDirectory();
    if (!isDir && !st.isFile()) return SPECIAL;
  } catch (err) {
    const code = errnoCode(err);
    const reason = code === 'ELOOP' ? 'symlink-loop' : code === 'ENOENT' ? 'symlink-broken' : 'unreadable';
    state.skipped.push({ path: rel, reason, ...(code ? { errorCode: code } : {}) });
    return SKIP;
  }
  if (!state.opts.followExternalSymlinks && !isInside(state.rootReal, real)) {
    state.skipped.push({ path: rel, reason: 'symlink-outside-root' });
    return SKIP;
  }
  return { kind: isDir ? 'dir' : 'file', real, viaLink: true };
}

function handleFile(state: WalkState, abs: string, rel: string): void {
  state.filesWalked += 1;
  state.allPaths.push(rel);
  if (!state.opts.isCandidate(rel)) return;
  if (state.files.length >= state.maxScan) {
    state.notScanned += 1;
    state.candidatesSkipped += 1;
    return;
  }
  const outcome = readCandidate(state.fs, abs, rel, state.maxSize, state.opts.shouldRead);
  if (outcome.ok) {
    state.files.push(outcome.file);
    state.opts.onProgress?.({
      type: 'file',
      path: rel,
      read: outcome.file.content !== undefined,
      index: state.files.length - 1,
    });
    return;
  }
  state.candidatesSkipped += 1;
  state.skipped.push(outcome.skipped);
  if (outcome.skipped.reason === 'oversized')
    state.oversized.push({ path: rel, bytes: outcome.skipped.bytes ?? 0 });
  state.opts.onProgress?.({ type: 'skipped', path: rel, reason: outcome.skipped.reason });
}

/** A candidate that is not a regular file is left out with a reason (a scan reports it), never read. */
function handleSpecial(state: WalkState, rel: string): void {
  if (!state.opts.isCandidate(rel)) return;
  state.candidatesSkipped += 1;
  state.skipped.push({ path: rel, reason: 'not-a-file' });
  state.opts.onProgress?.({ type: 'skipped', path: rel, reason: 'not-a-file' });
}

function gitignoreLayer(
  state: WalkState,
  entries: DirEntry[],
  absDir: string,
  relDir: string,
): IgnoreLayer | null {
  if (!state.opts.respectGitignore) return null;
  if (!entries.some((e) => e.name === '.gitignore' && !e.isDirectory())) return null;
  const rel = relDir === '' ? '.gitignore' : `${relDir}/.gitignore`;
  const text = readIgnoreFile(state.fs, join(absDir, '.gitignore'), rel, state);
  return text === null
    ? null
    : createPatternLayer(`.gitignore:${relDir || '.'}`, parseIgnoreText(text), relDir);
}

function walkDir(
  state: WalkState,
  absDir: string,
  relDir: string,
  dirReal: string,
  gitLayers: IgnoreLayer[],
  chain: Set<string>,
): void {
  let entries: DirEntry[];
  try {
    entries = state.fs.readdir(absDir).sort(byName);
  } catch (err) {
    const code = errnoCode(err);
    state.skipped.push({
      path: relDir || '.',
      reason: 'unlistable-dir',
      ...(code ? { errorCode: code } : {}),
    });
    state.warnings.push(
      `could not list directory ${relDir || '.'} (${code ?? 'error'}); its files were not scanned`,
    );
    return;
  }
  const own = gitignoreLayer(state, entries, absDir, relDir);
  const gits = own ? [...gitLayers, own] : gitLayers;
  const layers = [...state.before, ...gits, ...state.after];
  for (const entry of entries) {
    const rel = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
    const abs = child(absDir, entry.name);
    const kind = classify(state, entry, abs, rel, dirReal);
    if (kind.kind === 'skip') continue;
    if (isIgnored(layers, rel, kind.kind === 'dir')) continue;
    if (kind.kind === 'special') {
      handleSpecial(state, rel);
      continue;
    }
    if (kind.kind === 'file') {
      handleFile(state, abs, rel);
      continue;
    }
    if (kind.viaLink && (chain.has(kind.real) || state.linkedDirs.has(kind.real))) {
      state.skipped.push({ path: rel, reason: 'symlink-loop' });
      continue;
    }
    if (kind.viaLink) state.linkedDirs.add(kind.real);
    state.dirs.push(rel);
    chain.add(kind.real);
    walkDir(state, abs, rel, kind.real, gits, chain);
    chain.delete(kind.real);
  }
}

function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Walks the scan root applying the ignore layers in order (bundled defaults, `.gitignore` files when
 * `respectGitignore`, `config.ignore`, `.skillmapignore`), stats and reads only candidate files, and never
 * throws for a problem with one entry: it becomes a skipped entry with a reason and the walk completes.
 * Throws `WALK_ROOT_INVALID` only when the root itself is not a readable directory.
 */
export function walkProject(opts: WalkOptions): WalkResult {
  const started = performance.now();
  const state = createState(opts);
  walkDir(state, resolve(opts.root), '', state.rootReal, [], new Set([state.rootReal]));
  const truncated = state.notScanned > 0;
  if (truncated) {
    state.warnings.unshift(
      `scan truncated: the ceiling scan.maxScan=${state.maxScan} was reached and ${state.notScanned} candidate file(s) were NOT scanned; raise scan.maxScan or narrow the scan with .skillmapignore`,
    );
  }
  state.files.sort((a, b) => byPath(a.path, b.path));
  state.allPaths.sort(byPath);
  state.dirs.sort(byPath);
  return {
    root: resolve(opts.root),
    files: state.files,
    allPaths: state.allPaths,
    dirs: state.dirs,
    filesWalked: state.filesWalked,
    filesSkipped: state.candidatesSkipped,
    skipped: state.skipped,
    oversized: state.oversized,
    ignoreFilesUnread: state.ignoreFilesUnread.sort((a, b) => byPath(a.path, b.path)),
    truncation: { scanTruncated: truncated, scanCeiling: state.maxScan, filesNotScanned: state.notScanned },
    warnings: state.warnings,
    durationMs: performance.now() - started,
  };
}
