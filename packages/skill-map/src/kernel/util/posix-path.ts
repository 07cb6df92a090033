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

/** True when `path` is already normal: no empty, `.` or `..` segment and no leading or trailing `/` (`''` is normal). */
export function isNormalPath(path: string): boolean {
  const n = path.length;
  let start = 0;
  for (let i = 0; i <= n; i++) {
    if (i === n || path.charCodeAt(i) === 47) {
      const len = i - start;
      if (len === 0) return n === 0;
      if (len <= 2 && path.charCodeAt(start) === 46 && (len === 1 || path.charCodeAt(start + 1) === 46))
        return false;
      start = i + 1;
    }
  }
  return true;
}

function normalizeSegments(out: string[], part: string): void {
  if (part === '') return;
  for (const seg of part.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else out.push('..');
    } else out.push(seg);
  }
}

/**
 * Joins and normalises POSIX segments: collapses `.` and empty segments and resolves `..`. A path that climbs above
 * the root keeps its leading `..` segments (so it can never alias a node inside the scope). Two normal parts (the
 * common case) are simply joined with `/`.
 */
export function joinPath(a: string, b = ''): string {
  if (isNormalPath(b) && isNormalPath(a)) return a === '' ? b : b === '' ? a : `${a}/${b}`;
  // A normal base plus `./` and `../` steps, then a normal rest (the usual relative link): walk up without splitting.
  if (b.charCodeAt(0) === 46 && isNormalPath(a)) {
    let i = 0;
    let base = a;
    let ups = 0;
    for (;;) {
      if (b.startsWith('./', i)) i += 2;
      else if (b.startsWith('../', i)) {
        i += 3;
        if (base === '') ups++;
        else base = dirname(base);
      } else break;
    }
    const rest = b.slice(i);
    if (isNormalPath(rest)) {
      let out = base;
      for (let u = 0; u < ups; u++) out = out === '' ? '..' : `${out}/..`;
      return out === '' ? rest : rest === '' ? out : `${out}/${rest}`;
    }
  }
  const out: string[] = [];
  normalizeSegments(out, a);
  normalizeSegments(out, b);
  return out.join('/');
}

// One copy, shared with the web page's branch scoping.
export { isWithin } from '@skill-map/spec';

/** The `.sm` sidecar path of a node path: `foo.md` → `foo.sm`, any other file gets `.sm` appended. */
export function sidecarPathFor(nodePath: string): string {
  return extname(nodePath) === '.md' ? nodePath.slice(0, -3) + '.sm' : nodePath + '.sm';
}

/** Normalises a configured root (`.`, `./a/`, `a`) to the scope-relative form the kernel uses (`''`, `a`). */
export function normalizeRoot(root: string): string {
  return joinPath(root);
}
