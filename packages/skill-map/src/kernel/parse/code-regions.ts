/** A code region of a markdown text; offsets are absolute in the scanned text. */
export interface CodeRegion {
  kind: 'code-block' | 'inline-code';
  /** Whole region including fences/backticks. */
  start: number;
  end: number;
  /** Content only (what code-region extractors read). */
  contentStart: number;
  contentEnd: number;
}

/** A span to hide from prose extractors (code, HTML tag or comment). */
export interface Span {
  start: number;
  end: number;
}

/** What {@link scanMarkdown} found. */
export interface MarkdownScan {
  code: CodeRegion[];
  /** Raw HTML tags and comments outside code. */
  html: Span[];
  /** Unclosed fence or backtick run: offset of the first one and how many there are. */
  unbalanced: { offset: number; fences: number; spans: number } | null;
}

// A fence may open after list markers or blockquote `>`s (`2. ```sh`); indentation is not limited (see scanMarkdown).
// A backtick fence's info string holds no backtick; a tilde fence's may (CommonMark).
/** @internal exported for the differential test. */
export const FENCE_OPEN = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+|>[ \t]?)*(?:`{3,}[^`\n]*|~{3,}[^\n]*)$/;
/** @internal exported for the differential test. */
export const FENCE_PREFIX = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+|>[ \t]?)*/;
/** A raw HTML tag, tried (sticky) at a `<`; comments are found with indexOf (see {@link htmlSpanAt}). */
const TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/y;

/**
 * The end of the raw HTML (comment `<!-- ... -->` or tag) starting at `para[i]`, or -1. `lastClose` is the last
 * `-->` of the paragraph: a `<!--` after it cannot close, which keeps many unclosed `<!--` linear (a lazy regex
 * scanned to the end of the paragraph from each of them).
 */
function htmlSpanAt(para: string, i: number, lastClose: number): number {
  if (para.startsWith('<!--', i)) {
    if (i + 4 > lastClose) return -1;
    return para.indexOf('-->', i + 4) + 3;
  }
  TAG.lastIndex = i;
  return TAG.test(para) ? TAG.lastIndex : -1;
}

/** @internal exported for the differential test: inline spans and raw HTML of one paragraph. */
export function scanParagraph(
  text: string,
  start: number,
  end: number,
  out: MarkdownScan,
  bad: { spans: number; first: number },
): void {
  const para = text.slice(start, end);
  const codeFrom = out.code.length;
  if (para.includes('`')) {
    let i = para.indexOf('`');
    while (i !== -1) {
      if (i > 0 && para.charCodeAt(i - 1) === 92) {
        i = para.indexOf('`', i + 1);
        continue;
      }
      let n = 1;
      while (para.charCodeAt(i + n) === 96) n++;
      const run = '`'.repeat(n);
      let j = para.indexOf(run, i + n);
      while (j !== -1 && (para.charCodeAt(j + n) === 96 || para.charCodeAt(j - 1) === 96)) {
        let k = j;
        while (para.charCodeAt(k) === 96) k++;
        j = para.indexOf(run, k);
      }
      if (j === -1) {
        bad.spans++;
        if (bad.first < 0) bad.first = start + i;
        i = para.indexOf('`', i + n);
        continue;
      }
      out.code.push({
        kind: 'inline-code',
        start: start + i,
        end: start + j + n,
        contentStart: start + i + n,
        contentEnd: start + j,
      });
      i = para.indexOf('`', j + n);
    }
  }
  if (para.includes('<')) {
    const lastClose = para.lastIndexOf('-->');
    // This paragraph's code spans are in start order, and so are the tags: one forward pointer finds the span a tag
    // starts in (a nested loop was quadratic on a paragraph of many spans and tags).
    let k = codeFrom;
    for (let i = para.indexOf('<'); i !== -1;) {
      const end = htmlSpanAt(para, i, lastClose);
      if (end < 0) {
        i = para.indexOf('<', i + 1);
        continue;
      }
      // `](<dest with spaces>)` is a link destination, not a tag.
      if (i === 0 || para.charCodeAt(i - 1) !== 40) {
        const s = start + i;
        while (k < out.code.length && out.code[k]!.end <= s) k++;
        const inCode = k < out.code.length && out.code[k]!.start <= s;
        if (!inCode) out.html.push({ start: s, end: start + end });
      }
      i = para.indexOf('<', end);
    }
  }
}

/**
 * Finds fenced code blocks, inline code spans and raw HTML in `text[from..]`, in one pass over the lines. Indented
 * code blocks are NOT treated as code (skill bodies indent list content freely). An unclosed fence runs to the end
 * of the text, as in CommonMark.
 */
export function scanMarkdown(text: string, from: number): MarkdownScan {
  const out: MarkdownScan = { code: [], html: [], unbalanced: null };
  const bad = { spans: 0, first: -1, fences: 0 };
  let paraStart = -1;
  let pos = from;
  let fence: { char: number; len: number; indent: number; start: number; contentStart: number } | null = null;
  // Next `` ``` `` / `~~~` at or after `pos` (-1: none left): a line can only open a fence if one starts inside it.
  let ticks = -2;
  let tildes = -2;
  while (pos <= text.length) {
    let eol = text.indexOf('\n', pos);
    if (eol === -1) eol = text.length;
    // The line is text[pos, end): without its newline and one trailing \r.
    const end = eol > pos && text.charCodeAt(eol - 1) === 13 ? eol - 1 : eol;
    if (fence !== null) {
      let lead = pos;
      for (
        let c = text.charCodeAt(lead);
        lead < end && (c === 32 || c === 9 || c === 62);
        c = text.charCodeAt(++lead)
      );
      // CommonMark: a closer may be indented at most 3 columns past where the opening fence's content starts.
      if (lead < end && text.charCodeAt(lead) === fence.char && lead - pos <= fence.indent + 3) {
        let k = lead;
        while (k < end && text.charCodeAt(k) === fence.char) k++;
        if (k - lead >= fence.len && (k === end || BLANK.test(text.slice(k, end)))) {
          out.code.push({
            kind: 'code-block',
            start: fence.start,
            end: eol,
            contentStart: fence.contentStart,
            contentEnd: pos,
          });
          fence = null;
        }
      }
    } else {
      if (ticks !== -1 && ticks < pos) ticks = text.indexOf('```', pos);
      if (tildes !== -1 && tildes < pos) tildes = text.indexOf('~~~', pos);
      const line =
        (ticks !== -1 && ticks + 3 <= end) || (tildes !== -1 && tildes + 3 <= end)
          ? text.slice(pos, end)
          : null;
      if (line !== null && FENCE_OPEN.test(line)) {
        if (paraStart >= 0) scanParagraph(text, paraStart, pos, out, bad);
        paraStart = -1;
        const indent = FENCE_PREFIX.exec(line)![0].length;
        const t = line.slice(indent);
        const char = t.charCodeAt(0);
        let n = 0;
        while (t.charCodeAt(n) === char) n++;
        fence = { char, len: n, indent, start: pos, contentStart: Math.min(eol + 1, text.length) };
      } else if (isBlank(text, pos, end)) {
        if (paraStart >= 0) scanParagraph(text, paraStart, pos, out, bad);
        paraStart = -1;
      } else if (paraStart < 0) paraStart = pos;
    }
    if (eol === text.length) break;
    pos = eol + 1;
  }
  if (fence !== null) {
    bad.fences++;
    if (bad.first < 0 || fence.start < bad.first) bad.first = fence.start;
    out.code.push({
      kind: 'code-block',
      start: fence.start,
      end: text.length,
      contentStart: fence.contentStart,
      contentEnd: text.length,
    });
  }
  if (paraStart >= 0) scanParagraph(text, paraStart, text.length, out, bad);
  out.code.sort((a, b) => a.start - b.start);
  if (bad.fences + bad.spans > 0)
    out.unbalanced = { offset: bad.first, fences: bad.fences, spans: bad.spans };
  return out;
}

/** Only whitespace (what `String.prototype.trim` removes). */
const BLANK = /^\s*$/;

/** `text.slice(start, end).trim() === ''`, without the slice for ASCII lines (most lines fail on their first char). */
function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) continue;
    if (c < 128) return false;
    return BLANK.test(text.slice(i, end));
  }
  return true;
}

/** Character masked regions are filled with: not whitespace, not a word char, so it never forms a token boundary. */
export const MASK_CHAR = '\u0000';

function blank(text: string, start: number, end: number): string {
  let out = '';
  let from = start;
  for (let nl = text.indexOf('\n', from); nl !== -1 && nl < end; nl = text.indexOf('\n', from)) {
    out += MASK_CHAR.repeat(nl - from) + '\n';
    from = nl + 1;
  }
  return out + MASK_CHAR.repeat(end - from);
}

/** Returns `text` with every span blanked to {@link MASK_CHAR} (newlines kept), so offsets stay valid for prose regexes. */
export function maskSpans(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let out = '';
  let prev = 0;
  for (const span of sorted) {
    const start = Math.max(span.start, prev);
    if (span.end <= start) continue;
    out += text.slice(prev, start) + blank(text, start, span.end);
    prev = span.end;
  }
  return out + text.slice(prev);
}
