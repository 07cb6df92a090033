import { ServerError } from '../errors.js';
import type { AppContextC } from './app-context.js';

/**
 * Reads a JSON request body (the 1 MiB limit is enforced earlier by the body-limit middleware).
 * An empty body is `undefined` when `optional`, else a 400; a non-JSON media type is a 415; bad JSON a 400.
 */
export async function readJsonBody(c: AppContextC, options: { optional?: boolean } = {}): Promise<unknown> {
  const text = await c.req.text();
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
