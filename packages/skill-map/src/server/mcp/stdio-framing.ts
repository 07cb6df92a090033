// What `sm mcp` reads before the SDK's stdio transport does: a line that is not JSON is answered with a JSON-RPC
// Parse error (-32700, id null) instead of being dropped silently, and the process keeps serving.
import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';

/** The answer to a line that is not JSON (JSON-RPC 2.0 §5.1: the id could not be read, so it is null). */
export const PARSE_ERROR_LINE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: null,
  error: { code: -32700, message: 'Parse error' },
})}\n`;

/** A line longer than this without its newline is answered as a parse error and dropped up to the next newline. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

const NEWLINE = 0x0a;

function isJson(line: Buffer): boolean {
  try {
    JSON.parse(line.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Splits stdin into lines and passes on the ones that parse as JSON (blank lines are dropped); every other line
 * is answered through `reply` with {@link PARSE_ERROR_LINE}. Splitting on the byte 0x0A is UTF-8 safe. The bytes
 * held for one unfinished line are bounded by `maxLineBytes`.
 */
export function parseErrorFilter(reply: (line: string) => void, maxLineBytes = MAX_LINE_BYTES): Transform {
  let parts: Buffer[] = [];
  let size = 0;
  let discarding = false;
  const finish = (piece: Buffer, out: Transform): void => {
    const line = parts.length === 0 ? piece : Buffer.concat([...parts, piece]);
    parts = [];
    size = 0;
    if (discarding) {
      discarding = false;
      return;
    }
    const text = line.toString('utf8').trim();
    if (text === '') return;
    if (isJson(line)) out.push(Buffer.concat([line, Buffer.from('\n')]));
    else reply(PARSE_ERROR_LINE);
  };
  return new Transform({
    transform(this: Transform, chunk: Buffer | string, _enc: BufferEncoding, done: TransformCallback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      let start = 0;
      for (let end = bytes.indexOf(NEWLINE); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
        finish(bytes.subarray(start, end), this);
        start = end + 1;
      }
      const rest = bytes.subarray(start);
      if (rest.length > 0 && !discarding) {
        if (size + rest.length > maxLineBytes) {
          parts = [];
          size = 0;
          discarding = true;
          reply(PARSE_ERROR_LINE);
        } else {
          parts.push(Buffer.from(rest));
          size += rest.length;
        }
      }
      done();
    },
    flush(this: Transform, done: TransformCallback) {
      if (size > 0) finish(Buffer.alloc(0), this);
      done();
    },
  });
}
