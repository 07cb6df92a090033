// Where a file's YAML frontmatter and its top-level keys stand in the text, as offsets (the fixes edit in place, so
// they need positions, which a YAML parser's value does not give).

/** The offsets [start, end) of the frontmatter's lines (between the `---` fences), or null when there is none. */
export function frontmatterSpan(text: string): { start: number; end: number } | null {
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  const open = /^---[ \t]*\r?\n/.exec(text.slice(bom));
  if (open === null) return null;
  const start = bom + open[0].length;
  const close = /^---[ \t]*(?:\r?\n|$)/m;
  const rest = text.slice(start);
  const m = close.exec(rest);
  return m === null ? null : { start, end: start + m.index };
}

/** One top-level `key:` of the frontmatter: where its value starts, and where its block (value lines) ends. */
export interface KeySpan {
  /** Offset just after the `:`. */
  readonly valueStart: number;
  /** Offset where the next top-level key (or the closing fence) begins. */
  readonly blockEnd: number;
}

/** The top-level `key:` line of the frontmatter (the first, as YAML keeps the last but hosts warn on duplicates). */
export function keySpan(text: string, key: string): KeySpan | null {
  const fm = frontmatterSpan(text);
  if (fm === null) return null;
  const body = text.slice(fm.start, fm.end);
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`^(?:${escaped}|"${escaped}"|'${escaped}')[ \\t]*:`, 'm').exec(body);
  if (m === null) return null;
  const valueStart = fm.start + m.index + m[0].length;
  // The block runs until a line that starts a new top-level key (not indented, not a list item, not a comment).
  const next = /\n(?=[^\s#-])/g;
  next.lastIndex = valueStart - fm.start;
  const n = next.exec(body);
  return { valueStart, blockEnd: n === null ? fm.end : fm.start + n.index + 1 };
}
