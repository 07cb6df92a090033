import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_LINE_BYTES, LineBuffer } from './framing.js';

const lines = (events: ReturnType<LineBuffer['push']>) =>
  events.map((e) => (e.kind === 'line' ? e.line : `<overflow ${e.limit}>`));

describe('LineBuffer', () => {
  it('splits complete lines and keeps a partial one until its newline arrives', () => {
    const buf = new LineBuffer();
    expect(lines(buf.push('{"a":1}\n{"b"'))).toEqual(['{"a":1}']);
    expect(buf.pendingBytes).toBe(4);
    expect(lines(buf.push(':2}\n'))).toEqual(['{"b":2}']);
    expect(buf.pendingBytes).toBe(0);
  });

  it('returns several lines from one chunk, blank ones included, and leaves CR for the caller to trim', () => {
    const buf = new LineBuffer();
    expect(lines(buf.push('a\r\n\nb\n'))).toEqual(['a\r', '', 'b']);
  });

  it('reassembles a multi-byte character split across chunks', () => {
    const buf = new LineBuffer();
    const bytes = Buffer.from('"—é"\n', 'utf8');
    expect(lines(buf.push(bytes.subarray(0, 2)))).toEqual([]);
    expect(lines(buf.push(bytes.subarray(2)))).toEqual(['"—é"']);
  });

  it('copies held bytes so a reused chunk buffer cannot corrupt the line', () => {
    const buf = new LineBuffer();
    const chunk = Buffer.from('abc');
    buf.push(chunk);
    chunk.fill(0x78);
    expect(lines(buf.push('\n'))).toEqual(['abc']);
  });

  it('reports an overlong unfinished line once and drops it up to the next newline', () => {
    const buf = new LineBuffer(8);
    expect(lines(buf.push('12345'))).toEqual([]);
    expect(lines(buf.push('6789'))).toEqual(['<overflow 8>']);
    expect(buf.pendingBytes).toBe(0);
    expect(lines(buf.push('more junk'))).toEqual([]);
    expect(buf.pendingBytes).toBe(0);
    expect(lines(buf.push('tail\nok\n'))).toEqual(['ok']);
  });

  it('reports an overlong line that arrives complete in one chunk', () => {
    const buf = new LineBuffer(4);
    expect(lines(buf.push('123456\nok\n'))).toEqual(['<overflow 4>', 'ok']);
  });

  it('accepts a line of exactly the limit', () => {
    const buf = new LineBuffer(4);
    expect(lines(buf.push('12'))).toEqual([]);
    expect(lines(buf.push('34\n'))).toEqual(['1234']);
  });

  it('defaults to a 16 MiB limit', () => {
    expect(DEFAULT_MAX_LINE_BYTES).toBe(16 * 1024 * 1024);
  });
});
