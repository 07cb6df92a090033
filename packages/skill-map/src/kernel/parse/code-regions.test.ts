import { describe, expect, it } from 'vitest';
import { MASK_CHAR, maskSpans, scanMarkdown } from './code-regions.js';

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
