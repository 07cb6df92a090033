// What the graph stage is a function of besides the records: its context (lens, settings, walk facts) and the digest
// the store keeps of it, shared by the full build and the in-place patch.
import { createHash } from 'node:crypto';
import type { SkippedEntry, WalkResult } from '../../adapters/fs/walk-types.js';
import type { GraphContext } from '../../kernel/index.js';
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
    .digest('base64');
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
