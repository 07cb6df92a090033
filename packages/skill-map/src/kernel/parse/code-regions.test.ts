import { describe, expect, it } from 'vitest';
import {
  FENCE_OPEN,
  FENCE_PREFIX,
  MASK_CHAR,
  maskSpans,
  scanMarkdown,
  scanParagraph,
  type MarkdownScan,
} from './code-regions.js';

/** The line-slicing scanMarkdown the index-based one replaced (the reference for the differential test). */
function referenceScanMarkdown(text: string, from: number): MarkdownScan {
  const out: MarkdownScan = { code: [], html: [], unbalanced: null };
  const bad = { spans: 0, first: -1, fences: 0 };
  let paraStart = -1;
  let pos = from;
  let fence: { char: number; len: number; indent: number; start: number; contentStart: number } | null = null;
  while (pos <= text.length) {
    let eol = text.indexOf('\n', pos);
    if (eol === -1) eol = text.length;
    const line = text.slice(pos, eol).replace(/\r$/, '');
    if (fence !== null) {
      const lead = /^[ \t>]*/.exec(line)![0].length;
      const t = line.slice(lead).trimEnd();
      // CommonMark: a closer may be indented at most 3 columns past where the opening fence's content starts.
      if (t.charCodeAt(0) === fence.char && lead <= fence.indent + 3) {
        let n = 0;
        while (t.charCodeAt(n) === fence.char) n++;
        if (n >= fence.len && n === t.length) {
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
    } else if ((line.includes('```') || line.includes('~~~')) && FENCE_OPEN.test(line)) {
      if (paraStart >= 0) scanParagraph(text, paraStart, pos, out, bad);
      paraStart = -1;
      const indent = FENCE_PREFIX.exec(line)![0].length;
      const t = line.slice(indent);
      const char = t.charCodeAt(0);
      let n = 0;
      while (t.charCodeAt(n) === char) n++;
      fence = { char, len: n, indent, start: pos, contentStart: Math.min(eol + 1, text.length) };
    } else if (line.trim() === '') {
      if (paraStart >= 0) scanParagraph(text, paraStart, pos, out, bad);
      paraStart = -1;
    } else if (paraStart < 0) paraStart = pos;
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

const slice = (text: string, r: { contentStart: number; contentEnd: number }): string =>
  text.slice(r.contentStart, r.contentEnd);

describe('scanMarkdown', () => {
  it('finds fenced blocks (backtick and tilde) with their content', () => {
    const text = 'a\n```js\nx = 1\n```\nb\n~~~~\ny\n~~~~\n';
    const scan = scanMarkdown(text, 0);
    expect(scan.code.map((c) => [c.kind, slice(text, c)])).toEqual([
      ['code-block', 'x = 1\n'],
      ['code-block', 'y\n'],
    ]);
    expect(scan.unbalanced).toBeNull();
  });

  it('opens fences after list markers and closes them at the list content indent', () => {
    const text = '2. ```sh\n   npm i\n   ```\nafter\n';
    const scan = scanMarkdown(text, 0);
    expect(scan.code).toHaveLength(1);
    expect(slice(text, scan.code[0]!)).toBe('   npm i\n');
    expect(scan.unbalanced).toBeNull();
  });

  it('does not close a fence with a deeper-indented or info-bearing line', () => {
    const text = '```\n    ```bash\n    ```\n```\n';
    const scan = scanMarkdown(text, 0);
    expect(scan.code).toHaveLength(1);
    expect(slice(text, scan.code[0]!)).toBe('    ```bash\n    ```\n');
  });

  it('finds inline spans with matching run lengths, skipping escaped backticks', () => {
    const text = 'use `a` and ``b ` c`` but \\`not';
    const scan = scanMarkdown(text, 0);
    expect(scan.code.map((c) => slice(text, c))).toEqual(['a', 'b ` c']);
    expect(scan.unbalanced).toBeNull();
  });

  it('reports unclosed fences (running to the end) and unmatched runs', () => {
    const fence = scanMarkdown('ok\n```\ncode forever', 0);
    expect(fence.unbalanced).toEqual({ offset: 3, fences: 1, spans: 0 });
    expect(fence.code[0]!.end).toBe('ok\n```\ncode forever'.length);
    const span = scanMarkdown('one `two\n\nthree', 0);
    expect(span.unbalanced).toEqual({ offset: 4, fences: 0, spans: 1 });
  });

  it('collects raw HTML tags and comments outside code, not autolinks', () => {
    const text = '<HARD-GATE>do</HARD-GATE> <!-- c\nd --> `<b>` <https://x.io>';
    const scan = scanMarkdown(text, 0);
    expect(scan.html.map((h) => text.slice(h.start, h.end))).toEqual([
      '<HARD-GATE>',
      '</HARD-GATE>',
      '<!-- c\nd -->',
    ]);
  });

  it('starts scanning at the body offset', () => {
    expect(scanMarkdown('`a` then `b`', 4).code).toHaveLength(1);
  });
});

describe('maskSpans', () => {
  it('blanks spans with a non-space mask, keeping length and newlines', () => {
    const out = maskSpans('ab`x\ny`cd', [{ start: 2, end: 7 }]);
    expect(out).toBe(`ab${MASK_CHAR.repeat(2)}\n${MASK_CHAR.repeat(2)}cd`);
    expect(out).toHaveLength(9);
    expect(maskSpans('abc', [])).toBe('abc');
  });
});

describe('scanMarkdown (index-based) against the line-slicing reference', () => {
  it('finds the same code, HTML and unbalanced runs on random markdown', () => {
    let seed = 5;
    const next = (): number => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    const pieces = [
      '```',
      '~~~',
      '````',
      '`',
      'x',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '>',
      '- ',
      '1. ',
      '<b>',
      '</b>',
      '<!--',
      '-->',
      '\u00a0',
      'é',
      '\\',
      'js',
      '\n\n',
    ];
    for (let n = 0; n < 5000; n++) {
      let text = '';
      for (let k = Math.floor(next() * 40); k > 0; k--) text += pieces[Math.floor(next() * pieces.length)]!;
      const from =
        text.length === 0 ? 0 : Math.floor(next() * 3) === 0 ? Math.floor(next() * text.length) : 0;
      expect(scanMarkdown(text, from), JSON.stringify([text, from])).toEqual(
        referenceScanMarkdown(text, from),
      );
    }
  });
});
