import type { IgnoredReference } from '../types.js';

const escape = (s: string): string => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** `*` within a segment, `**` across segments (the untyped string form). */
function starGlob(entry: string): RegExp {
  const body = entry
    .split('**')
    .map((part) => part.split('*').map(escape).join('[^/]*'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

/**
 * A gitignore-style glob: a pattern with a slash before its end is anchored at the root, one without matches a name at
 * any depth; a trailing slash matches a folder (and so everything under it), as does any pattern naming a folder;
 * `*` and `?` stay within a segment, `**` crosses them.
 */
export function gitignoreGlob(pattern: string): RegExp {
  let p = pattern.trim();
  const anchored = p.startsWith('/') || p.replace(/\/+$/, '').includes('/');
  const dirOnly = p.endsWith('/');
  p = p.replace(/^\/+/, '').replace(/\/+$/, '');
  let body = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (p.startsWith('**/', i)) {
      body += '(?:.*/)?';
      i += 2;
    } else if (p.startsWith('**', i)) {
      body += '.*';
      i += 1;
    } else if (c === '*') body += '[^/]*';
    else if (c === '?') body += '[^/]';
    else body += escape(c);
  }
  return new RegExp(`^${anchored ? '' : '(?:.*/)?'}${body}${dirOnly ? '/.*' : '(?:/.*)?'}$`);
}

/**
 * Compiles the `ignored-references` match-list. Typed entries (`{ type: 'literal' | 'regex' | 'glob', value }`, the
 * reference's match-list): a literal equals the target, a regex is unanchored and case-sensitive, a glob is
 * gitignore-style. Untyped strings: `/re/` is a regex, one with `*` a glob (`*`, `**`), anything else a literal.
 */
export function compileIgnoredReferences(
  entries: readonly (string | IgnoredReference)[],
): (target: string) => boolean {
  const literals = new Set<string>();
  const patterns: RegExp[] = [];
  const regex = (source: string, orLiteral: string): void => {
    try {
      patterns.push(new RegExp(source));
    } catch {
      literals.add(orLiteral);
    }
  };
  for (const entry of entries) {
    if (typeof entry !== 'string') {
      if (entry.type === 'literal') literals.add(entry.value);
      else if (entry.type === 'regex') regex(entry.value, entry.value);
      else patterns.push(gitignoreGlob(entry.value));
    } else if (entry.length > 2 && entry.startsWith('/') && entry.endsWith('/'))
      regex(entry.slice(1, -1), entry);
    else if (entry.includes('*')) patterns.push(starGlob(entry));
    else literals.add(entry);
  }
  return (target) => literals.has(target) || patterns.some((re) => re.test(target));
}
