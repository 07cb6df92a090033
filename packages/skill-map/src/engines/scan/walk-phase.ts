// The walk phase of a scan: a full walk, or a watcher's refresh of the previous one, and the lens it decides.
import type { FsPort } from '../../adapters/fs/fs-port.js';
import { refreshWalk } from '../../adapters/fs/refresh-walk.js';
import { walkProject } from '../../adapters/fs/walk.js';
import type { WalkOptions, WalkResult } from '../../adapters/fs/walk-types.js';
import type { KernelPort, LensDecision } from './kernel-port.js';
import type { ScanOptions } from './scan-types.js';
import type { ScanConfigView } from './scan-settings.js';
import type { ScanWarmState } from './warm-state.js';

function lensPaths(walk: WalkResult): string[] {
  return [...walk.allPaths, ...walk.dirs.map((d) => `${d}/`)];
}

/**
 * The lens of this walk. A watcher's in-place refresh keeps the previous path lists, so with the same kernel
 * and settings the previous decision is still the answer (the kernel's detection is a pure function of them).
 */
export function lensFor(
  warm: ScanWarmState | undefined,
  k: KernelPort,
  walk: WalkResult,
  view: ScanConfigView,
): LensDecision {
  const key = [k, walk.allPaths, walk.dirs, JSON.stringify(view.settings)];
  const hit = warm?.lens;
  if (hit && hit.key.length === key.length && hit.key.every((v, i) => v === key[i])) return hit.lens;
  const lens = k.detectLens(lensPaths(walk), view.settings);
  if (warm) warm.lens = { key, lens };
  return lens;
}

/** Candidate filter limited to the configured `scan.roots` (the walk itself always starts at the scope root). */
function candidateFilter(k: KernelPort, roots: readonly string[]): (path: string) => boolean {
  const prefixes = roots.map((r) => r.replace(/^\.\/?/, '').replace(/\/+$/, ''));
  if (prefixes.includes('')) return k.isCandidatePath;
  return (p) => prefixes.some((r) => p === r || p.startsWith(`${r}/`)) && k.isCandidatePath(p);
}

export function walkPhase(
  opts: ScanOptions,
  k: KernelPort,
  fs: FsPort,
  view: ScanConfigView,
): { walk: WalkResult; refreshed: boolean } {
  const walkOpts: WalkOptions = {
    root: opts.projectRoot,
    fs,
    isCandidate: candidateFilter(k, view.settings.roots ?? ['.']),
    shouldRead: () => false,
    maxFileSizeBytes: view.maxFileSizeBytes,
    maxScan: view.maxScan,
    respectGitignore: view.respectGitignore,
    ignorePatterns: view.ignorePatterns,
    followExternalSymlinks: view.followExternalSymlinks,
  };
  const last = opts.warm?.lastWalk;
  const refreshed =
    last && opts.changedPaths && opts.mode !== 'full' ? refreshWalk(last, opts.changedPaths, walkOpts) : null;
  const walk = refreshed ?? walkProject(walkOpts);
  if (opts.warm) opts.warm.lastWalk = walk;
  return { walk, refreshed: refreshed !== null };
}
