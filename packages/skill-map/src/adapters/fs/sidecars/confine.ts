import { lstatSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { errnoCode } from '../../errors.js';

/** Where one sidecar is read and written: its real path, inside the project's real root. */
export interface ConfinedSidecar {
  readonly ok: true;
  /** The project-relative path the caller named (`docs/a.sm`). */
  readonly rel: string;
  /** The real absolute path: every symlink on the way resolved, the sidecar's own link too. */
  readonly real: string;
  /** The real folder the write goes into (its temp file and rename stay there). */
  readonly realDir: string;
}

/** Why a sidecar path was refused: it leads out of the project, or its folder (or link target) is missing. */
export interface SidecarRefusal {
  readonly ok: false;
  readonly reason: 'outside-root' | 'missing';
  /** One sentence naming the project-relative path. */
  readonly message: string;
}

/** True when `path` is `root` or lies under it (both already resolved). */
function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

function refusal(reason: SidecarRefusal['reason'], message: string): SidecarRefusal {
  return { ok: false, reason, message };
}

function outside(rel: string, what: string): SidecarRefusal {
  return refusal(
    'outside-root',
    `the sidecar ${rel} ${what} leads out of the project (a symlink points outside it): it is neither read nor written`,
  );
}

/** The real path of the sidecar file itself: a symlink is resolved (a dangling one is refused), else as is. */
function resolveLink(target: string, rel: string): string | SidecarRefusal {
  let isLink: boolean;
  try {
    isLink = lstatSync(target).isSymbolicLink();
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return target; // no sidecar yet: the write creates it here
    throw err;
  }
  if (!isLink) return target;
  try {
    return realpathSync.native(target);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT')
      return refusal('missing', `the sidecar ${rel} is a symlink to a missing file`);
    throw err;
  }
}

/**
 * Security: confines the sidecar `rel` of the project at `scopeRoot` the way body reads are confined. Its folder is
 * resolved through every symlink (a directory link repointed out of the project after a scan) and must lie inside
 * the real project root, and so must the sidecar itself when it is a symlink (a `.sm` linked to a file outside is
 * never read, so never copied into the project or its database). An in-project link is followed: the write goes
 * to the file it names. Call it right before each read and each write: it is a check of the paths as they are now.
 */
export function confineSidecar(scopeRoot: string, rel: string): ConfinedSidecar | SidecarRefusal {
  const abs = resolve(scopeRoot, rel);
  const root = resolve(scopeRoot);
  if (abs === root || !isInside(root, abs)) return outside(rel, 'path');
  let realRoot: string;
  let realDir: string;
  try {
    realRoot = realpathSync.native(root);
    realDir = realpathSync.native(dirname(abs));
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return refusal('missing', `the folder of the sidecar ${rel} does not exist`);
    throw err;
  }
  if (!isInside(realRoot, realDir)) return outside(rel, 'folder');
  const real = resolveLink(join(realDir, basename(abs)), rel);
  if (typeof real !== 'string') return real;
  if (!isInside(realRoot, real)) return outside(rel, 'file');
  return { ok: true, rel, real, realDir: dirname(real) };
}
