// POSIX path helpers for scan-root-relative paths. The kernel never imports node:path (it must stay pure).

/** Directory part of a POSIX path (`''` for a top-level file). */
export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** Last segment of a POSIX path. */
export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** File name without its last extension (`a/b.test.md` → `b.test`). */
export function stem(path: string): string {
  const base = basename(path);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? base : base.slice(0, dot);
}

/** Lowercased last extension including the dot (`.md`), or `''`. */
export function extname(path: string): string {
  const base = basename(path);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot).toLowerCase();
}

/**
 * Joins and normalises POSIX segments: collapses `.` and empty segments and resolves `..`. A path that climbs above
 * the root keeps its leading `..` segments (so it can never alias a node inside the scope).
 */
export function joinPath(...parts: string[]): string {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '') continue;
    for (const seg of part.split('/')) {
      if (seg === '' || seg === '.') continue;
      if (seg === '..') {
        if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
        else out.push('..');
      } else out.push(seg);
    }
  }
  return out.join('/');
}

/** True when `path` equals `ancestor` or lies below it (`''` is the ancestor of everything). */
export function isWithin(path: string, ancestor: string): boolean {
  if (ancestor === '') return true;
  return (
    path === ancestor ||
    (path.length > ancestor.length && path.startsWith(ancestor) && path[ancestor.length] === '/')
  );
}

/** The `.sm` sidecar path of a node path: `foo.md` → `foo.sm`, any other file gets `.sm` appended. */
export function sidecarPathFor(nodePath: string): string {
  return extname(nodePath) === '.md' ? nodePath.slice(0, -3) + '.sm' : nodePath + '.sm';
}

/** Normalises a configured root (`.`, `./a/`, `a`) to the scope-relative form the kernel uses (`''`, `a`). */
export function normalizeRoot(root: string): string {
  return joinPath(root);
}
