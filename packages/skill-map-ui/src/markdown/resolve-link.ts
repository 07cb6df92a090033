// Where a link written in a node's body points, in project terms: another node (navigated to in the page), a
// project path that is not in the map, an anchor of the same document, or an outside address.

/** The in-page route of a node's panel (the same shape route.ts formats). */
export function nodeHref(path: string): string {
  return `#/?${new URLSearchParams({ node: path }).toString()}`;
}

/** `a/b/../c/./d` → `a/c/d`; null when it climbs above the project root. */
export function normalizePath(path: string): string | null {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

function dirname(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export type ResolvedLink =
  | { type: 'node'; path: string }
  | { type: 'missing'; path: string }
  | { type: 'anchor' }
  | { type: 'external'; href: string }
  | { type: 'refused' };

/** What the page knows when it resolves a body link: the node it is written in and the nodes of the map. */
export interface LinkContext {
  from: string;
  hasNode(path: string): boolean;
  /** The scan's own resolution of an authored target (outgoing links: target → resolvedTarget). */
  resolvedBy(target: string): string | null;
}

/**
 * Resolves one `href` as authored. Only http(s) and mailto leave as outside addresses; every other scheme
 * (javascript:, vbscript:, data:, file:, ...) is refused. A relative or root-absolute path resolves against the
 * node's folder (or the project root) and becomes a node when the map has it.
 */
export function resolveLink(href: string, ctx: LinkContext): ResolvedLink {
  const trimmed = href.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return { type: 'anchor' };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (scheme === 'http' || scheme === 'https' || scheme === 'mailto')
      return { type: 'external', href: trimmed };
    return { type: 'refused' };
  }
  if (trimmed.startsWith('//')) return { type: 'refused' };
  const bare = safeDecode(trimmed.replace(/[?#].*$/, ''));
  if (bare === '') return { type: 'anchor' };
  const joined = bare.startsWith('/') ? bare : `${dirname(ctx.from)}/${bare}`;
  const path = normalizePath(joined);
  if (path === null || path === '') return { type: 'refused' };
  if (ctx.hasNode(path)) return { type: 'node', path };
  const byScan = ctx.resolvedBy(path);
  if (byScan !== null && ctx.hasNode(byScan)) return { type: 'node', path: byScan };
  return { type: 'missing', path };
}
