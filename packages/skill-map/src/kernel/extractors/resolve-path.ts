import { joinPath } from '../util/posix-path.js';

/** Paths authored as `./x` or `../x` are strictly file-relative: no root fallback. */
export function isExplicitRelative(dest: string): boolean {
  return dest.startsWith('./') || dest.startsWith('../');
}

/** File-relative target and root-relative fallback for a path authored in `dir` (under scan root `root`). */
export function relativeTargets(
  dest: string,
  dir: string,
  root: string,
): { target: string; fallback: string | null; bare: string | null } {
  if (dest.startsWith('/')) return { target: joinPath(root, dest), fallback: null, bare: null };
  const target = joinPath(dir, dest);
  if (isExplicitRelative(dest)) return { target, fallback: null, bare: null };
  const fallback = joinPath(root, dest);
  return { target, fallback: fallback === target ? null : fallback, bare: joinPath(dest) };
}
