// Line-level helpers for editing TOML text without re-serialising it, so comments and layout survive.

/** A TOML basic string for `value`, escaping what the TOML spec requires (quote, backslash, controls). */
export function tomlString(value: string): string {
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

function unescapeBasic(body: string): string | undefined {
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return undefined; // TOML-only escapes (\U0001F600): not a key we would ever match
  }
}

/** Splits a dotted TOML key (`a."b.c".'d'`) into its segments; undefined when it is not a simple key. */
export function parseDottedKey(key: string): string[] | undefined {
  const segments: string[] = [];
  const re = /\s*(?:([A-Za-z0-9_-]+)|"((?:[^"\\]|\\.)*)"|'([^']*)')\s*(\.|$)/y;
  let pos = 0;
  while (pos < key.length) {
    re.lastIndex = pos;
    const m = re.exec(key);
    if (m === null) return undefined;
    const quoted = m[2] === undefined ? undefined : unescapeBasic(m[2]);
    if (m[2] !== undefined && quoted === undefined) return undefined;
    segments.push(m[1] ?? quoted ?? m[3] ?? '');
    pos = re.lastIndex;
    if (m[4] === '') break;
  }
  return segments.length > 0 ? segments : undefined;
}

/** One line of TOML text with its offsets, and the table header it opens when it is one. */
export interface TomlLine {
  start: number;
  /** Offset just past the line terminator. */
  end: number;
  text: string;
  header?: { key: string[]; array: boolean };
  /** A key/value or header line (not blank, not only a comment). */
  content: boolean;
}

const HEADER = /^\s*(\[\[?)\s*([^\]]*?)\s*\]\]?\s*(?:#.*)?$/;

/** Splits TOML text into lines, recognising table headers outside multi-line strings. */
export function scanTomlLines(text: string): TomlLine[] {
  const lines: TomlLine[] = [];
  let inMultiline: '"""' | "'''" | undefined;
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 ? text.length : nl + 1;
    const raw = text.slice(start, end).replace(/\r?\n$/, '');
    const line: TomlLine = {
      start,
      end,
      text: raw,
      content: raw.trim() !== '' && !raw.trim().startsWith('#'),
    };
    if (inMultiline === undefined) {
      const m = HEADER.exec(raw);
      const key = m?.[2] === undefined ? undefined : parseDottedKey(m[2]);
      if (m !== null && key !== undefined) line.header = { key, array: m[1] === '[[' };
    }
    for (const delim of ['"""', "'''"] as const) {
      const count = raw.split(delim).length - 1;
      if (count % 2 === 1 && (inMultiline === undefined || inMultiline === delim)) {
        inMultiline = inMultiline === undefined ? delim : undefined;
      }
    }
    lines.push(line);
    start = end;
  }
  return lines;
}

function startsWith(key: readonly string[], prefix: readonly string[]): boolean {
  return prefix.every((segment, i) => key[i] === segment);
}

/**
 * Finds the text span of the table `[<key>]` and its contiguous sub-tables: from its header line to the end
 * of its last key/value line. Trailing blank and comment lines are left out: they usually introduce the
 * next table. Undefined when there is no such header.
 */
export function findTableSpan(
  text: string,
  key: readonly string[],
): { start: number; end: number } | undefined {
  const lines = scanTomlLines(text);
  const first = lines.findIndex(
    (l) =>
      l.header !== undefined &&
      !l.header.array &&
      l.header.key.length === key.length &&
      startsWith(l.header.key, key),
  );
  const head = lines[first];
  if (head === undefined) return undefined;
  let end = head.end;
  for (const line of lines.slice(first + 1)) {
    if (line.header !== undefined && !startsWith(line.header.key, key)) break;
    if (line.content) end = line.end;
  }
  return { start: head.start, end };
}

/** The line ending a text already uses (CRLF if any line has it), so inserted lines match. */
export function detectEol(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}
