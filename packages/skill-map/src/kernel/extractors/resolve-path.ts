import { joinPath } from '../util/posix-path.js';

/** Paths authored as `./x` or `../x` are strictly file-relative: no root fallback. */
export function isExplicitRelative(dest: string): boolean {
  return dest.startsWith('./') || dest.startsWith('../');
}

/** What {@link relativeTargets} returns (reused: one call at a time, read before the next). */
export interface RelativeTargets {
  target: string;
  fallback: string | null;
  bare: string | null;
}

const OUT: RelativeTargets = { target: '', fallback: null, bare: null };

/**
 * File-relative target and root-relative fallback for a path authored in `dir` (under scan root `root`). Returns a
 * shared object: read its fields before the next call.
 */
export function relativeTargets(dest: string, dir: string, root: string): RelativeTargets {
  if (dest.startsWith('/')) {
    OUT.target = joinPath(root, dest);
    OUT.fallback = null;
    OUT.bare = null;
    return OUT;
  }
  const target = joinPath(dir, dest);
  OUT.target = target;
  if (isExplicitRelative(dest)) {
    OUT.fallback = null;
    OUT.bare = null;
    return OUT;
  }
  const fallback = joinPath(root, dest);
  OUT.fallback = fallback === target ? null : fallback;
  OUT.bare = joinPath(dest);
  return OUT;
}
