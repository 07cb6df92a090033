import { createHash } from 'node:crypto';
import * as z from 'zod';
import { badQuery } from '../../errors.js';
import type { ServerError } from '../../errors.js';

/*
 * Cursor pagination of the listing tools (issue 28 point 15). A cursor is opaque to the client: base64url of
 * `{t: tool, o: offset, q: fingerprint of the filters}`. It is only good for the tool and filters it came from
 * (another query is a -32602 naming `cursor`); `limit` may change between pages.
 */

interface CursorBody {
  t: string;
  o: number;
  q: string;
}

/** The input fields every listing tool adds. */
export function pageInput(defaultLimit: number, maxLimit: number) {
  return {
    limit: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe(`Page size, 1..${maxLimit} (larger values are clamped), default ${defaultLimit}.`),
    cursor: z
      .string()
      .min(1)
      .optional()
      .describe('The nextCursor of the previous page, with the same filters; omit for the first page.'),
  };
}

const PAGING_ARGS = new Set(['limit', 'cursor', 'offset']);

/** A stable fingerprint of the filter arguments (the paging arguments left out). */
function fingerprint(filters: Record<string, unknown>): string {
  const keys = Object.keys(filters)
    .filter((k) => !PAGING_ARGS.has(k) && filters[k] !== undefined)
    .sort();
  const canonical = JSON.stringify(keys.map((k) => [k, filters[k]]));
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 12);
}

function badCursor(reason: string): ServerError {
  return badQuery(`invalid cursor: ${reason}`, { argument: 'cursor' });
}

/** The offset a cursor names (0 without one); a cursor of another tool or query is refused. */
export function offsetOf(tool: string, args: Record<string, unknown>, cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  let body: Partial<CursorBody>;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorBody>;
  } catch {
    throw badCursor('not a cursor this server issued');
  }
  if (body.t !== tool) throw badCursor(`it belongs to ${String(body.t)}, not ${tool}`);
  if (body.q !== fingerprint(args))
    throw badCursor('it belongs to another query (pass the same filters as the first page)');
  if (typeof body.o !== 'number' || !Number.isInteger(body.o) || body.o < 0)
    throw badCursor('not a cursor this server issued');
  return body.o;
}

/** `{nextCursor}` when items remain after this page, `{}` on the last one. */
export function nextCursorOf(
  tool: string,
  args: Record<string, unknown>,
  offset: number,
  count: number,
  total: number,
): { nextCursor?: string } {
  const next = offset + count;
  if (count === 0 || next >= total) return {};
  const body: CursorBody = { t: tool, o: next, q: fingerprint(args) };
  return { nextCursor: Buffer.from(JSON.stringify(body), 'utf8').toString('base64url') };
}

/** One page of an in-memory list (the engines' lists that are not paged in the store). */
export function pageOfList<T>(
  tool: string,
  args: Record<string, unknown> & { limit?: number | undefined; cursor?: string | undefined },
  all: readonly T[],
  defaultLimit: number,
  maxLimit: number,
): { items: T[]; total: number; nextCursor?: string } {
  const offset = offsetOf(tool, args, args.cursor);
  const limit = Math.min(maxLimit, args.limit ?? defaultLimit);
  const items = all.slice(offset, offset + limit);
  return { items, total: all.length, ...nextCursorOf(tool, args, offset, items.length, all.length) };
}
