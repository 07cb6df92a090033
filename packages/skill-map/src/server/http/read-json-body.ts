import { ServerError } from '../errors.js';
import type { AppContextC } from './app-context.js';

/** Request bodies on `/api/*` above this are refused with 413 `payload-too-large`. */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;

function tooLarge(limit: number): ServerError {
  return new ServerError('payload-too-large', `request body exceeds ${limit} bytes`, { details: { limit } });
}

/** A declared `Content-Length` over the limit is refused before anything is read. */
export function checkDeclaredLength(declared: string | undefined, limit = API_BODY_LIMIT_BYTES): void {
  if (declared !== undefined && Number(declared) > limit) throw tooLarge(limit);
}

/**
 * Reads the request body as text, at most `limit` bytes, whatever its framing: a `Content-Length`, chunked
 * transfer encoding, or neither (an empty body). Stops reading and throws 413 as soon as the limit is passed.
 */
export async function readBodyText(c: AppContextC, limit = API_BODY_LIMIT_BYTES): Promise<string> {
  checkDeclaredLength(c.req.header('content-length'), limit);
  const stream = c.req.raw.body as ReadableStream<Uint8Array> | null;
  if (stream === null) return '';
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/**
 * Reads a JSON request body, bounded by `API_BODY_LIMIT_BYTES`. An empty body (no `Content-Length`, `0`, or an
 * empty chunked stream) is `undefined` when `optional` ("no options"), else a 400; a non-JSON media type is a
 * 415; bad JSON a 400.
 */
export async function readJsonBody(c: AppContextC, options: { optional?: boolean } = {}): Promise<unknown> {
  const text = await readBodyText(c);
  if (text.trim() === '') {
    if (options.optional === true) return undefined;
    throw new ServerError('bad-json', 'a JSON request body is required');
  }
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    throw new ServerError('unsupported-media-type', 'Content-Type must be application/json');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new ServerError('bad-json', 'the request body is not valid JSON', { cause: err });
  }
}
