// What the graph stage is a function of besides the records: its context (lens, settings, walk facts) and the digest
// the store keeps of it, shared by the full build and the in-place patch.
import { createHash } from 'node:crypto';
import { IGNORE_FILE_MAX_BYTES } from '../../adapters/fs/walk-types.js';
import type { SkippedEntry, WalkResult } from '../../adapters/fs/walk-types.js';
import type { GraphContext, UnreadableFile } from '../../kernel/index.js';
import type { LensDecision, ScannedByLike } from './kernel-port.js';
import type { ScanConfigView } from './scan-settings.js';
import type { ScanWarmState } from './warm-state.js';

/** What nodes and links are a function of besides the records: walked paths, scan roots, lens, settings (via the salt). */
export function graphDigest(
  salt: string,
  cacheKey: string,
  lens: LensDecision,
  view: ScanConfigView,
  walk: WalkResult,
): string {
  return createHash('sha1')
    .update(
      `${salt}\0${cacheKey}\0${JSON.stringify(lens)}\0${JSON.stringify(view.settings.roots ?? ['.'])}\0`,
    )
    .update(walk.allPaths.join('\n'))
    .update(`\0${JSON.stringify(unreadableOf(walk, walk.skipped))}`)
    .digest('base64');
}

/**
 * The files the walk left unread for what they are: candidates that are not regular files, and ignore files it
 * could not read (see `UnreadableFile`); each becomes a `file-unreadable` issue.
 */
export function unreadableOf(walk: WalkResult, skipped: readonly SkippedEntry[]): UnreadableFile[] {
  const out: UnreadableFile[] = skipped
    .filter((s) => s.reason === 'not-a-file')
    .map((s) => ({ path: s.path, reason: 'not-a-file', ignoreFile: false }));
  for (const s of walk.ignoreFilesUnread) {
    const reason = s.reason === 'not-a-file' || s.reason === 'oversized' ? s.reason : 'unreadable';
    out.push({
      path: s.path,
      reason,
      ignoreFile: true,
      ...(reason === 'oversized' ? { bytes: s.bytes ?? 0, limit: IGNORE_FILE_MAX_BYTES } : {}),
      ...(reason === 'unreadable' && s.errorCode !== undefined ? { errorCode: s.errorCode } : {}),
    });
  }
  return out;
}

/** The walk and scan facts the graph context is made of. */
export interface GraphContextInput {
  readonly view: ScanConfigView;
  readonly walk: WalkResult;
  readonly lens: LensDecision;
  /** Every file left out (walk and read phases). */
  readonly skipped: readonly SkippedEntry[];
  /** Files the read phase left out (counted as skipped on top of the walk's own count). */
  readonly readSkipped: number;
  readonly scannedAt: number;
  readonly durationMs: number;
  readonly scannedBy: ScannedByLike | undefined;
}

export function graphContextOf(g: GraphContextInput): GraphContext {
  const { walk, view } = g;
  const oversized = g.skipped
    .filter((s) => s.reason === 'oversized')
    .map((s) => ({ path: s.path, bytes: s.bytes ?? 0 }));
  return {
    lens: g.lens,
    settings: view.settings,
    roots: view.settings.roots ?? ['.'],
    existingPaths: new Set(walk.allPaths),
    scannedAt: g.scannedAt,
    durationMs: Math.round(g.durationMs),
    filesWalked: walk.filesWalked,
    filesSkipped: walk.filesSkipped + g.readSkipped,
    oversizedFiles: oversized,
    unreadableFiles: unreadableOf(walk, g.skipped),
    scanCeiling: view.maxScan,
    scanTruncated: walk.truncation.scanTruncated,
    maxRenderNodes: view.maxRenderNodes,
    ...(g.scannedBy ? { scannedBy: g.scannedBy } : {}),
    ...(view.tokenizer ? { tokenizer: view.tokenizer } : {}),
  };
}

/**
 * The warm path's graph digest, reused while what it covers is the same: the walk's path list (the same array while
 * a watcher refreshes the walk in place), the salt and cache key, the lens object and the scan roots.
 */
export function warmDigest(warm: ScanWarmState, ...args: Parameters<typeof graphDigest>): string {
  const [salt, cacheKey, lens, view, walk] = args;
  const key = [walk.allPaths, salt, cacheKey, lens, JSON.stringify(view.settings.roots ?? ['.'])];
  const hit = warm.digest;
  if (hit !== null && hit.key.every((v, i) => v === key[i])) return hit.value;
  const value = graphDigest(...args);
  warm.digest = { key, value };
  return value;
}
